// Equipment: a device's manufacturing footprint spread evenly over its lifetime, and the
// electricity it draws in the report year when that is not already metered with a building.
//
// The lifetime starts on 1 January of the acquisition year. The share of the footprint a report
// year carries is the part of that year the lifetime covers, divided by the lifetime: a device
// bought in 2023 with a 4-year lifetime carries a quarter in each of 2023 to 2026, and nothing in
// 2022 or 2027 (a zero that is a result, not a missing factor). A lifetime of 1.5 years gives
// two thirds to its first year and one third to its second.
import { reasonText } from '../../formulas/reasons';
import type { FactorRow } from '../fields';

/** kg CO2e one device of the type weighs when made (value of the device's factor row). */
export const EMBODIED_KEY = 'kg_co2eq_per_device';
/** The lifetime in years the published figure assumes: the default of an entry that gives none. */
export const LIFETIME_KEY = 'lifetime_years';

/** The part of `year` that a lifetime of `lifetime` years starting on 1 January of `acquired`
 * covers, divided by the lifetime: the share of the footprint the year carries (0 to 1). */
export function lifetimeShare(year: number, acquired: number, lifetime: number): number {
  const covered = Math.min(year + 1, acquired + lifetime) - Math.max(year, acquired);
  return covered > 0 ? covered / lifetime : 0;
}

/** Whether a device acquired in `acquired` still carries a share of `year`'s footprint, its
 * lifetime being the entry's, else its type's factor row's. A lifetime known from neither keeps it:
 * the new year's entry then says what is missing rather than vanish. */
export function withinLifetime(year: number, acquired: number, lifetime: number | undefined): boolean {
  if (lifetime === undefined || !Number.isFinite(lifetime) || lifetime <= 0) return true;
  return lifetimeShare(year, acquired, lifetime) > 0;
}

export interface EmbodiedInput {
  year: number;
  count: number;
  acquisitionYear: number;
  /** The entry's own lifetime, if it gives one; else the factor row's. */
  lifetime: number | undefined;
  factor: FactorRow | undefined;
}

export interface Figure {
  kg_co2eq: number | null;
  quantity: number | null;
  meta: Record<string, unknown>;
}

/** count × kg per device × share of the report year; null when no factor row (or no lifetime)
 * applies. `quantity` is the number of devices the year carries (count × share). */
export function embodiedEmission({ year, count, acquisitionYear, lifetime, factor }: EmbodiedInput): Figure {
  const perDevice = factor?.values[EMBODIED_KEY];
  const years = lifetime ?? factor?.values[LIFETIME_KEY];
  const meta: Record<string, unknown> = { count, acquisition_year: acquisitionYear, lifetime_years: years ?? null, lifetime_from: lifetime === undefined ? 'factor' : 'entry' };
  if (!factor || perDevice === undefined || !Number.isFinite(perDevice)) return { kg_co2eq: null, quantity: null, meta: { ...meta, reason: reasonText('no_factor') } };
  meta.kg_co2eq_per_device = perDevice;
  if (years === undefined || !Number.isFinite(years) || years <= 0) return { kg_co2eq: null, quantity: null, meta: { ...meta, reason: reasonText('no_lifetime') } };
  const share = lifetimeShare(year, acquisitionYear, years);
  meta.share = share;
  if (share === 0) meta.outside_lifetime = `${year} is outside ${acquisitionYear}–${acquisitionYear + Math.ceil(years) - 1}: no share of the footprint falls in it`;
  return { kg_co2eq: count * perDevice * share, quantity: count * share, meta };
}

export interface UseInput {
  year: number;
  count: number;
  acquisitionYear: number;
  powerW: number;
  hoursPerYear: number;
  /** The grid's kg CO2e per kWh, if a row applies. */
  perKwh: number | undefined;
}

/** count × W × h / 1000 kWh × the grid's kg per kWh; zero before the acquisition year (the
 * device did not run yet), null when no grid factor applies. */
export function useEmission({ year, count, acquisitionYear, powerW, hoursPerYear, perKwh }: UseInput): Figure {
  const kwh = (count * powerW * hoursPerYear) / 1000;
  const meta: Record<string, unknown> = { count, power_w: powerW, hours_per_year: hoursPerYear };
  if (year < acquisitionYear) return { kg_co2eq: 0, quantity: 0, meta: { ...meta, before_acquisition: `acquired in ${acquisitionYear}, after ${year}` } };
  if (perKwh === undefined || !Number.isFinite(perKwh)) return { kg_co2eq: null, quantity: kwh, meta: { ...meta, reason: reasonText('no_grid_factor') } };
  return { kg_co2eq: kwh * perKwh, quantity: kwh, meta: { ...meta, kg_co2eq_per_kwh: perKwh } };
}
