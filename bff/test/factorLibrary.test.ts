// The factor library's upgrade at start, against the real database: a first start loads every
// year's factors; a later library corrects its own rows and adds new ones, never touches a factor
// an operator uploaded or carried over, and queues the recalculation of the entry types and years
// that have entries and whose factors changed; a start with nothing new writes nothing. Migration
// 0021 hands the defaults loaded before it to the library.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_YEARS } from '@carbon/shared';
import { migrate } from '../src/db/migrate';
import { libraryOf, readLibrary, resolveLibrary, upgradeFactorLibrary, type LibraryFactor } from '../src/jobs/factorLibrary';
import { seedDemoData } from '../src/dev/demoData';
import { jobTestDb, type JobTestDb } from './support/jobs';
import { databaseBefore } from './support/migrationBefore';

const shipped = resolveLibrary(readLibrary());
let db: JobTestDb;

beforeAll(async () => {
  db = await jobTestDb();
  // Test databases are cloned with the library loaded: start from an empty one.
  await db.pool.query('DELETE FROM factors; DELETE FROM factor_library_state');
});
afterAll(async () => db?.close());

const factor = async (set: string, year: number, classification: object) =>
  (
    await db.pool.query<{ id: number; values: Record<string, number>; origin: string; edition: number | null; source: string }>(
      `SELECT id, "values", origin, edition, source FROM factors WHERE data_entry_type = $1 AND year = $2 AND classification = $3::jsonb`,
      [set, year, JSON.stringify(classification)],
    )
  ).rows[0];

describe('the factor library at start', () => {
  it('loads every factor of every year 2019–2026 into an empty database, as the library’s', async () => {
    const first = await upgradeFactorLibrary(db.pool, libraryOf(shipped));
    expect(first).toMatchObject({ changed: true, factors: shipped.length, inserted: shipped.length, updated: 0, recalculationJobs: [] });
    const { rows } = await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM factors WHERE origin = 'library' AND year = ANY ($1::int[])`, [LIBRARY_YEARS]);
    expect(rows[0]!.n).toBe(shipped.length);
    // A 2026 report reads DESNZ's 2025 edition, and knows it.
    expect(await factor('road_sea', 2026, { mode: 'car_petrol' })).toMatchObject({ origin: 'library', edition: 2025 });
  });

  it('a start with the same library reads and writes nothing', async () => {
    expect(await upgradeFactorLibrary(db.pool, libraryOf(shipped))).toEqual({ changed: false, factors: 0, inserted: 0, updated: 0, recalculationJobs: [] });
    // Even a library whose digest changed but whose rows did not writes no factor.
    expect(await upgradeFactorLibrary(db.pool, { digest: 'another', factors: () => shipped })).toMatchObject({ changed: true, inserted: 0, updated: 0, recalculationJobs: [] });
  });

  it('a corrected library brings its own rows to the new values, adds new ones, leaves the operators’ alone, and recalculates what has entries', async () => {
    await seedDemoData(db.pool, 'https://library.test/');
    // The operator's own factors for 2025: an upload of the petrol car and a carried-over diesel car.
    await db.pool.query(`UPDATE factors SET "values" = '{"kg_co2eq_per_km": 0.3}', origin = 'upload', source = 'Our fleet', last_seen_job_id = 1 WHERE data_entry_type = 'road_sea' AND year = 2025 AND classification = '{"mode": "car_petrol"}'`);
    await db.pool.query(`UPDATE factors SET origin = 'carry_over', source = source || ' (carried over from 2024)' WHERE data_entry_type = 'road_sea' AND year = 2025 AND classification = '{"mode": "car_diesel"}'`);
    const diesel = await factor('road_sea', 2025, { mode: 'car_diesel' });
    // A road trip of 2025 in a unit, so that the road_sea set's change has something to recalculate.
    const module = (
      await db.pool.query<{ id: number }>(
        `SELECT m.id FROM carbon_report_modules m JOIN carbon_reports r ON r.id = m.carbon_report_id JOIN units u ON u.id = r.unit_id
          WHERE u.institutional_id = 'CLIMATE-LAB' AND r.year = 2025 AND m.module_type = 'professional_travel'`,
      )
    ).rows[0]!;
    await db.pool.query(`INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data) VALUES ($1, 'road_sea', '{"mode": "car_hybrid", "distance_km": 10}')`, [module.id]);

    // The next library corrects every 2025 road_sea row and adds a 2025 train row.
    const next: LibraryFactor[] = shipped.map((f) => (f.set === 'road_sea' && f.year === 2025 ? { ...f, values: { kg_co2eq_per_km: 0.5 }, source: `${f.source} (corrected)` } : f));
    next.push({ set: 'train', year: 2025, classification: { country: 'PL' }, values: { kg_co2eq_per_km: 0.05 }, uncertainty_pct: null, edition: 2025, boundary: 'with_upstream', source: 'A test source for Poland' });
    const upgrade = await upgradeFactorLibrary(db.pool, libraryOf(next));
    // Every road_sea row of 2025 but the operator's two, and the new train row.
    const roadSea = shipped.filter((f) => f.set === 'road_sea' && f.year === 2025).length;
    expect(upgrade).toMatchObject({ inserted: 1, updated: roadSea - 2 });
    expect(await factor('road_sea', 2025, { mode: 'car_hybrid' })).toMatchObject({ values: { kg_co2eq_per_km: 0.5 }, origin: 'library' });
    expect(await factor('road_sea', 2025, { mode: 'car_petrol' })).toMatchObject({ values: { kg_co2eq_per_km: 0.3 }, origin: 'upload', source: 'Our fleet' });
    expect(await factor('road_sea', 2025, { mode: 'car_diesel' })).toEqual(diesel);
    expect(await factor('road_sea', 2024, { mode: 'car_hybrid' })).toMatchObject({ values: shipped.find((f) => f.set === 'road_sea' && f.year === 2024 && f.classification.mode === 'car_hybrid')!.values });

    // 2025's road trips are recalculated (the unit has one), in one pipeline; the train set's new
    // row finds no train trip nor commute in the database (the demo seeds units, no entries).
    const { rows: jobs } = await db.pool.query<{ id: number; job_type: string; data_entry_type: string; year: number; unit_id: number | null; state: string; payload: Record<string, unknown> }>(
      `SELECT id, job_type, data_entry_type, year, unit_id, state, payload FROM data_ingestion_jobs WHERE id = ANY ($1::bigint[]) ORDER BY id`,
      [upgrade.recalculationJobs],
    );
    expect(jobs).toEqual([{ id: upgrade.recalculationJobs[0], job_type: 'emission_recalc', data_entry_type: 'road_sea', year: 2025, unit_id: null, state: 'NOT_STARTED', payload: { reason: 'factor_library' } }]);
  });
});

describe('migration 0021_factor_library', () => {
  it('hands the defaults loaded before it to the library, keeps uploads and carry-overs the operators’', async () => {
    const { url, db: client } = await databaseBefore('0021_factor_library');
    try {
      const insert = (year: number, mode: string, source: string, job: number | null) =>
        client.query(`INSERT INTO factors (data_entry_type, year, classification, "values", source, last_seen_job_id) VALUES ('road_sea', $1, $2, '{"kg_co2eq_per_km": 0.1}', $3, $4)`, [
          year,
          JSON.stringify({ mode }),
          source,
          job,
        ]);
      await insert(2024, 'car_hybrid', 'UK DESNZ, the old default', null);
      await insert(2025, 'car_hybrid', 'UK DESNZ, the old default (carried over from 2024)', 7);
      await insert(2025, 'coach', 'Our own coach factor', 8);
      await migrate(url);
      const { rows } = await client.query(`SELECT year, classification ->> 'mode' AS mode, origin FROM factors ORDER BY year, mode`);
      expect(rows).toEqual([
        { year: 2024, mode: 'car_hybrid', origin: 'library' },
        { year: 2025, mode: 'car_hybrid', origin: 'carry_over' },
        { year: 2025, mode: 'coach', origin: 'upload' },
      ]);
    } finally {
      await client.end();
    }
  });
});
