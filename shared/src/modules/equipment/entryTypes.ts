// Equipment: the unit's IT devices, as capital goods whose manufacturing footprint is spread over
// their lifetime (scope 3), and, when the unit does not meter it with a building, the electricity
// they draw (scope 2, the grid mix of a country read from the electricity factor set). Rows are
// the unit's, not any one person's: standard users do not see this module.
import { EMBODIED_KEY, embodiedEmission, LIFETIME_KEY, useEmission, withinLifetime } from './formulas';
import { GRID_KEY, GRID_ROWS, GRID_SET, gridFactor, worldAverageMeta } from '../../formulas/grid';
import type { EmissionRow, EntryTypeDef } from '../fields';

const f = (key: string) => `modules.equipment.fields.${key}`;

/** Device types; the factor set may hold a row for each (none published for printers: an
 * operator uploads one). */
export const DEVICE_TYPES = ['laptop', 'desktop', 'monitor', 'server', 'smartphone', 'tablet', 'printer'] as const;

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export const deviceEntry: EntryTypeDef = {
  type: 'device',
  module: 'equipment',
  slug: 'devices',
  i18nKey: 'modules.equipment.types.device',
  fields: [
    { key: 'description', type: 'text', i18nKey: f('description'), required: true, max: 200, sortable: true, inlineEditable: true },
    { key: 'device_type', type: 'select', i18nKey: f('device_type'), required: true, options: DEVICE_TYPES, sortable: true },
    { key: 'count', type: 'integer', i18nKey: f('count'), required: true, min: 1, max: 1_000_000, default: 1, sortable: true, inlineEditable: true },
    // At most the report's year: a device acquired later has no share of this year's footprint.
    { key: 'acquisition_year', type: 'integer', i18nKey: f('acquisition_year'), required: true, min: 1950, max: 2100, notAfterReportYear: true, sortable: true, inlineEditable: true, calendarYear: true },
    // Empty: the lifetime the device type's factor row assumes.
    { key: 'lifetime_years', type: 'number', i18nKey: f('lifetime_years'), min: 0.5, max: 50, sortable: true, inlineEditable: true },
    // The use phase: all three or none (an entry without it has the embodied row only).
    { key: 'power_w', type: 'number', i18nKey: f('power_w'), min: 0, max: 1_000_000, requiredWith: ['hours_per_year', 'grid_country'], sortable: true },
    { key: 'hours_per_year', type: 'number', i18nKey: f('hours_per_year'), min: 0, max: 8784, requiredWith: ['power_w', 'grid_country'], sortable: true },
    {
      key: 'grid_country',
      type: 'text',
      i18nKey: f('grid_country'),
      max: 100,
      requiredWith: ['power_w', 'hours_per_year'],
      factorChoices: { key: 'mix', set: GRID_SET, where: GRID_ROWS, anyCountryWhen: {} },
      sortable: true,
    },
  ],
  csvColumns: [
    { column: 'description', field: 'description' },
    { column: 'device_type', field: 'device_type' },
    { column: 'count', field: 'count' },
    { column: 'acquisition_year', field: 'acquisition_year' },
    { column: 'lifetime_years', field: 'lifetime_years' },
    { column: 'power_w', field: 'power_w' },
    { column: 'hours_per_year', field: 'hours_per_year' },
    { column: 'grid_country', field: 'grid_country' },
  ],
  factorSet: { keys: ['device_type'], values: [EMBODIED_KEY, LIFETIME_KEY], uncertaintyClass: 'very_high' },
  usesFactorSets: [GRID_SET],
  // Both are the data's: every entry has its embodied row; one with a use phase also its use row.
  emissionTypes: [
    { type: 'device_embodied', scope: 3, category: 'capital_goods' },
    { type: 'device_use', scope: 2, category: 'purchased_electricity' },
  ],
  ownerField: 'description',
  // A device still within its lifetime in the new year goes on weighing on it.
  carryForward: {
    keeps: ({ data, toYear, factors }) =>
      withinLifetime(toYear, Number(data.acquisition_year), num(data.lifetime_years) ?? factors.find((x) => x.classification.device_type === data.device_type)?.values[LIFETIME_KEY]),
  },
  computeEmissions: ({ data, year, factors, factorSets }): EmissionRow[] => {
    const deviceType = String(data.device_type);
    const count = Number(data.count);
    const acquisitionYear = Number(data.acquisition_year);
    const factor = factors.find((x) => x.classification.device_type === deviceType);
    const embodied = embodiedEmission({ year, count, acquisitionYear, lifetime: num(data.lifetime_years), factor });
    const rows: EmissionRow[] = [
      { emission_type: 'device_embodied', kg_co2eq: embodied.kg_co2eq, quantity: embodied.quantity, quantity_unit: 'item', factor_id: factor?.id ?? null, meta: { ...embodied.meta, device_type: deviceType } },
    ];
    const powerW = num(data.power_w);
    const hoursPerYear = num(data.hours_per_year);
    if (powerW !== undefined && hoursPerYear !== undefined) {
      const { factor: grid, worldAverageFor } = gridFactor(factorSets[GRID_SET], data.grid_country);
      const use = useEmission({ year, count, acquisitionYear, powerW, hoursPerYear, perKwh: grid?.values[GRID_KEY] });
      rows.push({
        emission_type: 'device_use',
        kg_co2eq: use.kg_co2eq,
        quantity: use.quantity,
        quantity_unit: 'kwh',
        factor_id: grid?.id ?? null,
        meta: { ...use.meta, grid_country: data.grid_country ?? null, ...worldAverageMeta(worldAverageFor) },
      });
    }
    return rows;
  },
};

/** The module's entry types, in the order its descriptor (module.ts) names them. */
export const entryTypes: readonly EntryTypeDef[] = [deviceEntry];
