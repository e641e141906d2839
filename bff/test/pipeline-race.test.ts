// A recalculation and a Path 1 write of the same entry at the same moment: the Path 1 write,
// which committed last and computed from the newer data, must keep its emission. The recalculation
// leaves an entry that is being changed (or has changed since it was read) to whoever changes it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { startTestStack, type TestStack } from './support/stack';
import { as, demoIds } from './support/carbon';
import { HEADCOUNT_HEADER, PLANE_HEADER, settled, upload } from './support/pipeline';
import { waitFor } from './support/jobs';

let stack: TestStack;
let unit: number;
const YEAR = 2025;

beforeAll(async () => {
  stack = await startTestStack();
  unit = (await demoIds(stack.server.pool)).unit['CLIMATE-LAB']!;
  const olga = await as(stack, 'olga');
  await upload(olga, { module: 'headcount', type: 'member', year: YEAR, unit_id: unit }, [HEADCOUNT_HEADER, '710001,Ida,1,'].join('\n'));
  await settled(stack.server.pool);
  const trips = Array.from({ length: 20 }, (_, i) => `${['GVA', 'ZRH'][i % 2]},JFK,economy,1,false,2025-05-01,710001`);
  await upload(olga, { module: 'professional_travel', type: 'plane', year: YEAR, unit_id: unit }, [PLANE_HEADER, ...trips].join('\n'));
  await settled(stack.server.pool);
});
afterAll(async () => stack?.stop());

it('a recalculation does not overwrite the emission of a Path 1 write that commits while it runs', async () => {
  const pool = stack.server.pool;
  const { rows } = await pool.query<{ id: number }>(
    `SELECT e.id FROM data_entries e JOIN carbon_report_modules m ON m.id = e.carbon_report_module_id
       JOIN carbon_reports r ON r.id = m.carbon_report_id
      WHERE r.unit_id = $1 AND r.year = $2 AND e.data_entry_type = 'plane' ORDER BY e.id LIMIT 1`,
    [unit, YEAR],
  );
  const entry = rows[0]!.id;
  // A Path 1 update in flight: entry and emission changed, not yet committed.
  const writer = new pg.Client({ connectionString: stack.databaseUrl });
  await writer.connect();
  try {
    await writer.query('BEGIN');
    await writer.query(`UPDATE data_entries SET data = data || '{"number_of_trips": 7}', updated_at = now() WHERE id = $1`, [entry]);
    await writer.query('DELETE FROM data_entry_emissions WHERE data_entry_id = $1', [entry]);
    await writer.query(
      `INSERT INTO data_entry_emissions (data_entry_id, emission_type, scope, category, kg_co2eq, quantity, quantity_unit, meta) VALUES ($1, 'plane', 3, 'business_travel', 4242, 1, 'km', '{"by": "path 1"}')`,
      [entry],
    );
    const olga = await as(stack, 'olga');
    const started = await olga.post(`/api/sync/recalculate-emissions/professional-travel/plane?year=${YEAR}&unit_id=${unit}`);
    expect(started.status).toBe(202);
    // Commit once the recalculation has either finished or come to wait for this write.
    await waitFor('the recalculation to finish or to wait for the write', async () => {
      const { rows: state } = await pool.query<{ done: boolean; waiting: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM data_ingestion_jobs WHERE job_type = 'emission_recalc' AND state = 'FINISHED' AND pipeline_id = $1) AS done,
                EXISTS (SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%data_entry_emissions%') AS waiting`,
        [started.body.pipeline_id],
      );
      return state[0]!.done || state[0]!.waiting;
    });
    await writer.query('COMMIT');
  } finally {
    await writer.end();
  }
  await settled(pool);
  const { rows: emissions } = await pool.query('SELECT kg_co2eq, meta FROM data_entry_emissions WHERE data_entry_id = $1', [entry]);
  expect(emissions).toEqual([{ kg_co2eq: 4242, meta: { by: 'path 1' } }]);
});

it('a Path 1 update of an entry whose first emission a recalculation is writing waits for it, then replaces it', async () => {
  const pool = stack.server.pool;
  // An entry as csv_ingest leaves it: no emission yet.
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data, source)
     SELECT e.carbon_report_module_id, 'plane', e.data, 'csv' FROM data_entries e
       JOIN carbon_report_modules m ON m.id = e.carbon_report_module_id JOIN carbon_reports r ON r.id = m.carbon_report_id
      WHERE r.unit_id = $1 AND r.year = $2 AND e.data_entry_type = 'plane' ORDER BY e.id LIMIT 1
     RETURNING id`,
    [unit, YEAR],
  );
  const entry = rows[0]!.id;
  // What emission_recalc does for it, held open: the entry locked, its first emission inserted.
  const recalc = new pg.Client({ connectionString: stack.databaseUrl });
  await recalc.connect();
  const olga = await as(stack, 'olga');
  let update: Promise<{ status: number; body: any }> | undefined;
  try {
    await recalc.query('BEGIN');
    await recalc.query('SELECT id FROM data_entries WHERE id = $1 FOR UPDATE', [entry]);
    await recalc.query(`INSERT INTO data_entry_emissions (data_entry_id, emission_type, scope, category, kg_co2eq, quantity, quantity_unit, meta) VALUES ($1, 'plane', 3, 'business_travel', 1, 1, 'km', '{"by": "recalc"}')`, [entry]);
    update = olga.patch(`/api/modules/${unit}/${YEAR}/professional-travel/plane/${entry}`, { number_of_trips: 2 });
    await waitFor('the update to wait for the entry', async () => {
      const { rows: w } = await pool.query(`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%data_entries%'`);
      return w.length > 0;
    });
    await recalc.query('COMMIT');
  } finally {
    await recalc.end();
  }
  const res = await update!;
  expect(res.status).toBe(200);
  expect(res.body.number_of_trips).toBe(2);
  const { rows: emissions } = await pool.query('SELECT kg_co2eq, meta FROM data_entry_emissions WHERE data_entry_id = $1', [entry]);
  expect(emissions).toHaveLength(1);
  expect(emissions[0].meta.by).toBeUndefined();
  expect(emissions[0].kg_co2eq).toBeCloseTo(res.body.kg_co2eq, 6);
});
