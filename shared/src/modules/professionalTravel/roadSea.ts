// Road and sea travel (car, taxi, coach, bus, ferry): the one-way distance the traveler gives,
// or, for the road modes that go from door to door (cars, taxi, coach), the great circle between
// the two places named times the road detour factor of the GES 1point5 method; times the legs,
// times the factor of the mode. Car and taxi factors are per vehicle-km (the vehicle burns the
// same fuel however many ride in it), so their figure is divided by the occupants; the other
// modes' factors are already per passenger-km.
// No factor for the mode in the year: no figure (null, with the reason), never a zero.
import { haversineKm, type LatLon } from '../../formulas/geo';
import { reasonText } from '../../formulas/reasons';
import { legCount } from '../../formulas/trips';
import type { EmissionRow, FactorRow } from '../fields';

/** The modes, cars by fuel: the fuel only matters for a car, so it is part of the car's mode
 * rather than a field that other modes would have to leave empty. */
export const ROAD_SEA_MODES = ['car_petrol', 'car_diesel', 'car_hybrid', 'car_battery_electric', 'car_unknown', 'taxi', 'coach', 'bus', 'ferry_foot'] as const;
export type RoadSeaMode = (typeof ROAD_SEA_MODES)[number];

/** Modes whose factor is per vehicle-km and is shared by the occupants: cars and taxis. */
export const PER_VEHICLE_MODES: readonly RoadSeaMode[] = ROAD_SEA_MODES.filter((m) => m.startsWith('car_') || m === 'taxi');
export const isPerVehicle = (mode: string): boolean => (PER_VEHICLE_MODES as readonly string[]).includes(mode);

/** Modes whose distance may come from two places (great circle × road detour): those that drive
 * from one town to another by road. A local bus and a ferry take the distance given only. */
export const PLACE_DISTANCE_MODES: readonly RoadSeaMode[] = [...PER_VEHICLE_MODES, 'coach'];

/** Road distance over great-circle distance: the factor the GES 1point5 method (Labos 1point5)
 * applies to car trips between two towns; docs/formulas.md cites it. */
export const ROAD_DETOUR_FACTOR = 1.3;

/** The value column of the set: per vehicle-km for cars and taxis, per passenger-km otherwise. */
export const ROAD_SEA_PER_KM = 'kg_co2eq_per_km';
/** Occupants when a car or taxi entry gives none: the traveler alone (the cautious case). */
export const DEFAULT_OCCUPANCY = 1;

export interface RoadSeaDistance {
  /** One way, in km: the distance given, or the great circle × the detour factor. */
  oneWayKm: number;
  /** Between the two places, when the distance comes from them; null when given. */
  greatCircleKm: number | null;
  /** The detour factor applied; null when the distance is given. */
  detourFactor: number | null;
}

/** The one-way distance of a trip: the traveler's when given (the places are then for the
 * record), else the great circle between its two places × ROAD_DETOUR_FACTOR. */
export function roadSeaDistance(distanceKm: number | null | undefined, ends?: { origin: LatLon; destination: LatLon }): RoadSeaDistance {
  if (typeof distanceKm === 'number' && Number.isFinite(distanceKm)) return { oneWayKm: distanceKm, greatCircleKm: null, detourFactor: null };
  if (!ends) throw new Error('a road or sea trip needs its distance or both of its places');
  const greatCircleKm = haversineKm(ends.origin, ends.destination);
  return { oneWayKm: greatCircleKm * ROAD_DETOUR_FACTOR, greatCircleKm, detourFactor: ROAD_DETOUR_FACTOR };
}

export interface RoadSeaInput {
  mode: string;
  /** One way: the distance given or computed (`roadSeaDistance`). */
  distance: RoadSeaDistance;
  numberOfTrips: number;
  roundTrip: boolean;
  /** People sharing the vehicle, the traveler included; ignored for per-passenger modes. */
  occupancy?: number | null;
  /** The set's rows of the year (one per mode). */
  factors: readonly FactorRow[];
}

/** kg = one way × legs × factor(mode) (÷ occupants for a car or taxi); quantity = the traveler's km. */
export function roadSeaEmission({ mode, distance, numberOfTrips, roundTrip, occupancy, factors }: RoadSeaInput): Omit<EmissionRow, 'emission_type'> {
  const legs = legCount(numberOfTrips, roundTrip);
  const totalKm = distance.oneWayKm * legs;
  const occupants = isPerVehicle(mode) ? (occupancy ?? DEFAULT_OCCUPANCY) : null;
  const factor = factors.find((x) => x.classification.mode === mode);
  const perKm = factor?.values[ROAD_SEA_PER_KM];
  // The distance entered, or what the places gave: great circle, detour factor, one way.
  const oneWay =
    distance.greatCircleKm === null
      ? { distance_km: distance.oneWayKm }
      : { great_circle_km: distance.greatCircleKm, detour_factor: distance.detourFactor, one_way_km: distance.oneWayKm };
  const meta = {
    mode,
    ...oneWay,
    legs,
    total_km: totalKm,
    occupancy: occupants,
    factor: factor ? { id: factor.id, classification: factor.classification, values: factor.values } : null,
  };
  if (perKm === undefined || !Number.isFinite(perKm)) {
    return { kg_co2eq: null, quantity: totalKm, quantity_unit: 'km', factor_id: null, meta: { ...meta, reason: reasonText('no_factor') } };
  }
  return { kg_co2eq: (totalKm * perKm) / (occupants ?? 1), quantity: totalKm, quantity_unit: 'km', factor_id: factor!.id, meta };
}
