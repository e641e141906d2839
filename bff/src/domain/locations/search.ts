// Type-to-search over airports and places, and exact resolution of what an entry names.
// Matching is accent- and case-insensitive (the `search` column holds the folded name, `names`
// the folded other names: "genf", "ginevra" and "geneva" find Genève, and its airport GVA);
// ranking: exact match first, then bigger first (population, airport size), whether the query
// starts a name or a word inside it ("york" should offer New York City before Yorkton). An entry
// resolves a place by its own name only: another name is for finding it, and picking it stores
// its own name.
import { foldSearchText, type LocationItem, type LocationKind, type ResolvedLocation } from '@carbon/shared';
import type { Queryable } from '../db';

export const SEARCH_LIMIT = 20;
/** Below this length the trigram index cannot help; short queries match name prefixes only. */
const WORD_MATCH_MIN = 3;

const COLUMNS = 'id, kind, code, name, country_code, lat, lon, population';
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Other names a query of this length may match: they start the names column or a name or word
 * inside it (through the trigram index, so from WORD_MATCH_MIN characters on). */
const otherNames = (folded: string) => (folded.length >= WORD_MATCH_MIN ? 'OR names LIKE $2 OR names LIKE $3' : '');

/** Is the query ($1) one of the other names, whole? */
const IS_OTHER_NAME = `position(' | ' || $1 || ' | ' IN ' | ' || coalesce(names, '') || ' | ') > 0`;

export async function searchAirports(db: Queryable, q: string): Promise<LocationItem[]> {
  const folded = foldSearchText(q);
  if (!folded) return [];
  const { rows } = await db.query<LocationItem>(
    `SELECT ${COLUMNS} FROM locations
      WHERE kind = 'airport' AND (code = upper($1) OR search LIKE $2 OR search LIKE $3 ${otherNames(folded)})
      ORDER BY code = upper($1) DESC, rank DESC, name
      LIMIT ${SEARCH_LIMIT}`,
    [folded, `${likeEscape(folded)}%`, `% ${likeEscape(folded)}%`],
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
        AND (search LIKE $2 ${words} ${otherNames(folded)})
      ORDER BY (search = $1 OR ${IS_OTHER_NAME}) DESC, rank DESC, name
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

/** What an entry field names: an IATA code, or a place name with an optional country. */
export interface LocationWanted {
  value: string;
  country?: string | null;
}

const cacheKey = (kind: LocationKind, w: LocationWanted) =>
  kind === 'airport' ? `a:${w.value.toUpperCase()}` : `p:${foldSearchText(w.value)}|${w.country?.toUpperCase() ?? ''}`;

// One statement for any number of names; `i` is each name's position (1-based).
const RESOLVE_AIRPORTS = `
  SELECT w.i, l.*
    FROM unnest($1::text[]) WITH ORDINALITY AS w(code, i)
   CROSS JOIN LATERAL (SELECT ${COLUMNS} FROM locations WHERE kind = 'airport' AND code = w.code) l`;
const RESOLVE_PLACES = `
  SELECT w.i, l.*
    FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS w(search, country, i)
   CROSS JOIN LATERAL (
         SELECT ${COLUMNS} FROM locations
          WHERE kind = 'place' AND search = w.search AND (w.country IS NULL OR country_code = w.country)
          ORDER BY rank DESC, id LIMIT 1) l`;

/**
 * The locations entry fields name, in the order asked, undefined where nothing matches: an IATA
 * code, or a place name (+ country) whose most populous match wins. Names not resolved before
 * are looked up together, in one statement (a file's distinct airports at once).
 */
export async function resolveLocations(db: Queryable, kind: LocationKind, wanted: readonly LocationWanted[]): Promise<(ResolvedLocation | undefined)[]> {
  const keys = wanted.map((w) => cacheKey(kind, w));
  const out = keys.map((k) => cache.get(k));
  const missing = out.flatMap((hit, i) => (hit ? [] : [i]));
  if (!missing.length) return out;
  const { rows } =
    kind === 'airport'
      ? await db.query<ResolvedLocation & { i: string }>(RESOLVE_AIRPORTS, [missing.map((i) => wanted[i]!.value.toUpperCase())])
      : await db.query<ResolvedLocation & { i: string }>(RESOLVE_PLACES, [
          missing.map((i) => foldSearchText(wanted[i]!.value)),
          missing.map((i) => wanted[i]!.country?.toUpperCase() ?? null),
        ]);
  for (const { i, ...loc } of rows) {
    const at = missing[Number(i) - 1]!;
    out[at] = remember(keys[at]!, loc);
  }
  return out;
}

/** One location an entry field names (resolveLocations for one name). */
export async function resolveLocation(db: Queryable, kind: LocationKind, value: string, country?: string | null): Promise<ResolvedLocation | undefined> {
  return (await resolveLocations(db, kind, [{ value, country }]))[0];
}
