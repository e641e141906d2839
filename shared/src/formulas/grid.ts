// The grid a quantity of electricity is drawn from: a location-based mix of the buildings'
// electricity factor set, picked by its country (the row's `mix`, compared without case or
// surrounding spaces). An equipment's use phase and a digital service's computing read it alike.
import type { FactorRow } from '../modules/fields';

/** The set and the rows a grid factor is read from: the location-based electricity mixes. */
export const GRID_SET = 'electricity';
export const GRID_ROWS = { supply: 'location_based' } as const;
export const GRID_KEY = 'kg_co2eq_per_kwh';

/** The location-based row of `country` among the electricity set's rows, if any. */
export function gridFactor(rows: readonly FactorRow[] | undefined, country: unknown): FactorRow | undefined {
  const wanted = String(country ?? '').trim().toLowerCase();
  return (rows ?? []).find(
    (x) => Object.entries(GRID_ROWS).every(([k, v]) => x.classification[k] === v) && x.classification.mix?.trim().toLowerCase() === wanted,
  );
}
