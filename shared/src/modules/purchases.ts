// Purchases, spend-based: what the unit paid for goods and services, by category, in any of a few
// currencies. Each purchase weighs its amount in euros (the year's exchange rate, a factor set of
// the module's own that operators upload like any other) times its category's kg CO2e per euro.
// Rows belong to the unit, not to a person: standard users do not see this module.
import { BASE_CURRENCY, CURRENCIES, EUR_PER_UNIT, EXCHANGE_RATE_SET, PER_EUR, purchaseEmission } from '../formulas/purchases';
import type { EmissionRow, EntryTypeDef, ModuleDef } from './fields';

const f = (key: string) => `modules.purchases.fields.${key}`;

/**
 * Kinds of purchase a research unit makes, after the families of the French research purchase
 * nomenclature (NACRES) that monetary ratios for laboratories are published for. Each category's
 * ratio is a row of the `purchase` factor set; a category without a row gives no figure.
 */
export const PURCHASE_CATEGORIES = [
  'lab_consumables',
  'chemicals',
  'biological_products',
  'gases',
  'lab_equipment',
  'it_equipment',
  'office_supplies',
  'furniture',
  'maintenance_repair',
  'services',
  'it_services',
  'publishing',
  'travel_agency_fees',
  'catering',
  'unclassified',
] as const;

export const purchaseEntry: EntryTypeDef = {
  type: 'purchase',
  module: 'purchases',
  slug: 'purchase',
  i18nKey: 'modules.purchases.types.purchase',
  fields: [
    { key: 'description', type: 'text', i18nKey: f('description'), required: true, max: 200, sortable: true, inlineEditable: true },
    { key: 'category', type: 'select', i18nKey: f('category'), required: true, options: PURCHASE_CATEGORIES, sortable: true },
    { key: 'amount', type: 'number', i18nKey: f('amount'), required: true, min: 0, minExclusive: true, max: 1e12, sortable: true, inlineEditable: true },
    { key: 'currency', type: 'select', i18nKey: f('currency'), required: true, options: CURRENCIES, default: BASE_CURRENCY, sortable: true },
    { key: 'purchase_date', type: 'date', i18nKey: f('purchase_date'), required: true, sortable: true },
  ],
  csvColumns: [
    { column: 'description', field: 'description' },
    { column: 'category', field: 'category' },
    { column: 'amount', field: 'amount' },
    { column: 'currency', field: 'currency' },
    { column: 'purchase_date', field: 'purchase_date' },
  ],
  factorSet: { keys: ['category'], values: [PER_EUR] },
  usesFactorSets: [EXCHANGE_RATE_SET],
  emissionTypes: [{ type: 'purchase', scope: 3, category: 'purchased_goods_services' }],
  ownerField: 'description',
  computeEmissions: ({ data, factors, factorSets }): EmissionRow[] => [
    {
      emission_type: 'purchase',
      ...purchaseEmission({
        amount: Number(data.amount),
        currency: String(data.currency),
        category: String(data.category),
        ratios: factors,
        rates: factorSets[EXCHANGE_RATE_SET] ?? [],
      }),
    },
  ],
};

export const purchasesModule: ModuleDef = {
  type: 'purchases',
  slug: 'purchases',
  i18nKey: 'modules.purchases.title',
  entryTypes: ['purchase'],
  // The unit's purchases, not any one person's.
  ownRows: [],
  summary: 'emissions',
  factorSets: [
    {
      name: EXCHANGE_RATE_SET,
      i18nKey: `modules.purchases.factorSets.${EXCHANGE_RATE_SET}`,
      keys: ['currency'],
      values: [EUR_PER_UNIT],
      // The euro needs no rate; the others are the currencies a purchase may be paid in.
      options: { currency: CURRENCIES.filter((c) => c !== BASE_CURRENCY) },
    },
  ],
};
