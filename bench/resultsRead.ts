// The results read (`unitResults`, bff/src/domain/results/): latency of one report's results
// with 2,000 entries, among other reports of the same size.
//   node --import tsx bench/resultsRead.ts [reads, default 200]
// Seeds REPORTS reports in one statement per table: each with 400 members (FTE 0.5 or 1, a
// position category for most) and 1,600 plane trips linked to them, 5 % without a figure. Reads
// one report's results in a loop, one at a time, and prints the percentiles. Own embedded
// PostgreSQL with durable settings, stopped at the end.
import { createPool } from '../bff/src/db/pool';
import { systemActor } from '../bff/src/domain/actor';
import { unitResults } from '../bff/src/domain/results';
import { round, startBenchDatabase, timeLimit } from './support/jobBench';
import { summarize } from './support/stats';

timeLimit(300);
const READS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 200);
const REPORTS = Number(process.env.BENCH_REPORTS ?? 50);
const MEMBERS = 400;
const TRIPS = 1_600;

const db = await startBenchDatabase();
const pool = createPool(db.url, 2);
try {
  await pool.query(`INSERT INTO units (institutional_id, name) SELECT 'U' || i, 'Unit ' || i FROM generate_series(1, $1) i`, [REPORTS]);
  await pool.query(`INSERT INTO carbon_reports (unit_id, year) SELECT id, 2025 FROM units`);
  await pool.query(`INSERT INTO carbon_report_modules (carbon_report_id, module_type) SELECT r.id, m FROM carbon_reports r, unnest(ARRAY['headcount', 'professional_travel']) m`);
  await pool.query(
    `INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data)
     SELECT m.id, 'member', jsonb_build_object('user_institutional_id', (100000 + i)::text, 'name', 'Member ' || i, 'fte', CASE WHEN i % 3 = 0 THEN 0.5 ELSE 1 END,
                                                'position_category', (ARRAY['researcher_faculty', 'postdoc', 'phd_student', 'engineer_technician', 'administrative', NULL])[1 + i % 6])
       FROM carbon_report_modules m, generate_series(1, $1) i WHERE m.module_type = 'headcount'`,
    [MEMBERS],
  );
  await pool.query(
    `INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data)
     SELECT m.id, 'plane', jsonb_build_object('origin', 'GVA', 'destination', 'JFK', 'cabin_class', 'economy', 'number_of_trips', 1, 'round_trip', false,
                                               'traveler_id', 100001 + i % $2, 'traveler_name', 'Member')
       FROM carbon_report_modules m, generate_series(1, $1) i WHERE m.module_type = 'professional_travel'`,
    [TRIPS, MEMBERS],
  );
  await pool.query(
    `INSERT INTO data_entry_emissions (data_entry_id, emission_type, kg_co2eq, quantity, quantity_unit, scope, category)
     SELECT e.id, e.data_entry_type, CASE WHEN e.data_entry_type = 'member' THEN 800 * (e.data ->> 'fte')::numeric WHEN abs(hashtext(e.id::text)) % 20 = 0 THEN NULL ELSE 950 END,
            CASE WHEN e.data_entry_type = 'member' THEN (e.data ->> 'fte')::numeric ELSE 6000 END, CASE WHEN e.data_entry_type = 'member' THEN 'FTE' ELSE 'km' END,
            3, CASE WHEN e.data_entry_type = 'member' THEN 'per_fte_estimates' ELSE 'business_travel' END
       FROM data_entries e`,
  );
  await pool.query('ANALYZE');
  if (process.env.EXPLAIN) {
    const { resultsBreakdown, resultsByPosition } = await import('../bff/src/domain/results/sql');
    const id = (await pool.query<{ id: number }>('SELECT min(id)::int AS id FROM carbon_reports')).rows[0]!.id;
    for (const [text, values] of [
      [resultsBreakdown.text, [id]],
      [resultsByPosition.text, [id, 'member', 'user_institutional_id', 'fte', 'position_category', ['plane', 'train'], 'traveler_id', 'unspecified']],
    ] as const) {
      const plan = await pool.query({ text: `EXPLAIN (ANALYZE, BUFFERS) ${text}`, values: [...values] });
      console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
  }
  const reportId = (await pool.query<{ id: number }>('SELECT min(id)::int AS id FROM carbon_reports')).rows[0]!.id;
  const actor = systemActor();
  for (let i = 0; i < 20; i++) await unitResults(pool, actor, reportId); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < READS; i++) {
    const t0 = performance.now();
    await unitResults(pool, actor, reportId);
    samples.push(performance.now() - t0);
  }
  const s = summarize(samples);
  const r = await unitResults(pool, actor, reportId);
  console.log(`${REPORTS} reports of ${MEMBERS + TRIPS} entries; one report's results, ${READS} reads one at a time:`);
  console.log(`  p50 ${round(s.p50)} ms, p95 ${round(s.p95)} ms, max ${round(s.max)} ms (entries ${r.total.entries}, without a factor ${r.total.without_factor})`);
} finally {
  await pool.end();
  await db.stop();
}
