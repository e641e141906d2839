// Fills `locations` from the shipped packages when a kind is missing, and gives rows of an earlier
// load the other names they lack (migration 0019). Idempotent and safe when
// several instances start together: one transaction under an advisory lock, ON CONFLICT DO
// NOTHING, and large multi-row inserts (unnest of column arrays) to keep it to a few seconds.
import type { Pool } from '../../db/pool';
import { withTransaction } from '../../db/pool';
import { isAirport, readAirports, readOtherNames, readPlaces, type LocationRecord } from './sources';

const BATCH = 20_000;

const INSERT_LOCATIONS = `
  INSERT INTO locations (kind, code, name, country_code, lat, lon, population, rank, search, names)
  SELECT * FROM unnest($1::location_kind[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::float8[], $7::int8[], $8::int8[], $9::text[], $10::text[])
  ON CONFLICT (kind, code) DO NOTHING`;

// Rows loaded before other names existed (migration 0019) get them; a row the packages no longer
// have gets none, so that the next start does not look again.
const NAME_LOCATIONS = `
  UPDATE locations l SET names = coalesce(n.names, '')
    FROM locations x LEFT JOIN unnest($1::location_kind[], $2::text[], $3::text[]) AS n(kind, code, names) ON (n.kind, n.code) = (x.kind, x.code)
   WHERE l.id = x.id AND l.names IS NULL`;

export interface LoadedLocations {
  airports: number;
  places: number;
  /** Airports of an earlier load that are no airports by today's rule. */
  removed: number;
  /** Rows of an earlier load given their other names. */
  named: number;
}

export async function ensureLocations(pool: Pool): Promise<LoadedLocations> {
  return withTransaction(pool, async (db) => {
    await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['load-locations']);
    const { rows } = await db.query<{ airport: boolean; place: boolean; unnamed: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM locations WHERE kind = 'airport') AS airport,
              EXISTS (SELECT 1 FROM locations WHERE kind = 'place') AS place,
              EXISTS (SELECT 1 FROM locations WHERE names IS NULL) AS unnamed`,
    );
    const loaded: LoadedLocations = { airports: 0, places: 0, removed: 0, named: 0 };
    const missing = !rows[0]?.airport || !rows[0]?.place || rows[0]?.unnamed;
    // The other names are read once for both kinds (an airport takes its city's), and only when
    // something is to be written.
    const names = missing ? readOtherNames() : undefined;
    const airports = missing ? await readAirports(names) : [];
    const places = missing ? readPlaces(names) : [];
    if (!rows[0]?.airport) loaded.airports = await insertAll(db, airports);
    else loaded.removed = await removeNonAirports(db);
    if (!rows[0]?.place) loaded.places = await insertAll(db, places);
    if (rows[0]?.unnamed) loaded.named = await nameAll(db, [...airports, ...places]);
    // Fresh statistics, or the planner takes the search indexes for useless on a new table.
    if (loaded.airports || loaded.places || loaded.named) await db.query('ANALYZE locations');
    return loaded;
  });
}

/** Airports loaded by an older rule that `isAirport` now refuses (railway stations, heliports…):
 * removed, so that search no longer offers them and entries can no longer name them. Entries
 * that already do keep their stored code. One read of names and ranks, no package is read. */
async function removeNonAirports(db: { query: Pool['query'] }): Promise<number> {
  const { rows } = await db.query<{ id: string; name: string; rank: number }>(`SELECT id, name, rank::float8 AS rank FROM locations WHERE kind = 'airport'`);
  const ids = rows.filter((r) => !isAirport(r.name, r.rank)).map((r) => r.id);
  if (ids.length) await db.query('DELETE FROM locations WHERE id = ANY($1::bigint[])', [ids]);
  return ids.length;
}

async function nameAll(db: { query: Pool['query'] }, records: LocationRecord[]): Promise<number> {
  const result = await db.query(NAME_LOCATIONS, [records.map((r) => r.kind), records.map((r) => r.code), records.map((r) => r.names)]);
  return result.rowCount ?? 0;
}

async function insertAll(db: { query: Pool['query'] }, records: LocationRecord[]): Promise<number> {
  for (let i = 0; i < records.length; i += BATCH) {
    const chunk = records.slice(i, i + BATCH);
    await db.query(INSERT_LOCATIONS, [
      chunk.map((r) => r.kind),
      chunk.map((r) => r.code),
      chunk.map((r) => r.name),
      chunk.map((r) => r.country_code),
      chunk.map((r) => r.lat),
      chunk.map((r) => r.lon),
      chunk.map((r) => r.population),
      chunk.map((r) => r.rank),
      chunk.map((r) => r.search),
      chunk.map((r) => r.names),
    ]);
  }
  return records.length;
}
