// Migration 0018: one commuting response per person, unit and year, guarded by a unique index.
// A database that holds several responses of one person in one module is refused with a message
// saying what to do (the index could not be built), and migrates once they are resolved. Then the
// index holds against two writers at once, on two connections: the second waits for the first and
// is refused at its commit, whoever writes. Responses naming nobody are not concerned.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { databaseBefore } from './support/migrationBefore';
import { waitFor } from './support/jobs';

const MIGRATION = '0018_one_commute_response';
let url: string;
let db: pg.Client;
const others: pg.Client[] = [];

beforeAll(async () => {
  ({ url, db } = await databaseBefore(MIGRATION));
});
afterAll(async () => {
  for (const c of others) await c.end();
  await db?.end();
});

async function connection(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  others.push(c);
  return c;
}

const response = (module: number, personNumber: number | null): [string, unknown[]] => [
  'INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data) VALUES ($1, $2, $3)',
  [module, 'commute', { mode: 'bus', ...(personNumber ? { traveler_id: personNumber } : {}) }],
];

let moduleId: number;

describe(`migration ${MIGRATION}`, () => {
  it('refuses a database where a person answered twice in one unit and year, saying what to do', async () => {
    const { rows } = await db.query<{ id: number }>(`
      WITH u AS (INSERT INTO units (institutional_id, name) VALUES ('OLD-LAB', 'Old lab') RETURNING id),
           r AS (INSERT INTO carbon_reports (unit_id, year) SELECT id, y FROM u, (VALUES (2024), (2025)) v(y) RETURNING id, year)
      INSERT INTO carbon_report_modules (carbon_report_id, module_type) SELECT id, 'commuting' FROM r ORDER BY year RETURNING id::int`);
    const [y2024, y2025] = rows.map((r) => r.id) as [number, number];
    moduleId = y2025;
    // Twice in 2025; once in each year is fine, and so are responses naming nobody.
    for (const [module, person] of [[y2025, 100001], [y2025, 100001], [y2024, 100002], [y2025, 100002], [y2025, null], [y2025, null]] as const) await db.query(...response(module, person));
    await expect(migrate(url)).rejects.toThrow(/1 person has more than one commuting response in a unit and year/);

    await db.query(`DELETE FROM data_entries WHERE id = (SELECT max(id) FROM data_entries WHERE data ->> 'traveler_id' = '100001')`);
    await migrate(url);
    const { rows: indexes } = await db.query(`SELECT indexname FROM pg_indexes WHERE indexname = 'data_entries_one_response_per_person_uq'`);
    expect(indexes).toHaveLength(1);
  });

  it('lets the second of two writers at once fail at its commit, and takes any number of anonymous responses', async () => {
    const [first, second] = [await connection(), await connection()];
    await first.query('BEGIN');
    await first.query(...response(moduleId, 100003));
    const pid = (await first.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const late = second.query(...response(moduleId, 100003)).then(
      () => 'stored',
      (err: { code?: string; constraint?: string }) => `${err.code} ${err.constraint}`,
    );
    await waitFor('the second writer to wait for the first', async () => (await db.query('SELECT 1 FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))', [pid])).rowCount);
    await first.query('COMMIT');
    expect(await late).toBe('23505 data_entries_one_response_per_person_uq');
    await db.query(...response(moduleId, null));
    const { rows } = await db.query(
      `SELECT data ->> 'traveler_id' AS person, count(*)::int AS n FROM data_entries WHERE carbon_report_module_id = $1 GROUP BY 1 ORDER BY 1 NULLS LAST`,
      [moduleId],
    );
    expect(rows).toEqual([
      { person: '100001', n: 1 },
      { person: '100002', n: 1 },
      { person: '100003', n: 1 },
      { person: null, n: 3 },
    ]);
  });
});
