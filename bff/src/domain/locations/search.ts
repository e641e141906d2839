// Type-to-search over airports and places, and exact resolution of what an entry names.
// Matching is accent- and case-insensitive (the `search` column holds the folded name);
// ranking: exact match first, then bigger first (population, airport size), whether the query
// starts the name or a word inside it ("york" should offer New York City before Yorkton).
import { foldSearchText, type LocationItem, type LocationKind, type ResolvedLocation } from '@carbon/shared';
import type { Queryable } from '../db';

export const SEARCH_LIMIT = 20;
/** Below this length the trigram index cannot help; short queries match name prefixes only. */
const WORD_MATCH_MIN = 3;

const COLUMNS = 'id, kind, code, name, country_code, lat, lon, population';
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchAirports(db: Queryable, q: string): Promise<LocationItem[]> {
  const folded = foldSearchText(q);
  if (!folded) return [];
  const { rows } = await db.query<LocationItem>(
    `SELECT ${COLUMNS} FROM locations
      WHERE kind = 'airport' AND (code = $1 OR search LIKE $2 OR search LIKE $3)
      ORDER BY code = $1 DESC, rank DESC, name
      LIMIT ${SEARCH_LIMIT}`,
    [folded.toUpperCase(), `${likeEscape(folded)}%`, `% ${likeEscape(folded)}%`],
  );
  return rows;
}

export async function searchPlaces(db: Queryable, q: string, country?: string): Promise<LocationItem[]> {
  const folded = foldSearchText(q);
  if (!folded) return [];
  const words = folded.length >= WORD_MATCH_MIN ? 'OR search LIKE $3' : 'OR $3::text IS NULL';
  const { rows } = await db.query<LocationItem>(
    `SELECT ${COLUMNS} FROM locations
      WHERE kind = 'place' AND ($4::text IS NULL OR country_code = $4)
        AND (search LIKE $2 ${words})
      ORDER BY search = $1 DESC, rank DESC, name
      LIMIT ${SEARCH_LIMIT}`,
    [folded, `${likeEscape(folded)}%`, `% ${likeEscape(folded)}%`, country?.toUpperCase() ?? null],
  );
  return rows;
}

// Locations never change while the process runs (they come from the installed packages), so
// resolutions are cached; misses are not, in case the table is still being loaded.
const cache = new Map<string, ResolvedLocation>();
const CACHE_MAX = 50_000;

function remember(key: string, loc: ResolvedLocation): ResolvedLocation {
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, loc);
  return loc;
}

/** The location an entry field names: an IATA code, or a place name (+ country) whose most
 * populous match wins. undefined when nothing matches. */
export async function resolveLocation(db: Queryable, kind: LocationKind, value: string, country?: string | null): Promise<ResolvedLocation | undefined> {
  const key = kind === 'airport' ? `a:${value.toUpperCase()}` : `p:${foldSearchText(value)}|${country?.toUpperCase() ?? ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const { rows } =
    kind === 'airport'
      ? await db.query<ResolvedLocation>(`SELECT ${COLUMNS} FROM locations WHERE kind = 'airport' AND code = $1`, [value.toUpperCase()])
      : await db.query<ResolvedLocation>(
          `SELECT ${COLUMNS} FROM locations
            WHERE kind = 'place' AND search = $1 AND ($2::text IS NULL OR country_code = $2)
            ORDER BY rank DESC, id LIMIT 1`,
          [foldSearchText(value), country?.toUpperCase() ?? null],
        );
  return rows[0] ? remember(key, rows[0]) : undefined;
}
