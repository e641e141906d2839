// Road and sea travel (car, coach, bus, ferry): the distance the traveler gives (no geocoding: a
// road or a crossing is not a great circle), times the legs, times the factor of the mode. Car
// factors are per vehicle-km (the car burns the same fuel however many ride in it), so a car's
// figure is divided by its occupants; the other modes' factors are already per passenger-km.
// No factor for the mode in the year: no figure (null, with the reason), never a zero.
import { reasonText } from './reasons';
import { legCount } from './trips';
import type { EmissionRow, FactorRow } from '../modules/fields';

/** The modes, cars by fuel: the fuel only matters for a car, so it is part of the car's mode
 * rather than a field that other modes would have to leave empty. */
export const ROAD_SEA_MODES = ['car_petrol', 'car_diesel', 'car_hybrid', 'car_battery_electric', 'car_unknown', 'coach', 'bus', 'ferry_foot'] as const;
export type RoadSeaMode = (typeof ROAD_SEA_MODES)[number];

/** Modes whose factor is per vehicle-km and is shared by the occupants. */
export const PER_VEHICLE_MODES: readonly RoadSeaMode[] = ROAD_SEA_MODES.filter((m) => m.startsWith('car_'));
export const isPerVehicle = (mode: string): boolean => (PER_VEHICLE_MODES as readonly string[]).includes(mode);

/** The value column of the set: per vehicle-km for cars, per passenger-km otherwise. */
export const ROAD_SEA_PER_KM = 'kg_co2eq_per_km';
/** Occupants when a car entry gives none: the traveler alone (the cautious case). */
export const DEFAULT_OCCUPANCY = 1;

export interface RoadSeaInput {
  mode: string;
  /** One way, as the traveler gives it. */
  distanceKm: number;
  numberOfTrips: number;
  roundTrip: boolean;
  /** People in the car, the traveler included; ignored for the other modes. */
  occupancy?: number | null;
  /** The set's rows of the year (one per mode). */
  factors: readonly FactorRow[];
}

/** kg = distance × legs × factor(mode) (÷ occupants for a car); quantity = the traveler's km. */
export function roadSeaEmission({ mode, distanceKm, numberOfTrips, roundTrip, occupancy, factors }: RoadSeaInput): Omit<EmissionRow, 'emission_type'> {
  const legs = legCount(numberOfTrips, roundTrip);
  const totalKm = distanceKm * legs;
  const perVehicle = isPerVehicle(mode);
  const occupants = perVehicle ? (occupancy ?? DEFAULT_OCCUPANCY) : null;
  const factor = factors.find((x) => x.classification.mode === mode);
  const perKm = factor?.values[ROAD_SEA_PER_KM];
  const meta = {
    mode,
    distance_km: distanceKm,
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
