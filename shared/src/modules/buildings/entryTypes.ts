// Buildings and energy: the electricity a unit's sites draw (scope 2), the fuels burnt in their
// boilers or the district heat they buy (scope 1 or 2, by carrier), and the refrigerants their
// cooling equipment leaks (scope 1). Rows belong to the unit, not to a person: standard users do
// not see this module, and the owner field (the site) is never read as a person number.
import { REFRIGERANT_COMPONENTS, REFRIGERANTS, compositionOf, refrigerantGwp } from './refrigerants';
import { GRID_ROWS, gridFactor, worldAverageMeta } from '../../formulas/grid';
import { quantityEmission } from '../../formulas/units';
import type { EmissionRow, EntryTypeDef, FieldDef } from '../fields';
import { emissionTypeFor } from '../reporting';

const f = (key: string) => `modules.buildings.fields.${key}`;

/** Where an electricity figure comes from: the grid mix of a country (location-based), or a factor
 * of the supplier's own (a certified renewable contract), uploaded into the electricity set. */
export const ELECTRICITY_SUPPLIES = ['location_based', 'supplier_specific'] as const;
export const ENERGY_CARRIERS = ['natural_gas', 'heating_oil', 'propane', 'wood_pellets', 'wood_chips', 'district_heating'] as const;

/** The units of a bill for each carrier: energy always; gas by volume, liquids in litres, propane
 * also by weight (bottles), wood by weight. */
const CARRIER_UNITS: Record<(typeof ENERGY_CARRIERS)[number], readonly string[]> = {
  natural_gas: ['kwh', 'mwh', 'm3'],
  heating_oil: ['kwh', 'mwh', 'litre'],
  propane: ['kwh', 'mwh', 'litre', 'kg'],
  wood_pellets: ['kwh', 'mwh', 'kg', 'tonne'],
  wood_chips: ['kwh', 'mwh', 'tonne'],
  district_heating: ['kwh', 'mwh'],
};

const site: FieldDef = { key: 'site', type: 'text', i18nKey: f('site'), required: true, max: 200, sortable: true, inlineEditable: true };
const siteCsv = { column: 'site', field: 'site' };

/** kWh is the unit every energy factor is per; other units convert with the row's own values. */
const ENERGY_BASE = 'kwh';
const PER_KWH = 'kg_co2eq_per_kwh';

export const electricityEntry: EntryTypeDef = {
  type: 'electricity',
  module: 'buildings',
  slug: 'electricity',
  i18nKey: 'modules.buildings.types.electricity',
  fields: [
    site,
    { key: 'consumption', type: 'number', i18nKey: f('consumption'), required: true, min: 0, max: 1e12, unitField: 'consumption_unit', sortable: true, inlineEditable: true },
    { key: 'consumption_unit', type: 'unit', i18nKey: f('consumption_unit'), required: true, default: 'kwh', units: { allowed: ['kwh', 'mwh'], base: ENERGY_BASE }, sortable: true },
    { key: 'supply', type: 'select', i18nKey: f('supply'), required: true, options: ELECTRICITY_SUPPLIES, default: 'location_based', sortable: true },
    // The country (ISO 3166 code) of a grid mix, or the name the supplier-specific factor was
    // uploaded under: the `mix` of the factor row.
    { key: 'mix', type: 'text', i18nKey: f('mix'), required: true, max: 100, factorChoices: { key: 'mix', match: ['supply'], anyCountryWhen: GRID_ROWS }, sortable: true },
  ],
  csvColumns: [siteCsv, { column: 'consumption', field: 'consumption' }, { column: 'consumption_unit', field: 'consumption_unit' }, { column: 'supply', field: 'supply' }, { column: 'mix', field: 'mix' }],
  // The library's rows are the grid mixes of countries; a supplier's own factor is the unit's to upload.
  factorSet: { keys: ['supply', 'mix'], values: [PER_KWH], optionalValues: ['kwh_per_mwh'], coverage: { fixed: { supply: 'location_based' }, countryKey: 'mix' }, uncertaintyClass: 'medium' },
  emissionTypes: [{ type: 'electricity', scope: 2, category: 'purchased_electricity' }],
  ownerField: 'site',
  // A site's supplies and equipment last: the new year starts from them, its quantities to review.
  carryForward: {},
  computeEmissions: ({ data, factors }): EmissionRow[] => {
    const supply = String(data.supply);
    const mix = String(data.mix ?? '').trim().toLowerCase();
    // The grid of a country (the world average's for a country without its own row), or the
    // supplier's factor uploaded under its name.
    const { factor, worldAverageFor } =
      supply === GRID_ROWS.supply
        ? gridFactor(factors, data.mix)
        : { factor: factors.find((x) => x.classification.supply === supply && x.classification.mix?.trim().toLowerCase() === mix), worldAverageFor: null };
    const e = quantityEmission({ quantity: Number(data.consumption), unit: String(data.consumption_unit), base: ENERGY_BASE, valueKey: PER_KWH, factor });
    return [{ emission_type: 'electricity', ...e, meta: { ...e.meta, supply, mix: data.mix, ...worldAverageMeta(worldAverageFor) } }];
  },
};

export const heatingEntry: EntryTypeDef = {
  type: 'heating',
  module: 'buildings',
  slug: 'heating',
  i18nKey: 'modules.buildings.types.heating',
  fields: [
    site,
    { key: 'carrier', type: 'select', i18nKey: f('carrier'), required: true, options: ENERGY_CARRIERS, sortable: true },
    { key: 'quantity', type: 'number', i18nKey: f('quantity'), required: true, min: 0, max: 1e12, unitField: 'quantity_unit', sortable: true, inlineEditable: true },
    // The units bills are read in, those that make sense for each carrier; the conversions are
    // the carrier's factor row's (a row without one gives no figure, and says why).
    {
      key: 'quantity_unit',
      type: 'unit',
      i18nKey: f('quantity_unit'),
      required: true,
      units: { allowed: ['kwh', 'mwh', 'm3', 'litre', 'kg', 'tonne'], base: ENERGY_BASE, byOption: { field: 'carrier', allowed: CARRIER_UNITS } },
      sortable: true,
    },
  ],
  csvColumns: [siteCsv, { column: 'carrier', field: 'carrier' }, { column: 'quantity', field: 'quantity' }, { column: 'quantity_unit', field: 'quantity_unit' }],
  factorSet: { keys: ['carrier'], values: [PER_KWH], optionalValues: ['kwh_per_mwh', 'kwh_per_m3', 'kwh_per_litre', 'kwh_per_kg', 'kwh_per_tonne'], uncertaintyClass: 'medium' },
  // Fuels burnt on site are direct emissions; heat bought from a network is purchased energy.
  emissionTypes: [
    { type: 'fuel_combustion', scope: 1, category: 'stationary_combustion', when: { field: 'carrier', values: ENERGY_CARRIERS.filter((c) => c !== 'district_heating') } },
    { type: 'district_heating', scope: 2, category: 'purchased_heat', when: { field: 'carrier', values: ['district_heating'] } },
  ],
  ownerField: 'site',
  carryForward: {},
  computeEmissions: ({ data, factors }): EmissionRow[] => {
    const carrier = String(data.carrier);
    const factor = factors.find((x) => x.classification.carrier === carrier);
    const e = quantityEmission({ quantity: Number(data.quantity), unit: String(data.quantity_unit), base: ENERGY_BASE, valueKey: PER_KWH, factor });
    return [{ emission_type: emissionTypeFor(heatingEntry.emissionTypes, data) ?? 'fuel_combustion', ...e, meta: { ...e.meta, carrier } }];
  },
};

export const refrigerantEntry: EntryTypeDef = {
  type: 'refrigerant',
  module: 'buildings',
  slug: 'refrigerant',
  i18nKey: 'modules.buildings.types.refrigerant',
  fields: [
    site,
    { key: 'equipment', type: 'text', i18nKey: f('equipment'), max: 200, sortable: true, inlineEditable: true },
    { key: 'gas', type: 'select', i18nKey: f('gas'), required: true, options: REFRIGERANTS, sortable: true },
    { key: 'leaked_kg', type: 'number', i18nKey: f('leaked_kg'), required: true, min: 0, max: 1e6, sortable: true, inlineEditable: true },
  ],
  csvColumns: [siteCsv, { column: 'equipment', field: 'equipment' }, { column: 'gas', field: 'gas' }, { column: 'leaked_kg', field: 'leaked_kg' }],
  // One GWP per pure gas; blends are computed from their components (refrigerants.ts).
  factorSet: { keys: ['gas'], values: ['gwp100'], options: { gas: REFRIGERANT_COMPONENTS }, uncertaintyClass: 'low' },
  emissionTypes: [{ type: 'refrigerant', scope: 1, category: 'fugitive_emissions' }],
  ownerField: 'site',
  carryForward: {},
  computeEmissions: ({ data, factors }): EmissionRow[] => {
    const gas = String(data.gas);
    const kg = Number(data.leaked_kg);
    const gwp = refrigerantGwp(gas, factors);
    const pure = Object.keys(compositionOf(gas)).length === 1;
    if (gwp.gwp === null) {
      return [{ emission_type: 'refrigerant', kg_co2eq: null, quantity: kg, quantity_unit: 'kg', factor_id: null, meta: { gas, reason: gwp.reason } }];
    }
    return [
      {
        emission_type: 'refrigerant',
        kg_co2eq: kg * gwp.gwp,
        quantity: kg,
        quantity_unit: 'kg',
        factor_id: pure ? gwp.components[0]!.factor_id : null,
        meta: { gas, gwp100: gwp.gwp, components: gwp.components },
      },
    ];
  },
};

/** The module's entry types, in the order its descriptor (module.ts) names them. */
export const entryTypes: readonly EntryTypeDef[] = [electricityEntry, heatingEntry, refrigerantEntry];
