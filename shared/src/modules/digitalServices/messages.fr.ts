// Les mots français du module ; même forme que messages.en.ts.
import type en from './messages.en';
import { currencies } from '../purchases/messages.fr';

const messages: typeof en = {
  modules: {
    digital_services: {
      title: 'Services numériques',
      description: 'Services cloud et de calcul achetés par l’unité : selon le montant payé, selon le calcul utilisé, et les services d’IA selon leurs requêtes.',
      types: { cloud_spend: 'Dépenses cloud et calcul', compute_use: 'Calcul à l’usage', ai_service: 'Service d’IA' },
      fields: {
        description: 'Description',
        provider: 'Fournisseur',
        service_kind: 'Type de service',
        amount: 'Montant payé (HT)',
        currency: 'Devise',
        resource: 'Ressource',
        quantity: 'Quantité',
        pue: 'PUE du fournisseur',
        grid_country: 'Pays du centre de données',
        service: 'Service',
        requests: 'Requêtes (prompts) dans l’année',
      },
      hints: {
        quantity: 'Heures-cœur, heures-GPU ou kWh, selon la ressource',
        pue: 'Vide : le PUE moyen du secteur',
        grid_country: 'Code ISO du pays dont le réseau alimente le centre de données (FR, DE…)',
        requests: 'Utilisateurs × requêtes par jour × jours travaillés, par exemple',
      },
      options: {
        service_kind: { compute: 'Calcul', storage: 'Stockage', ai_ml: 'IA et apprentissage automatique', other: 'Autres services cloud' },
        currency: currencies,
        resource: {
          cpu_core_any: 'Heures-cœur CPU (tout CPU)',
          gpu_any: 'Heures-GPU (tout GPU)',
          gpu_nvidia_a100_pcie_40gb: 'Heures-GPU, NVIDIA A100 PCIe 40 Go',
          gpu_nvidia_a100_pcie_80gb: 'Heures-GPU, NVIDIA A100 PCIe 80 Go',
          gpu_nvidia_v100: 'Heures-GPU, NVIDIA V100',
          gpu_nvidia_t4: 'Heures-GPU, NVIDIA T4',
          metered_kwh: 'kWh mesurés pour les serveurs',
        },
        service: { google_gemini_text: 'Google Gemini, requête texte', openai_chatgpt_text: 'OpenAI ChatGPT, requête texte', mistral_le_chat_text: 'Mistral Le Chat, réponse texte' },
      },
      factorSets: { data_centre_pue: 'PUE par défaut des centres de données' },
    },
  },
  formulas: {
    cloud_spend: {
      cloud_spend: 'Euros = montant × le taux de change de l’année pour la devise (aucun pour l’euro), ramenés aux euros de l’année du facteur avec l’indice des prix quand le facteur en nomme une. kg CO2e = euros × le facteur du type de service (kg CO2e par euro).',
    },
    compute_use: {
      compute_use: 'kWh serveurs = heures-cœur ou heures-GPU × la puissance de la ressource (W) ÷ 1 000, ou les kWh mesurés. kWh = kWh serveurs × PUE (celui du fournisseur, sinon la moyenne du secteur). kg CO2e = kWh × le facteur du réseau du pays, basé sur la localisation (kg CO2e par kWh).',
    },
    ai_service: {
      ai_service: 'kg CO2e = requêtes × les kg CO2e par requête publiés par le fournisseur ou, s’il a publié une énergie, requêtes × Wh par requête ÷ 1 000 × le facteur du réseau du pays indiqué (la moyenne mondiale sans pays).',
    },
  },
};

export default messages;
