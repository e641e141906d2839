// Commuting: a survey response's year of trips between home and work. Each part of the response
// (the main mode, and optionally a second mode used on some of the days) gives
//   kg = 2 × one-way distance × days per week × weeks per year × factor(mode) (÷ occupants for a car)
// and the response's figure is the sum of its parts. Car factors are per vehicle-km (shared by
// whoever rides in it: a car-pool is a car with more than one occupant); the other modes' factors
// are per passenger-km. A part whose mode has no factor in the year makes the whole response
// figureless (null, with the reason), never a zero: walking and cycling are zero only because a
// published factor row says so.
import { reasonText } from '../../formulas/reasons';
import { REST_OF_WORLD } from '../../formulas/train';
import type { EmissionRow, FactorRow } from '../fields';

export const COMMUTE_MODES = ['walk', 'bike', 'ebike', 'bus', 'tram_metro', 'train', 'car_petrol', 'car_diesel', 'car_hybrid', 'car_electric', 'motorbike'] as const;
export type CommuteMode = (typeof COMMUTE_MODES)[number];
/** The mode whose factor depends on the country: read from the train trips' set (per country). */
export const COMMUTE_TRAIN = 'train';
export const TRAIN_SET = 'train';

/** The set's value column: per vehicle-km for cars, per passenger-km otherwise. */
export const COMMUTE_PER_KM = 'kg_co2eq_per_km';
/** Weeks on site in a year when the response gives none (docs/decisions.md, weeks of commuting). */
export const DEFAULT_COMMUTE_WEEKS = 41;
/** A home–work day is two one-way trips. */
export const TRIPS_PER_DAY = 2;

const isCar = (mode: string) => mode.startsWith('car_');

export interface CommutePart {
  mode: string;
  /** One way. */
  distanceKm: number;
  daysPerWeek: number;
  /** People in the car, the respondent included; ignored for the other modes. */
  occupancy?: number | null;
}

export interface CommutePartFigure {
  mode: string;
  days_per_week: number;
  /** The respondent's km in the year by this mode. */
  km: number;
  occupancy: number | null;
  kg_co2eq: number | null;
  factor: { id: number; value: number } | null;
}

/** One part's year: km = 2 × distance × days × weeks; kg = km × factor (÷ occupants for a car). */
export function commutePartFigure(part: CommutePart, weeks: number, factors: readonly FactorRow[]): CommutePartFigure {
  const km = TRIPS_PER_DAY * part.distanceKm * part.daysPerWeek * weeks;
  const occupants = isCar(part.mode) ? Math.max(1, part.occupancy ?? 1) : null;
  const row = factors.find((x) => x.classification.mode === part.mode);
  const value = row?.values[COMMUTE_PER_KM];
  const known = value !== undefined && Number.isFinite(value);
  return {
    mode: part.mode,
    days_per_week: part.daysPerWeek,
    km,
    occupancy: occupants,
    kg_co2eq: known ? (km * value) / (occupants ?? 1) : null,
    factor: known ? { id: row!.id, value } : null,
  };
}

export interface CommuteResponse {
  main: CommutePart;
  /** Used on `daysPerWeek` of the main part's days, which keeps the rest. */
  second?: CommutePart | null;
  weeksPerYear?: number | null;
}

/** A response's emission row: the sum of its parts; null when a part has no factor. */
export function commuteEmission(response: CommuteResponse, factors: readonly FactorRow[]): Omit<EmissionRow, 'emission_type'> {
  const weeks = response.weeksPerYear ?? DEFAULT_COMMUTE_WEEKS;
  const second = response.second;
  const mainDays = response.main.daysPerWeek - (second?.daysPerWeek ?? 0);
  const parts = [commutePartFigure({ ...response.main, daysPerWeek: mainDays }, weeks, factors), ...(second ? [commutePartFigure(second, weeks, factors)] : [])];
  const km = parts.reduce((s, p) => s + p.km, 0);
  const missing = parts.some((p) => p.kg_co2eq === null);
  const ids = [...new Set(parts.flatMap((p) => (p.factor ? [p.factor.id] : [])))];
  return {
    kg_co2eq: missing ? null : parts.reduce((s, p) => s + p.kg_co2eq!, 0),
    quantity: km,
    quantity_unit: 'km',
    factor_id: ids.length === 1 ? ids[0]! : null,
    meta: { weeks_per_year: weeks, parts, ...(missing ? { reason: reasonText('no_factor') } : {}) },
  };
}

/**
 * The factor of commuting by train where the respondent commutes: the train set's row of that
 * country, else the world average's (said in the meta), as a commute factor row of mode `train`.
 */
export function commuteTrainFactor(trainRows: readonly FactorRow[], country: string | undefined): { factor: FactorRow | undefined; country: string; worldAverageFor: string | null } {
  const given = country?.trim().toUpperCase() || undefined;
  const own = given ? trainRows.find((r) => r.classification.country === given) : undefined;
  const row = own ?? trainRows.find((r) => r.classification.country === REST_OF_WORLD);
  return {
    factor: row ? { id: row.id, classification: { mode: COMMUTE_TRAIN }, values: { [COMMUTE_PER_KM]: row.values.kg_co2eq_per_km! } } : undefined,
    country: own ? given! : REST_OF_WORLD,
    worldAverageFor: row && !own ? (given ?? 'unknown') : null,
  };
}
