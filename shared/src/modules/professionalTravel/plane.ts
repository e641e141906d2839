// Plane travel: great-circle distance plus a fixed uplift for routing and holding, a distance
// band chosen on the corrected one-way distance, and a factor per band and cabin class.
import { haversineKm, type LatLon } from '../../formulas/geo';
import { legCount } from '../../formulas/trips';

/** Added to every one-way great-circle distance (detours, approach, holding). */
export const PLANE_UPLIFT_KM = 95;

export const PLANE_BANDS = ['short', 'medium', 'long'] as const;
export type PlaneBand = (typeof PLANE_BANDS)[number];

export const CABIN_CLASSES = ['economy', 'business', 'first'] as const;
export type CabinClass = (typeof CABIN_CLASSES)[number];

/** Band limits on the corrected one-way distance: < 1,000 km, 1,000–3,500 km, > 3,500 km. */
export const PLANE_BAND_LIMITS_KM = { shortBelow: 1000, longAbove: 3500 } as const;

export function planeBand(correctedOneWayKm: number): PlaneBand {
  if (correctedOneWayKm < PLANE_BAND_LIMITS_KM.shortBelow) return 'short';
  if (correctedOneWayKm > PLANE_BAND_LIMITS_KM.longAbove) return 'long';
  return 'medium';
}

export interface PlaneDistance {
  greatCircleKm: number;
  /** One way, with the uplift: the distance that picks the band. */
  correctedOneWayKm: number;
  legs: number;
  totalKm: number;
  band: PlaneBand;
}

export function planeDistance(origin: LatLon, destination: LatLon, numberOfTrips: number, roundTrip: boolean): PlaneDistance {
  const greatCircleKm = haversineKm(origin, destination);
  const correctedOneWayKm = greatCircleKm + PLANE_UPLIFT_KM;
  const legs = legCount(numberOfTrips, roundTrip);
  return { greatCircleKm, correctedOneWayKm, legs, totalKm: correctedOneWayKm * legs, band: planeBand(correctedOneWayKm) };
}

/** kg CO2e for a distance and a factor in kg CO2e per passenger-km. */
export const distanceEmissionKg = (km: number, kgPerKm: number): number => km * kgPerKm;
