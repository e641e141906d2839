// Purchases, spend-based: what the unit paid for goods and services, by category, in any of a few
// currencies. Each purchase weighs its amount in euros (the year's exchange rate, a factor set of
// the module's own that operators upload like any other) times its category's kg CO2e per euro.
// Rows belong to the unit, not to a person: standard users do not see this module.
import {
  BASE_CURRENCY,
  CURRENCIES,
  CURRENCY_YEAR,
  EXCHANGE_RATE_SET,
  NACRES_PATTERN,
  NACRES_SET,
  PER_EUR,
  PRICE_INDEX_SET,
  purchaseEmission,
} from './formulas';
import type { EmissionRow, EntryTypeDef } from '../fields';

const f = (key: string) => `modules.purchases.fields.${key}`;

/**
 * Kinds of purchase a research unit makes: groups of the codes of the French research purchase
 * nomenclature (NACRES), for which Labos 1point5 publishes a monetary ratio per code. The broad
 * ones (lab_consumables, lab_equipment, it_equipment, maintenance_repair, services) and
 * `unclassified` are for purchases known only roughly. Left out: what other modules count
 * (energy and fluids, fuels, passenger transport) and what is no purchase (salaries, taxes). Each
 * category's ratio is a row of the `purchase` factor set (shared/src/modules/purchases/factors/purchase/ says how each
 * was derived); a category without a row gives no figure.
 */
export const PURCHASE_CATEGORIES = [
  'lab_plastics_glassware', 'liquid_handling', 'separation_consumables', 'lab_consumables_other', 'solvents',
  'chemicals', 'biological_products', 'molecular_biology_kits', 'gases', 'gas_equipment', 'lab_animals',
  'animal_feed', 'animal_experimentation_supplies', 'plant_experimentation_products',
  'plant_experimentation_equipment', 'medicines', 'medical_equipment', 'ppe_safety', 'raw_materials_metals',
  'bench_equipment', 'bio_chem_instruments', 'microscopy', 'spectrometry', 'optics_lasers', 'physics_instruments',
  'electronics_test_measurement', 'vacuum_equipment', 'nanotech_microelectronics', 'workshop_machines_tools',
  'field_research_equipment', 'research_vessels_vehicles', 'lab_furniture', 'air_water_treatment', 'computers',
  'it_peripherals_consumables', 'servers_storage', 'network_equipment', 'it_specialised_systems',
  'audiovisual_equipment', 'telephony_equipment', 'software', 'it_services', 'telecom_services', 'office_supplies',
  'reprography_equipment', 'furniture', 'printing_services', 'publishing', 'communication_services',
  'events_organisation', 'culture_heritage', 'library_archive_supplies', 'lab_equipment_maintenance',
  'it_maintenance', 'building_works_maintenance', 'vehicle_maintenance', 'equipment_maintenance_other',
  'building_supplies', 'construction_works', 'cleaning_hygiene_supplies', 'cleaning_services', 'waste_treatment',
  'security_services', 'green_spaces', 'vehicles', 'vehicle_supplies', 'accommodation', 'travel_agency_fees',
  'mission_expenses', 'packaging_shipping_supplies', 'postal_courier', 'freight_transport', 'removals_storage',
  'food_products', 'catering', 'kitchen_hospitality_supplies', 'insurance', 'consulting_studies', 'training',
  'hr_social_services', 'intellectual_property', 'scientific_services', 'conference_fees', 'publication_fees',
  'interinstitution_payments', 'sports_recreation', 'general_supplies_other', 'lab_consumables', 'lab_equipment',
  'it_equipment', 'maintenance_repair', 'services', 'unclassified',
] as const;

export const purchaseEntry: EntryTypeDef = {
  type: 'purchase',
  module: 'purchases',
  slug: 'purchase',
  i18nKey: 'modules.purchases.types.purchase',
  fields: [
    { key: 'description', type: 'text', i18nKey: f('description'), required: true, max: 200, sortable: true, inlineEditable: true },
    { key: 'category', type: 'select', i18nKey: f('category'), required: true, options: PURCHASE_CATEGORIES, sortable: true },
    // Optional: the purchase's NACRES code, whose own published ratio is finer than its category's.
    { key: 'nacres_code', type: 'text', i18nKey: f('nacres_code'), max: 4, pattern: NACRES_PATTERN, patternHint: 'must be a NACRES code: two letters and two digits (NB13)', sortable: true, inlineEditable: true },
    { key: 'amount', type: 'number', i18nKey: f('amount'), required: true, min: 0, minExclusive: true, max: 1e12, sortable: true, inlineEditable: true },
    { key: 'currency', type: 'select', i18nKey: f('currency'), required: true, options: CURRENCIES, default: BASE_CURRENCY, sortable: true },
    { key: 'purchase_date', type: 'date', i18nKey: f('purchase_date'), required: true, sortable: true },
  ],
  csvColumns: [
    { column: 'description', field: 'description' },
    { column: 'category', field: 'category' },
    { column: 'nacres_code', field: 'nacres_code' },
    { column: 'amount', field: 'amount' },
    { column: 'currency', field: 'currency' },
    { column: 'purchase_date', field: 'purchase_date' },
  ],
  // The ratio of a category, per euro of the year it names (`currency_year`: the purchase's euros
  // are brought to it with the price index).
  factorSet: { keys: ['category'], values: [PER_EUR], optionalValues: [CURRENCY_YEAR], uncertaintyClass: 'high' },
  usesFactorSets: [EXCHANGE_RATE_SET, PRICE_INDEX_SET, NACRES_SET],
  emissionTypes: [{ type: 'purchase', scope: 3, category: 'purchased_goods_services' }],
  ownerField: 'description',
  computeEmissions: ({ data, year, factors, factorSets }): EmissionRow[] => [
    {
      emission_type: 'purchase',
      ...purchaseEmission({
        amount: Number(data.amount),
        currency: String(data.currency),
        year,
        category: String(data.category),
        nacresCode: typeof data.nacres_code === 'string' ? data.nacres_code : undefined,
        ratios: factors,
        nacresRatios: factorSets[NACRES_SET] ?? [],
        rates: factorSets[EXCHANGE_RATE_SET] ?? [],
        indices: factorSets[PRICE_INDEX_SET] ?? [],
      }),
    },
  ],
};

/** The module's entry types, in the order its descriptor (module.ts) names them. */
export const entryTypes: readonly EntryTypeDef[] = [purchaseEntry];
