// A throwaway module, registered in the test process only, that no code of the service knows by
// name: bicycle rides to work, each linked to its rider in the headcount, weighed by a per-km
// factor of its mode. Imported first by the test that uses it, so that it is in the registry
// before the BFF's modules load, as the service's own modules are.
import { PERSON_LINK_KEY, peopleEntryType, registerModule, type EntryTypeDef, type ModuleDef, type ModuleType } from '@carbon/shared';

const f = (key: string) => `modules.rule_probe.fields.${key}`;
const people = peopleEntryType();

export const PROBE_MODES = ['bike', 'ebike'] as const;

export const probeEntry: EntryTypeDef = {
  type: 'probe_ride',
  module: 'rule_probe' as ModuleType,
  slug: 'ride',
  i18nKey: 'modules.rule_probe.types.probe_ride',
  fields: [
    { key: 'distance_km', type: 'number', i18nKey: f('distance_km'), required: true, min: 0, max: 10_000, sortable: true, inlineEditable: true },
    { key: 'mode', type: 'select', i18nKey: f('mode'), required: true, options: PROBE_MODES, default: 'bike', sortable: true },
    { key: PERSON_LINK_KEY, type: 'headcount-member-select', i18nKey: f(PERSON_LINK_KEY), required: true, apiOptional: true, min: 1, sortable: true },
    { key: 'rider_name', type: 'text', i18nKey: f('rider_name'), readOnly: true, max: 200 },
  ],
  csvColumns: [
    { column: 'distance_km', field: 'distance_km' },
    { column: 'mode', field: 'mode' },
    { column: 'rider', field: PERSON_LINK_KEY },
  ],
  factorSet: { keys: ['mode'], values: ['kg_co2eq_per_km'], uncertaintyClass: 'medium' },
  emissionTypes: [{ type: 'probe_ride', scope: 3, category: 'employee_commuting' }],
  ownerField: PERSON_LINK_KEY,
  traveler: { module: people.module, entryType: people.type, idField: PERSON_LINK_KEY, nameField: 'rider_name' },
  computeEmissions: ({ data, factors }) => {
    const km = Number(data.distance_km);
    const factor = factors.find((x) => x.classification.mode === data.mode);
    const perKm = factor?.values.kg_co2eq_per_km;
    return [
      { emission_type: 'probe_ride', kg_co2eq: perKm === undefined ? null : km * perKm, quantity: km, quantity_unit: 'km', factor_id: factor?.id ?? null, meta: {} },
    ];
  },
};

export const probeModule: ModuleDef = {
  type: 'rule_probe' as ModuleType,
  slug: 'rule-probe',
  i18nKey: 'modules.rule_probe.title',
  entryTypes: ['probe_ride'],
  ownRows: ['view', 'edit'],
  summary: 'emissions',
};

registerModule(probeModule, [probeEntry]);

/** Its demo rows, as its folder's `demo.json` would give them: rides of two CLIMATE-LAB people. */
export const PROBE_DEMO_ROWS: Record<string, Record<string, string | number>[]> = {
  probe_ride: [
    { distance_km: 12, mode: 'ebike', rider: 100002 },
    { distance_km: 4, mode: 'bike', rider: 100001 },
  ],
};
