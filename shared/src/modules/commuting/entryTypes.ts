// Commuting: one survey response per person and year (`commute`, `onePerPerson`), linked like a trip to its respondent in
// the headcount (the form sends `traveler_id`; the server stores the name). A standard user
// answers, changes and deletes their own response; principals see every response and enter or
// upload them for people. The module's total is the respondents' emissions extrapolated to the
// unit's FTE (bff/src/domain/surveys.ts), which `extrapolated` declares.
import { COMMUTE_MODES, COMMUTE_PER_KM, COMMUTE_TRAIN, commuteEmission, commuteTrainFactor, DEFAULT_COMMUTE_WEEKS, TRAIN_SET } from './formulas';
import { worldAverageMeta } from '../../formulas/grid';
import { sameNameColumns } from '../csvColumns';
import { PERSON_LINK_KEY, type EmissionRow, type EntryTypeDef } from '../fields';

const f = (key: string) => `modules.commuting.fields.${key}`;
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export const commuteEntry: EntryTypeDef = {
  type: 'commute',
  module: 'commuting',
  slug: 'commute',
  i18nKey: 'modules.commuting.types.commute',
  fields: [
    { key: 'mode', type: 'select', i18nKey: f('mode'), required: true, options: COMMUTE_MODES, sortable: true, inlineEditable: true },
    // One way; nobody commutes daily over more than a few hundred km.
    { key: 'distance_km', type: 'number', i18nKey: f('distance_km'), required: true, min: 0, minExclusive: true, max: 1000, sortable: true, inlineEditable: true },
    // Cars only: the people in the car, the respondent included (2 or more: a car-pool).
    { key: 'occupancy', type: 'integer', i18nKey: f('occupancy'), min: 1, max: 9, sortable: true, inlineEditable: true },
    { key: 'days_per_week', type: 'number', i18nKey: f('days_per_week'), required: true, min: 0, minExclusive: true, max: 7, sortable: true, inlineEditable: true },
    { key: 'weeks_per_year', type: 'integer', i18nKey: f('weeks_per_year'), required: true, min: 1, max: 52, default: DEFAULT_COMMUTE_WEEKS, sortable: true, inlineEditable: true },
    { key: 'second_mode', type: 'select', i18nKey: f('second_mode'), options: COMMUTE_MODES, requiredWith: ['second_distance_km', 'second_days_per_week'], sortable: true },
    { key: 'second_distance_km', type: 'number', i18nKey: f('second_distance_km'), min: 0, minExclusive: true, max: 1000, requiredWith: ['second_mode'], sortable: true },
    // Of the days on site, those by the second mode; the main mode keeps the rest.
    { key: 'second_days_per_week', type: 'number', i18nKey: f('second_days_per_week'), min: 0, minExclusive: true, max: 7, requiredWith: ['second_mode'], notAbove: 'days_per_week', sortable: true },
    // Where the respondent commutes (ISO 3166 code): a train's factor is its country's, the world
    // average's for a country without one or when none is given (the method dialog says so).
    { key: 'country', type: 'text', i18nKey: f('country'), max: 2, pattern: /^[A-Za-z]{2}$/, patternHint: 'must be an ISO 3166 two-letter country code', sortable: true, inlineEditable: true },
    { key: 'traveler_id', type: 'headcount-member-select', i18nKey: f('traveler_id'), required: true, apiOptional: true, min: 1, max: Number.MAX_SAFE_INTEGER, sortable: true, inlineEditable: false },
    { key: 'traveler_name', type: 'text', i18nKey: f('traveler_name'), readOnly: true, max: 200, sortable: true },
  ],
  csvColumns: [
    ...sameNameColumns('mode', 'distance_km', 'occupancy', 'days_per_week', 'weeks_per_year', 'second_mode', 'second_distance_km', 'second_days_per_week', 'country'),
    // No name column: a response names its person by number, or nobody (anonymous).
    { column: 'person_number', field: 'traveler_id' },
  ],
  // One row per mode but the train, whose factor is the country's, read from the train trips' set.
  factorSet: { keys: ['mode'], values: [COMMUTE_PER_KM], options: { mode: COMMUTE_MODES.filter((m) => m !== COMMUTE_TRAIN) }, uncertaintyClass: 'medium' },
  usesFactorSets: [TRAIN_SET],
  emissionTypes: [{ type: 'commute', scope: 3, category: 'employee_commuting' }],
  ownerField: 'traveler_id',
  traveler: { module: 'headcount', entryType: 'member', idField: PERSON_LINK_KEY, nameField: 'traveler_name' },
  // Each person answers once a year; changing the answer edits the response.
  onePerPerson: true,
  computeEmissions: ({ data, factors, factorSets }): EmissionRow[] => {
    const secondMode = typeof data.second_mode === 'string' ? data.second_mode : null;
    const byTrain = data.mode === COMMUTE_TRAIN || secondMode === COMMUTE_TRAIN;
    const train = byTrain ? commuteTrainFactor(factorSets[TRAIN_SET] ?? [], typeof data.country === 'string' ? data.country : undefined) : null;
    const e = commuteEmission(
      {
        main: { mode: String(data.mode), distanceKm: Number(data.distance_km), daysPerWeek: Number(data.days_per_week), occupancy: num(data.occupancy) },
        second: secondMode ? { mode: secondMode, distanceKm: Number(data.second_distance_km), daysPerWeek: Number(data.second_days_per_week), occupancy: num(data.occupancy) } : null,
        weeksPerYear: num(data.weeks_per_year),
      },
      train?.factor ? [...factors, train.factor] : factors,
    );
    return [{ emission_type: 'commute', ...e, meta: { ...e.meta, ...(train ? { train_country: train.country, ...worldAverageMeta(train.worldAverageFor) } : {}) } }];
  },
};

/** The module's entry types, in the order its descriptor (module.ts) names them. */
export const entryTypes: readonly EntryTypeDef[] = [commuteEntry];
