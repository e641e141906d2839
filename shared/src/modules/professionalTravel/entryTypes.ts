// Professional travel: plane and train trips, and trips by road or sea (car, taxi, coach, bus, ferry),
// each linked to its traveler in the headcount (docs/architecture.md, the traveler link): the form
// sends `traveler_id`; the server stores the name.
import { CABIN_CLASSES, distanceEmissionKg, PLANE_BANDS, planeDistance } from './plane';
import { PLACE_DISTANCE_MODES, ROAD_SEA_MODES, ROAD_SEA_PER_KM, roadSeaDistance, roadSeaEmission } from './roadSea';
import { worldAverageMeta } from '../../formulas/grid';
import { REST_OF_WORLD, trainDistance, trainFactorCountry } from '../../formulas/train';
import { PERSON_LINK_KEY, type EmissionRow, type EntryTypeDef, type FactorRow, type FieldDef, type ResolvedLocation } from '../fields';

const f = (key: string) => `modules.professional_travel.fields.${key}`;

export const TRAIN_CLASSES = ['first', 'second'] as const;

const travelerFields: FieldDef[] = [
  { key: 'traveler_id', type: 'headcount-member-select', i18nKey: f('traveler_id'), required: true, apiOptional: true, min: 1, max: Number.MAX_SAFE_INTEGER, sortable: true, inlineEditable: false },
  { key: 'traveler_name', type: 'text', i18nKey: f('traveler_name'), readOnly: true, max: 200, sortable: true },
];

const tripFields: FieldDef[] = [
  { key: 'number_of_trips', type: 'integer', i18nKey: f('number_of_trips'), required: true, min: 1, max: 1000, default: 1, sortable: true, inlineEditable: true },
  { key: 'round_trip', type: 'boolean', i18nKey: f('round_trip'), required: true, default: false, sortable: true, inlineEditable: true },
  { key: 'departure_date', type: 'date', i18nKey: f('departure_date'), sortable: true, inlineEditable: true },
];

/** Trips are linked to their traveler among the headcount's members. */
const traveler = { module: 'headcount', entryType: 'member', idField: PERSON_LINK_KEY, nameField: 'traveler_name' } as const;

const travelerCsv = [
  { column: 'person_number', field: 'traveler_id' },
  { column: 'traveler_name', field: 'traveler_name' },
];
const tripCsv = [
  { column: 'number_of_trips', field: 'number_of_trips' },
  { column: 'round_trip', field: 'round_trip' },
  { column: 'departure_date', field: 'departure_date' },
];

const ends = (locations: Record<string, ResolvedLocation>) => {
  const origin = locations.origin;
  const destination = locations.destination;
  if (!origin || !destination) throw new Error('origin and destination must be resolved before computing emissions');
  return { origin, destination };
};
// An emission row keeps what its figure was computed from (distances, band or country, factor).
// The ends are named by location id only: their codes and names are in the entry itself, and
// every byte here is written once per row of a 100,000-row import.
const locationIds = (origin: ResolvedLocation, destination: ResolvedLocation) => [origin.id, destination.id];
const factorMeta = (x: FactorRow | undefined) => (x ? { id: x.id, classification: x.classification, values: x.values } : null);

export const planeEntry: EntryTypeDef = {
  type: 'plane',
  module: 'professional_travel',
  slug: 'plane',
  i18nKey: 'modules.professional_travel.types.plane',
  fields: [
    { key: 'origin', type: 'location', i18nKey: f('origin'), required: true, location: { kind: 'airport' }, sortable: true },
    { key: 'destination', type: 'location', i18nKey: f('destination'), required: true, location: { kind: 'airport' }, sortable: true },
    { key: 'cabin_class', type: 'select', i18nKey: f('cabin_class'), required: true, options: CABIN_CLASSES, default: 'economy', sortable: true, inlineEditable: true },
    ...tripFields,
    ...travelerFields,
  ],
  csvColumns: [
    { column: 'origin', field: 'origin' },
    { column: 'destination', field: 'destination' },
    { column: 'cabin_class', field: 'cabin_class' },
    ...tripCsv,
    ...travelerCsv,
  ],
  // The formula looks a factor up by the band it computes: a row of another band would never be read.
  factorSet: { keys: ['band', 'cabin_class'], values: ['kg_co2eq_per_km'], options: { band: PLANE_BANDS }, uncertaintyClass: 'very_high' },
  emissionTypes: [{ type: 'plane', scope: 3, category: 'business_travel' }],
  ownerField: 'traveler_id',
  traveler,
  route: { from: 'origin', to: 'destination' },
  computeEmissions: ({ data, locations, factors }): EmissionRow[] => {
    const { origin, destination } = ends(locations);
    const cabin = String(data.cabin_class ?? 'economy');
    const d = planeDistance(origin, destination, Number(data.number_of_trips ?? 1), data.round_trip === true);
    const factor = factors.find((x) => x.classification.band === d.band && x.classification.cabin_class === cabin);
    const perKm = factor?.values.kg_co2eq_per_km;
    return [
      {
        emission_type: 'plane',
        kg_co2eq: perKm === undefined ? null : distanceEmissionKg(d.totalKm, perKm),
        quantity: d.totalKm,
        quantity_unit: 'km',
        factor_id: factor?.id ?? null,
        meta: {
          great_circle_km: d.greatCircleKm,
          one_way_km: d.correctedOneWayKm,
          legs: d.legs,
          total_km: d.totalKm,
          band: d.band,
          cabin_class: cabin,
          location_ids: locationIds(origin, destination),
          factor: factorMeta(factor),
        },
      },
    ];
  },
};

export const trainEntry: EntryTypeDef = {
  type: 'train',
  module: 'professional_travel',
  slug: 'train',
  i18nKey: 'modules.professional_travel.types.train',
  fields: [
    { key: 'origin', type: 'location', i18nKey: f('origin'), required: true, max: 200, location: { kind: 'place', countryField: 'origin_country' }, sortable: true },
    { key: 'origin_country', type: 'text', i18nKey: f('origin_country'), readOnly: true, pattern: /^[A-Za-z]{2}$/, patternHint: 'must be an ISO 3166 two-letter country code', sortable: true },
    { key: 'destination', type: 'location', i18nKey: f('destination'), required: true, max: 200, location: { kind: 'place', countryField: 'destination_country' }, sortable: true },
    { key: 'destination_country', type: 'text', i18nKey: f('destination_country'), readOnly: true, pattern: /^[A-Za-z]{2}$/, patternHint: 'must be an ISO 3166 two-letter country code', sortable: true },
    { key: 'class', type: 'select', i18nKey: f('class'), required: true, options: TRAIN_CLASSES, default: 'second', sortable: true, inlineEditable: true },
    ...tripFields,
    ...travelerFields,
  ],
  csvColumns: [
    { column: 'origin', field: 'origin' },
    { column: 'origin_country', field: 'origin_country' },
    { column: 'destination', field: 'destination' },
    { column: 'destination_country', field: 'destination_country' },
    { column: 'class', field: 'class' },
    ...tripCsv,
    ...travelerCsv,
  ],
  // Places carry ISO 3166 codes; the formula falls back to the rest-of-the-world row.
  factorSet: {
    keys: ['country'],
    values: ['kg_co2eq_per_km'],
    patterns: { country: { pattern: new RegExp(`^([A-Z]{2}|${REST_OF_WORLD})$`), hint: `must be an ISO 3166 two-letter country code in capitals, or ${REST_OF_WORLD}` } },
    coverage: { countryKey: 'country' },
    uncertaintyClass: 'medium',
  },
  emissionTypes: [{ type: 'train', scope: 3, category: 'business_travel' }],
  ownerField: 'traveler_id',
  traveler,
  route: { from: 'origin', to: 'destination' },
  computeEmissions: ({ data, locations, factors }): EmissionRow[] => {
    const { origin, destination } = ends(locations);
    const d = trainDistance(origin, destination, Number(data.number_of_trips ?? 1), data.round_trip === true);
    const byCountry = new Map(factors.map((x) => [x.classification.country, x]));
    const country = trainFactorCountry(origin.country_code, destination.country_code, (c) => byCountry.has(c));
    const wanted = trainFactorCountry(origin.country_code, destination.country_code, () => true);
    const factor = byCountry.get(country);
    const perKm = factor?.values.kg_co2eq_per_km;
    return [
      {
        emission_type: 'train',
        kg_co2eq: perKm === undefined ? null : distanceEmissionKg(d.totalKm, perKm),
        quantity: d.totalKm,
        quantity_unit: 'km',
        factor_id: factor?.id ?? null,
        meta: {
          great_circle_km: d.greatCircleKm,
          one_way_km: d.oneWayKm,
          legs: d.legs,
          total_km: d.totalKm,
          factor_country: country,
          ...worldAverageMeta(factor && country !== wanted ? wanted : null),
          class: data.class,
          location_ids: locationIds(origin, destination),
          factor: factorMeta(factor),
        },
      },
    ];
  },
};

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Car, taxi, coach, bus and ferry trips: the traveler gives the one-way distance, or, for a car,
 * taxi or coach, its two places (the places train trips use), whose great circle times the road
 * detour factor is the distance. */
export const roadSeaEntry: EntryTypeDef = {
  type: 'road_sea',
  module: 'professional_travel',
  slug: 'road-sea',
  i18nKey: 'modules.professional_travel.types.road_sea',
  fields: [
    { key: 'mode', type: 'select', i18nKey: f('mode'), required: true, options: ROAD_SEA_MODES, sortable: true, inlineEditable: true },
    // One way; the longest road trips and crossings are well under 20,000 km. Not needed when a
    // car, taxi or coach trip names both of its places.
    {
      key: 'distance_km',
      type: 'number',
      i18nKey: f('distance_km'),
      min: 0,
      minExclusive: true,
      max: 20_000,
      requiredUnless: { given: ['origin', 'destination'], when: { field: 'mode', values: PLACE_DISTANCE_MODES } },
      sortable: true,
      inlineEditable: true,
    },
    // Cars and taxis only: the vehicle's footprint is shared by the people in it. Empty: the traveler alone.
    { key: 'occupancy', type: 'integer', i18nKey: f('occupancy'), min: 1, max: 9, sortable: true, inlineEditable: true },
    { key: 'origin', type: 'location', i18nKey: f('origin'), max: 200, location: { kind: 'place', countryField: 'origin_country' }, sortable: true },
    { key: 'origin_country', type: 'text', i18nKey: f('origin_country'), readOnly: true, pattern: /^[A-Za-z]{2}$/, patternHint: 'must be an ISO 3166 two-letter country code', sortable: true },
    { key: 'destination', type: 'location', i18nKey: f('destination'), max: 200, location: { kind: 'place', countryField: 'destination_country' }, sortable: true },
    { key: 'destination_country', type: 'text', i18nKey: f('destination_country'), readOnly: true, pattern: /^[A-Za-z]{2}$/, patternHint: 'must be an ISO 3166 two-letter country code', sortable: true },
    ...tripFields,
    ...travelerFields,
  ],
  csvColumns: [
    { column: 'mode', field: 'mode' },
    { column: 'distance_km', field: 'distance_km' },
    { column: 'occupancy', field: 'occupancy' },
    { column: 'origin', field: 'origin' },
    { column: 'origin_country', field: 'origin_country' },
    { column: 'destination', field: 'destination' },
    { column: 'destination_country', field: 'destination_country' },
    ...tripCsv,
    ...travelerCsv,
  ],
  // One row per mode (its options: the mode field's); per vehicle-km for cars and taxis, per passenger-km otherwise.
  factorSet: { keys: ['mode'], values: [ROAD_SEA_PER_KM], uncertaintyClass: 'medium' },
  emissionTypes: [{ type: 'road_sea', scope: 3, category: 'business_travel' }],
  ownerField: 'traveler_id',
  traveler,
  route: { from: 'origin', to: 'destination' },
  computeEmissions: ({ data, locations, factors }): EmissionRow[] => {
    const { origin, destination } = locations;
    // The validation lets the distance be left out only when both places are given.
    const distance = roadSeaDistance(num(data.distance_km), origin && destination ? { origin, destination } : undefined);
    const row = roadSeaEmission({
      mode: String(data.mode),
      distance,
      numberOfTrips: Number(data.number_of_trips ?? 1),
      roundTrip: data.round_trip === true,
      occupancy: num(data.occupancy),
      factors,
    });
    const fromPlaces = distance.greatCircleKm !== null && origin && destination;
    return [{ emission_type: 'road_sea', ...row, meta: fromPlaces ? { ...row.meta, location_ids: locationIds(origin, destination) } : row.meta }];
  },
};

/** The module's entry types, in the order its descriptor (module.ts) names them. */
export const entryTypes: readonly EntryTypeDef[] = [planeEntry, trainEntry, roadSeaEntry];
