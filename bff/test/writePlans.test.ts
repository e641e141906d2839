// The plans Path 1's write statements keep. They run as prepared statements, so after a few
// executions PostgreSQL may settle on a generic plan, made without knowing the batch's ids. The
// update and delete must still find their entries by primary key: a plan that goes in through the
// module's list index (module, type, id) with the ids as a filter reads the whole module's part
// of that index on every write, a cost that grows with the module (a 100,000-row upload). The
// create must find each trip's traveler by person number, not read the whole headcount.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../src/db/pool';
import { CREATE_ENTRIES, DELETE_ENTRIES, UPDATE_ENTRIES } from '../src/domain/entries/writeSql';
import { createTestDatabase } from './support/stack';

let pool: Pool;

beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 2);
  // Many modules, as in a real database: the planner then judges "module = $1" selective, and
  // with the module list index a likelier way in than the batch's ids.
  const { rows } = await pool.query<{ id: number; module_type: string }>(`
    WITH u AS (INSERT INTO units (institutional_id, name) SELECT 'PLAN-' || g, 'Plans ' || g FROM generate_series(1, 200) g RETURNING id),
         r AS (INSERT INTO carbon_reports (unit_id, year) SELECT id, 2025 FROM u RETURNING id)
    INSERT INTO carbon_report_modules (carbon_report_id, module_type) SELECT id, t FROM r, unnest(ARRAY['professional_travel', 'headcount']) t
    RETURNING id, module_type`);
  const modulesOf = (type: string) => rows.filter((r) => r.module_type === type).map((r) => r.id);
  const fill = (modules: number[], entryType: string, data: string) =>
    pool.query(
      `INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data, source)
       SELECT m, $2, ${data}, 'csv' FROM unnest($1::bigint[]) m, generate_series(1, 250) g`,
      [modules, entryType],
    );
  await fill(modulesOf('professional_travel'), 'plane', `jsonb_build_object('origin', 'GVA', 'destination', 'JFK', 'n', g)`);
  await fill(modulesOf('headcount'), 'member', `jsonb_build_object('user_institutional_id', g::text, 'name', 'Member ' || g)`);
  await pool.query('ANALYZE data_entries');
}, 60_000);
afterAll(() => pool?.end());

/** The generic plan of `sql`, as text. */
async function genericPlan(sql: string): Promise<string> {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (GENERIC_PLAN) ${sql}`);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

describe('generic plans of the Path 1 writes', () => {
  it.each([
    ['update', UPDATE_ENTRIES],
    ['delete', DELETE_ENTRIES],
  ])('the %s locks its entries through the primary key, not the module list index', async (_kind, sql) => {
    const plan = await genericPlan(sql);
    expect(plan).toContain('data_entries_pkey');
    expect(plan).not.toContain('data_entries_module_type_id_idx');
  });

  it("the create finds each trip's traveler by person number, not by reading the whole headcount", async () => {
    const plan = await genericPlan(CREATE_ENTRIES);
    expect(plan).toMatch(/Index Cond: \(\(carbon_report_module_id = .*\) AND \(\(data ->> 'user_institutional_id'::text\) = i\.traveler\)\)/);
    expect(plan).not.toMatch(/Hash Cond: .*user_institutional_id/);
  });
});
