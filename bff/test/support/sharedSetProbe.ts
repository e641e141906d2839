// Two throwaway modules, registered in the test process only, that share factor sets the way the
// coming modules will: an energy module (fuel burnt on site, in a unit its factor row converts;
// electricity bought, per country) and a lab equipment module whose devices weigh their price in
// any currency (an exchange-rate set that is no entry type's) and, when they draw power, their
// yearly electricity at the energy module's per-country factor (another module's entry type's
// set). No code of the service knows them by name. Imported first by the test that uses them, so
// that they are in the registry before the BFF's modules load.
import { quantityEmission, registerModule, type EmissionRow, type EntryTypeDef, type FactorRow, type ModuleDef, type ModuleType } from '@carbon/shared';

const energy = 'probe_energy' as ModuleType;
const lab = 'probe_lab' as ModuleType;
const field = (module: string, key: string) => `modules.${module}.fields.${key}`;

const byKey = (rows: readonly FactorRow[] | undefined, key: string, value: unknown) => rows?.find((r) => r.classification[key] === value);
const factorMeta = (x: FactorRow | undefined) => (x ? { id: x.id, values: x.values } : null);

export const fuelEntry: EntryTypeDef = {
  type: 'probe_fuel',
  module: energy,
  slug: 'fuel',
  i18nKey: `modules.${energy}.types.probe_fuel`,
  fields: [
    { key: 'fuel', type: 'select', i18nKey: field(energy, 'fuel'), required: true, options: ['gas', 'oil'] },
    { key: 'amount', type: 'number', i18nKey: field(energy, 'amount'), required: true, min: 0, max: 1e9, unitField: 'amount_unit' },
    { key: 'amount_unit', type: 'unit', i18nKey: field(energy, 'amount_unit'), required: true, default: 'kwh', units: { allowed: ['kwh', 'm3', 'litre'], base: 'kwh' } },
  ],
  csvColumns: [
    { column: 'fuel', field: 'fuel' },
    { column: 'amount', field: 'amount' },
    { column: 'unit', field: 'amount_unit' },
  ],
  factorSet: { keys: ['fuel'], values: ['kg_co2eq_per_kwh'], optionalValues: ['kwh_per_m3', 'kwh_per_litre'], uncertaintyClass: 'low' },
  emissionTypes: [{ type: 'combustion', scope: 1, category: 'stationary_combustion' }],
  ownerField: 'fuel',
  computeEmissions: ({ data, factors }): EmissionRow[] => [
    {
      emission_type: 'combustion',
      ...quantityEmission({ quantity: Number(data.amount), unit: String(data.amount_unit), base: 'kwh', valueKey: 'kg_co2eq_per_kwh', factor: byKey(factors, 'fuel', data.fuel) }),
    },
  ],
};

export const powerEntry: EntryTypeDef = {
  type: 'probe_power',
  module: energy,
  slug: 'power',
  i18nKey: `modules.${energy}.types.probe_power`,
  fields: [
    { key: 'country', type: 'select', i18nKey: field(energy, 'country'), required: true, options: ['CH', 'FR'] },
    { key: 'kwh', type: 'number', i18nKey: field(energy, 'kwh'), required: true, min: 0 },
  ],
  csvColumns: [
    { column: 'country', field: 'country' },
    { column: 'kwh', field: 'kwh' },
  ],
  factorSet: { keys: ['country'], values: ['kg_co2eq_per_kwh'], uncertaintyClass: 'medium' },
  emissionTypes: [{ type: 'electricity', scope: 2, category: 'purchased_electricity' }],
  ownerField: 'country',
  computeEmissions: ({ data, factors }): EmissionRow[] => {
    const factor = byKey(factors, 'country', data.country);
    const perKwh = factor?.values.kg_co2eq_per_kwh;
    const kwh = Number(data.kwh);
    return [{ emission_type: 'electricity', kg_co2eq: perKwh === undefined ? null : kwh * perKwh, quantity: kwh, quantity_unit: 'kwh', factor_id: factor?.id ?? null, meta: { factor: factorMeta(factor) } }];
  },
};

export const energyModule: ModuleDef = {
  type: energy,
  slug: 'probe-energy',
  i18nKey: `modules.${energy}.title`,
  entryTypes: ['probe_fuel', 'probe_power'],
  ownRows: [],
  summary: 'emissions',
};

export const deviceEntry: EntryTypeDef = {
  type: 'probe_device',
  module: lab,
  slug: 'device',
  i18nKey: `modules.${lab}.types.probe_device`,
  fields: [
    { key: 'kind', type: 'select', i18nKey: field(lab, 'kind'), required: true, options: ['laptop', 'freezer'] },
    { key: 'price', type: 'number', i18nKey: field(lab, 'price'), required: true, min: 0 },
    { key: 'currency', type: 'select', i18nKey: field(lab, 'currency'), required: true, options: ['EUR', 'CHF', 'USD'], default: 'EUR' },
    { key: 'yearly_kwh', type: 'number', i18nKey: field(lab, 'yearly_kwh'), min: 0 },
    { key: 'country', type: 'select', i18nKey: field(lab, 'country'), options: ['CH', 'FR'], default: 'CH' },
  ],
  csvColumns: [
    { column: 'kind', field: 'kind' },
    { column: 'price', field: 'price' },
    { column: 'currency', field: 'currency' },
    { column: 'yearly_kwh', field: 'yearly_kwh' },
    { column: 'country', field: 'country' },
  ],
  factorSet: { keys: ['kind'], values: ['kg_co2eq_per_eur'], uncertaintyClass: 'high' },
  usesFactorSets: ['probe_rates', 'probe_power'],
  emissionTypes: [
    { type: 'embodied', scope: 3, category: 'capital_goods' },
    { type: 'use_phase', scope: 2, category: 'purchased_electricity' },
  ],
  ownerField: 'kind',
  computeEmissions: ({ data, factors, factorSets }): EmissionRow[] => {
    const perEur = byKey(factors, 'kind', data.kind);
    const rate = byKey(factorSets.probe_rates, 'currency', data.currency);
    const eur = rate?.values.eur_per_unit === undefined ? null : Number(data.price) * rate.values.eur_per_unit;
    const kgPerEur = perEur?.values.kg_co2eq_per_eur;
    const rows: EmissionRow[] = [
      {
        emission_type: 'embodied',
        kg_co2eq: eur === null || kgPerEur === undefined ? null : eur * kgPerEur,
        quantity: eur,
        quantity_unit: 'EUR',
        factor_id: perEur?.id ?? null,
        meta: { rate: factorMeta(rate), factor: factorMeta(perEur), ...(eur === null ? { reason: `no exchange rate for ${String(data.currency)}` } : {}) },
      },
    ];
    // Devices that draw power: their use phase, a row of its own (decided by the data alone).
    if (typeof data.yearly_kwh === 'number') {
      const grid = byKey(factorSets.probe_power, 'country', data.country);
      const perKwh = grid?.values.kg_co2eq_per_kwh;
      rows.push({ emission_type: 'use_phase', kg_co2eq: perKwh === undefined ? null : data.yearly_kwh * perKwh, quantity: data.yearly_kwh, quantity_unit: 'kwh', factor_id: grid?.id ?? null, meta: { factor: factorMeta(grid) } });
    }
    return rows;
  },
};

export const labModule: ModuleDef = {
  type: lab,
  slug: 'probe-lab',
  i18nKey: `modules.${lab}.title`,
  entryTypes: ['probe_device'],
  ownRows: [],
  summary: 'emissions',
  factorSets: [{ name: 'probe_rates', i18nKey: `modules.${lab}.factorSets.probe_rates`, keys: ['currency'], values: ['eur_per_unit'], options: { currency: ['EUR', 'CHF', 'USD'] }, uncertaintyClass: 'low' }],
};

registerModule(energyModule, [fuelEntry, powerEntry]);
registerModule(labModule, [deviceEntry]);
