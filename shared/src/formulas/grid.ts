// The grid a quantity of electricity is drawn from: a location-based mix of the buildings'
// electricity factor set, picked by its country (the row's `mix`, compared without case or
// surrounding spaces). A country without a row of its own reads the world average (the
// REST_OF_WORLD row) and says so (`world_average_for` in the emission's meta); a name that is no
// country code finds its own row or nothing. An equipment's use phase, a digital service's
// computing and a building's electricity read it alike.
import type { FactorRow } from '../modules/fields';
import { REST_OF_WORLD } from './train';

/** The set and the rows a grid factor is read from: the location-based electricity mixes. */
export const GRID_SET = 'electricity';
export const GRID_ROWS = { supply: 'location_based' } as const;
export const GRID_KEY = 'kg_co2eq_per_kwh';

const COUNTRY_CODE = /^[a-z]{2}$/;

export interface GridChoice {
  factor: FactorRow | undefined;
  /** The country whose own row is missing, when the world average stands for it. */
  worldAverageFor: string | null;
}

const isGridRow = (x: FactorRow) => Object.entries(GRID_ROWS).every(([k, v]) => x.classification[k] === v);
const mixOf = (x: FactorRow) => x.classification.mix?.trim().toLowerCase();

/** The location-based row of `country` among the electricity set's rows, else, for a country
 * code, the world average's. */
export function gridFactor(rows: readonly FactorRow[] | undefined, country: unknown): GridChoice {
  const wanted = String(country ?? '').trim().toLowerCase();
  const grid = (rows ?? []).filter(isGridRow);
  const own = grid.find((x) => mixOf(x) === wanted);
  if (own || !COUNTRY_CODE.test(wanted)) return { factor: own, worldAverageFor: null };
  const world = grid.find((x) => mixOf(x) === REST_OF_WORLD.toLowerCase());
  return { factor: world, worldAverageFor: world ? wanted.toUpperCase() : null };
}

/** What an emission's meta says of a fallback to the world average (nothing when none). */
export const worldAverageMeta = (worldAverageFor: string | null): { world_average_for?: string } => (worldAverageFor ? { world_average_for: worldAverageFor } : {});
