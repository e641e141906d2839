// Les mots français du module ; même forme que messages.en.ts.
import type en from './messages.en';

const messages: typeof en = {
  modules: {
    equipment: {
      title: 'Équipements',
      description: 'Équipements informatiques de l’unité : l’empreinte de leur fabrication répartie sur leur durée de vie, et l’électricité qu’ils consomment quand aucun bâtiment ne la compte.',
      types: { device: 'Équipement' },
      fields: {
        description: 'Description',
        device_type: 'Type d’équipement',
        count: 'Nombre d’équipements',
        acquisition_year: 'Année d’acquisition',
        lifetime_years: 'Durée de vie (ans)',
        power_w: 'Puissance (W)',
        hours_per_year: 'Heures d’utilisation par an',
        grid_country: 'Pays du réseau électrique',
      },
      hints: {
        lifetime_years: 'Vide : la durée de vie habituelle du type d’équipement',
        power_w: 'Ne saisir l’utilisation que si cette électricité n’est pas déjà comptée dans Bâtiments',
        hours_per_year: 'Ne saisir l’utilisation que si cette électricité n’est pas déjà comptée dans Bâtiments',
      },
      options: {
        device_type: {
          laptop: 'Ordinateur portable',
          desktop: 'Ordinateur fixe',
          monitor: 'Écran',
          server: 'Serveur',
          smartphone: 'Smartphone',
          tablet: 'Tablette',
          printer: 'Imprimante',
        },
      },
    },
  },
  formulas: {
    device: {
      device_embodied: 'kg CO2e = nombre d’appareils × kg CO2e par appareil × la part de sa durée de vie que couvre l’année (1 / durée de vie chaque année de la durée de vie, 0 en dehors). La durée de vie est celle de la saisie, sinon celle du facteur.',
      device_use: 'kWh = nombre d’appareils × puissance (W) × heures d’utilisation par an / 1 000. kg CO2e = kWh × le facteur du réseau du pays (mix location-based, kg CO2e par kWh) ; 0 avant l’année d’acquisition.',
    },
  },
};

export default messages;
