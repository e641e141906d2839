// Professional travel's reduction levers: trains instead of short flights, flights not made, and
// economy instead of business or first. Each works on the unit's own trips, recomputed by the
// plane and train formulas with the year's factors (leverKit.ts).
import { haversineKm } from '../../formulas/geo';
import type { LeverDef, ScenarioRow } from '../leverKit';
import { shareOf } from '../leverKit';
import { PLANE_BANDS, PLANE_UPLIFT_KM, planeBand } from './plane';

/** The one-way distance that picks a flight's band (great circle plus the uplift). */
function oneWayKm(row: ScenarioRow): number | null {
  const { origin, destination } = row.locations;
  return origin && destination ? haversineKm(origin, destination) + PLANE_UPLIFT_KM : null;
}

/** Flights shorter than `below_km` (one way) taken by train between the same two places: the
 * train formula's own distance (great circle × its detour factor) and the library's train factor
 * for the countries; `share_pct` of those trips. */
export const flightsToTrain: LeverDef = {
  key: 'flights_to_train',
  module: 'professional_travel',
  entryTypes: ['plane'],
  params: [
    { key: 'below_km', kind: 'number', default: 1000, min: 0, max: 20_000 },
    { key: 'share_pct', kind: 'percent', default: 100, min: 0, max: 100 },
  ],
  apply: (row, params) => {
    const km = oneWayKm(row);
    if (km === null || km >= Number(params.below_km)) return null;
    const d = row.data;
    return [{ share: shareOf(params), type: 'train', data: { origin: d.origin, destination: d.destination, class: 'second', number_of_trips: d.number_of_trips, round_trip: d.round_trip, traveler_id: d.traveler_id } }];
  },
};

/** A share of flights not made, in every band or one (`band`: all, short, medium, long). */
export const flightsAvoided: LeverDef = {
  key: 'flights_avoided',
  module: 'professional_travel',
  entryTypes: ['plane'],
  params: [
    { key: 'share_pct', kind: 'percent', default: 20, min: 0, max: 100 },
    { key: 'band', kind: 'select', default: 'all', options: ['all', ...PLANE_BANDS] },
  ],
  apply: (row, params) => {
    const km = oneWayKm(row);
    if (params.band !== 'all' && (km === null || planeBand(km) !== params.band)) return null;
    return [{ share: shareOf(params), type: null }];
  },
};

/** Business and first class flown in economy: the plane formula with the economy factor. */
export const economyClass: LeverDef = {
  key: 'economy_class',
  module: 'professional_travel',
  entryTypes: ['plane'],
  params: [{ key: 'share_pct', kind: 'percent', default: 100, min: 0, max: 100 }],
  apply: (row, params) => (row.data.cabin_class === 'business' || row.data.cabin_class === 'first' ? [{ share: shareOf(params), type: 'plane', data: { ...row.data, cabin_class: 'economy' } }] : null),
};

export const levers: readonly LeverDef[] = [flightsToTrain, flightsAvoided, economyClass];
