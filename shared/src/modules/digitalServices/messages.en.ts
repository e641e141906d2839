// The module's English words: its names, fields and options (`modules.digital_services`, the keys its
// descriptor and entry types give) and its method sentences (`method.formulas.<entry type>`).
// The SPA (web/src/i18n/en.ts) and the printable report (bff/src/domain/reportExport/) read them.
import { currencies } from '../purchases/messages.en';

const messages = {
  modules: {
    digital_services: {
      title: 'Digital services',
      description: 'Cloud and computing services the unit buys: by what was paid, by the computing used, and AI services by their requests.',
      types: { cloud_spend: 'Cloud and computing spend', compute_use: 'Computing by use', ai_service: 'AI service' },
      fields: {
        description: 'Description',
        provider: 'Provider',
        service_kind: 'Service kind',
        amount: 'Amount paid (excl. VAT)',
        currency: 'Currency',
        resource: 'Resource',
        quantity: 'Quantity',
        pue: 'Provider’s PUE',
        grid_country: 'Country of the data centre',
        service: 'Service',
        requests: 'Requests (prompts) in the year',
      },
      hints: {
        quantity: 'Core-hours, GPU-hours or kWh, as the resource says',
        pue: 'Empty: the industry average PUE',
        grid_country: 'ISO code of the country whose grid the data centre draws from (FR, DE…)',
        requests: 'Users × prompts a day × working days, for instance',
      },
      options: {
        service_kind: { compute: 'Compute', storage: 'Storage', ai_ml: 'AI and machine learning', other: 'Other cloud services' },
        currency: currencies,
        resource: {
          cpu_core_any: 'CPU core-hours (any CPU)',
          gpu_any: 'GPU-hours (any GPU)',
          gpu_nvidia_a100_pcie_40gb: 'GPU-hours, NVIDIA A100 PCIe 40 GB',
          gpu_nvidia_a100_pcie_80gb: 'GPU-hours, NVIDIA A100 PCIe 80 GB',
          gpu_nvidia_v100: 'GPU-hours, NVIDIA V100',
          gpu_nvidia_t4: 'GPU-hours, NVIDIA T4',
          metered_kwh: 'kWh metered for the servers',
        },
        service: { google_gemini_text: 'Google Gemini, text prompt', openai_chatgpt_text: 'OpenAI ChatGPT, text query', mistral_le_chat_text: 'Mistral Le Chat, text response' },
      },
      factorSets: { data_centre_pue: 'Default data-centre PUE' },
    },
  },
  formulas: {
    cloud_spend: {
      cloud_spend: 'Euros = amount × the year’s exchange rate of the currency (none for euros), brought to the factor’s year of euros with the price index when the factor names one. kg CO2e = euros × the factor of the service kind (kg CO2e per euro).',
    },
    compute_use: {
      compute_use: 'Server kWh = core-hours or GPU-hours × the power of the resource (W) ÷ 1,000, or the kWh metered. kWh = server kWh × PUE (the provider’s, else the industry average). kg CO2e = kWh × the location-based grid factor of the country (kg CO2e per kWh).',
    },
    ai_service: {
      ai_service: 'kg CO2e = requests × the provider’s published kg CO2e per request, or, where it published energy, requests × Wh per request ÷ 1,000 × the location-based grid factor of the country given (the world average without one).',
    },
  },
};

export default messages;
