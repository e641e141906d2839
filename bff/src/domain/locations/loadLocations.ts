// Fills `locations` from the shipped packages when a kind is missing. Idempotent and safe when
// several instances start together: one transaction under an advisory lock, ON CONFLICT DO
// NOTHING, and large multi-row inserts (unnest of column arrays) to keep it to a few seconds.
import type { Pool } from '../../db/pool';
import { withTransaction } from '../../db/pool';
import { readAirports, readPlaces, type LocationRecord } from './sources';

const BATCH = 20_000;

const INSERT_LOCATIONS = `
  INSERT INTO locations (kind, code, name, country_code, lat, lon, population, rank, search)
  SELECT * FROM unnest($1::location_kind[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::float8[], $7::int8[], $8::int8[], $9::text[])
  ON CONFLICT (kind, code) DO NOTHING`;

export interface LoadedLocations {
  airports: number;
  places: number;
}

export async function ensureLocations(pool: Pool): Promise<LoadedLocations> {
  return withTransaction(pool, async (db) => {
    await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['load-locations']);
    const { rows } = await db.query<{ airport: boolean; place: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM locations WHERE kind = 'airport') AS airport,
              EXISTS (SELECT 1 FROM locations WHERE kind = 'place') AS place`,
    );
    const loaded: LoadedLocations = { airports: 0, places: 0 };
    if (!rows[0]?.airport) loaded.airports = await insertAll(db, await readAirports());
    if (!rows[0]?.place) loaded.places = await insertAll(db, readPlaces());
    // Fresh statistics, or the planner takes the search indexes for useless on a new table.
    if (loaded.airports || loaded.places) await db.query('ANALYZE locations');
    return loaded;
  });
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
    ]);
  }
  return records.length;
}
