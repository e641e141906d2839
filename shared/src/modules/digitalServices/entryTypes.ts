// Digital services: what the unit's research runs on outside its own rooms. Cloud and computing
// bills by spend (like purchases: the currency's exchange rate of the purchases module, times the
// service kind's kg CO2e per euro); computing by use (core-hours, GPU-hours or metered kWh, with
// the data centre's PUE and the grid of the country it ran in, read from the buildings'
// electricity set); AI services by their requests, with the figure per request their provider
// published (emissions, or energy times the grid of a country). All
// are services the unit buys: scope 3, purchased goods and services. Rows belong to the unit, not
// to a person: standard users do not see this module.
import {
  aiServiceEmission,
  COMPUTE_RESOURCES,
  computeUseEmission,
  PER_REQUEST,
  POWERED_RESOURCES,
  PUE_BASES,
  PUE_SET,
  WATTS_KEY,
  WH_PER_REQUEST,
} from './formulas';
import { REST_OF_WORLD } from '../../formulas/train';
import { GRID_ROWS, GRID_SET, gridFactor, worldAverageMeta } from '../../formulas/grid';
import { BASE_CURRENCY, CURRENCIES, CURRENCY_YEAR, EXCHANGE_RATE_SET, PER_EUR, PRICE_INDEX_SET, spendEmission } from '../purchases/formulas';
import type { EmissionRow, EntryTypeDef, FieldDef } from '../fields';

const f = (key: string) => `modules.digital_services.fields.${key}`;

export const CLOUD_SERVICE_KINDS = ['compute', 'storage', 'ai_ml', 'other'] as const;
/** AI services whose provider published a figure per request (prompt) of text generation. */
export const AI_SERVICES = ['google_gemini_text', 'openai_chatgpt_text', 'mistral_le_chat_text'] as const;

const description: FieldDef = { key: 'description', type: 'text', i18nKey: f('description'), required: true, max: 200, sortable: true, inlineEditable: true };
const provider = (required: boolean): FieldDef => ({ key: 'provider', type: 'text', i18nKey: f('provider'), required, max: 100, sortable: true, inlineEditable: true });
const csv = (...fields: string[]) => fields.map((x) => ({ column: x, field: x }));
const PURCHASED = { scope: 3, category: 'purchased_goods_services' } as const;

export const cloudSpendEntry: EntryTypeDef = {
  type: 'cloud_spend',
  module: 'digital_services',
  slug: 'cloud-spend',
  i18nKey: 'modules.digital_services.types.cloud_spend',
  fields: [
    description,
    provider(true),
    { key: 'service_kind', type: 'select', i18nKey: f('service_kind'), required: true, options: CLOUD_SERVICE_KINDS, sortable: true },
    { key: 'amount', type: 'number', i18nKey: f('amount'), required: true, min: 0, minExclusive: true, max: 1e12, sortable: true, inlineEditable: true },
    { key: 'currency', type: 'select', i18nKey: f('currency'), required: true, options: CURRENCIES, default: BASE_CURRENCY, sortable: true },
  ],
  csvColumns: csv('description', 'provider', 'service_kind', 'amount', 'currency'),
  factorSet: { keys: ['service_kind'], values: [PER_EUR], optionalValues: [CURRENCY_YEAR], uncertaintyClass: 'high' },
  usesFactorSets: [EXCHANGE_RATE_SET, PRICE_INDEX_SET],
  emissionTypes: [{ type: 'cloud_spend', ...PURCHASED }],
  ownerField: 'description',
  computeEmissions: ({ data, year, factors, factorSets }): EmissionRow[] => {
    const kind = String(data.service_kind);
    const e = spendEmission({
      amount: Number(data.amount),
      currency: String(data.currency),
      year,
      ratio: factors.find((r) => r.classification.service_kind === kind),
      rates: factorSets[EXCHANGE_RATE_SET] ?? [],
      indices: factorSets[PRICE_INDEX_SET] ?? [],
    });
    return [{ emission_type: 'cloud_spend', ...e, meta: { ...e.meta, service_kind: kind, provider: data.provider } }];
  },
};

export const computeUseEntry: EntryTypeDef = {
  type: 'compute_use',
  module: 'digital_services',
  slug: 'compute-use',
  i18nKey: 'modules.digital_services.types.compute_use',
  fields: [
    description,
    provider(false),
    { key: 'resource', type: 'select', i18nKey: f('resource'), required: true, options: COMPUTE_RESOURCES, sortable: true },
    // Core-hours, GPU-hours or kWh, as the resource says.
    { key: 'quantity', type: 'number', i18nKey: f('quantity'), required: true, min: 0, max: 1e12, sortable: true, inlineEditable: true },
    // Empty: the default PUE of the module's factor set.
    { key: 'pue', type: 'number', i18nKey: f('pue'), min: 1, max: 5, sortable: true, inlineEditable: true },
    { key: 'grid_country', type: 'text', i18nKey: f('grid_country'), required: true, max: 100, factorChoices: { key: 'mix', set: GRID_SET, where: GRID_ROWS, anyCountryWhen: {} }, sortable: true },
  ],
  csvColumns: csv('description', 'provider', 'resource', 'quantity', 'pue', 'grid_country'),
  // Power per core or per GPU; metered kWh need none.
  factorSet: { keys: ['resource'], values: [WATTS_KEY], options: { resource: POWERED_RESOURCES }, uncertaintyClass: 'medium' },
  usesFactorSets: [GRID_SET, PUE_SET],
  emissionTypes: [{ type: 'compute_use', ...PURCHASED }],
  ownerField: 'description',
  computeEmissions: ({ data, factors, factorSets }): EmissionRow[] => {
    const pue = typeof data.pue === 'number' && Number.isFinite(data.pue) ? data.pue : undefined;
    const { factor: grid, worldAverageFor } = gridFactor(factorSets[GRID_SET], data.grid_country);
    const e = computeUseEmission({
      resource: String(data.resource),
      quantity: Number(data.quantity),
      pue,
      powers: factors,
      defaultPue: (factorSets[PUE_SET] ?? []).find((r) => r.classification.basis === PUE_BASES[0]),
      grid,
    });
    return [{ emission_type: 'compute_use', ...e, meta: { ...e.meta, grid_country: data.grid_country ?? null, provider: data.provider ?? null, ...worldAverageMeta(worldAverageFor) } }];
  },
};

export const aiServiceEntry: EntryTypeDef = {
  type: 'ai_service',
  module: 'digital_services',
  slug: 'ai-services',
  i18nKey: 'modules.digital_services.types.ai_service',
  fields: [
    description,
    provider(false),
    { key: 'service', type: 'select', i18nKey: f('service'), required: true, options: AI_SERVICES, sortable: true },
    // The unit's prompts in the year (e.g. users × prompts a day × working days).
    { key: 'requests', type: 'integer', i18nKey: f('requests'), required: true, min: 1, max: 1e12, sortable: true, inlineEditable: true },
    // Where the service runs, for a figure given as energy: empty, the world average.
    { key: 'grid_country', type: 'text', i18nKey: f('grid_country'), max: 100, factorChoices: { key: 'mix', set: GRID_SET, where: GRID_ROWS, anyCountryWhen: {} }, sortable: true },
  ],
  csvColumns: csv('description', 'provider', 'service', 'requests', 'grid_country'),
  factorSet: { keys: ['service'], values: [], optionalValues: [PER_REQUEST, WH_PER_REQUEST], uncertaintyClass: 'very_high' },
  usesFactorSets: [GRID_SET],
  emissionTypes: [{ type: 'ai_service', ...PURCHASED }],
  ownerField: 'description',
  computeEmissions: ({ data, factors, factorSets }): EmissionRow[] => {
    const { factor: grid, worldAverageFor } = gridFactor(factorSets[GRID_SET], data.grid_country || REST_OF_WORLD);
    const e = aiServiceEmission({ requests: Number(data.requests), service: String(data.service), factors, grid });
    return [{ emission_type: 'ai_service', ...e, meta: { ...e.meta, grid_country: data.grid_country ?? null, ...worldAverageMeta(worldAverageFor) } }];
  },
};

/** The module's entry types, in the order its descriptor (module.ts) names them. */
export const entryTypes: readonly EntryTypeDef[] = [cloudSpendEntry, computeUseEntry, aiServiceEntry];
