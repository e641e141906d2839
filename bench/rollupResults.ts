// Results and roll-up benchmark: a unit's results and the institution roll-up through real HTTP
// with a real session cookie, on a synthetic institution of up to 1,000 units × 5 years × 2,000
// entries per unit-year (10 million entries), measured as the institution grows.
//
//   node --import tsx bench/rollupResults.ts
//
// BENCH_UNITS=1000 (the largest size), BENCH_STEPS=100,250,500,1000 (sizes measured on the way).
// The institution is built from the demo unit CLIMATE-LAB's 2025 report: its demo entries are
// copied (with their computed emissions) up to 2,000 entries in realistic proportions, and that
// report is then copied into every synthetic unit and year, stats included. The figures therefore
// read the same shape of data as a real report; only the amount varies.
//
// It starts its own embedded PostgreSQL in a temporary directory (fast settings: the measured
// requests only read, and 10 million durable inserts would take the seeding's time, not the
// reads'; before each measurement their writes are flushed and the data read into the page
// cache, as on a server that has run a while), one BFF in a child process and the development
// IdP; prints the figures; removes all.
// Bar: p95 of the results read ≤ 100 ms and of the roll-up ≤ 300 ms at 1,000 units.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { MODULE_TYPES } from '@carbon/shared';
import { createPool } from '../bff/src/db/pool';
import { ensureLocations } from '../bff/src/domain/locations/loadLocations';
import { demoSettled } from '../bff/src/dev/demoEntries';
import { login, TestClient } from '../bff/test/support/httpClient';
import { summarize, type Summary } from './support/stats';
import { startBenchBff } from './support/bffProcess';
import { round, startBenchDatabase, type BenchDatabase } from './support/jobBench';
import { BARS } from './bars';
import { recordResult } from './support/results';
import { buildTemplate, growTo, TEMPLATE_YEAR, YEARS } from './support/institution';

const UNITS = Number(process.env.BENCH_UNITS ?? 1000);
const STEPS = (process.env.BENCH_STEPS ?? '100,250,500,1000').split(',').map(Number).filter((n) => n <= UNITS);
if (!STEPS.includes(UNITS)) STEPS.push(UNITS);

/** What the results page reads for a report: the report with its modules' stats, its results
 * (breakdowns, completeness, ratios) and the ± of its totals; each measured on its own. */
const RESULTS_READS: Record<string, (reportId: number) => string> = {
  report: (id) => `/api/v1/carbon_reports/${id}`,
  results: (id) => `/api/v1/carbon_reports/${id}/results`,
  uncertainty: (id) => `/api/v1/carbon_reports/${id}/uncertainty`,
};
const rollupPath = (year: number) => `/api/v1/rollup?year=${year}`;

async function measure(client: TestClient, paths: () => string, requests: number, connections: number): Promise<Summary> {
  const samples: number[] = [];
  let left = requests;
  const worker = async () => {
    while (left-- > 0) {
      const p = paths();
      const t0 = performance.now();
      const res = await client.get(p);
      samples.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return summarize(samples);
}

/** Brings the database to the state of a server that has run a while: what the seeding wrote
 * flushed (CHECKPOINT, then sync: the database runs with fsync off), and its tables and indexes
 * read into the kernel's page cache (pg_prewarm's `read` mode; PostgreSQL's own buffers stay
 * cold). The seeding writes about as much WAL as data, which pushes part of the data out of the
 * page cache: measured right after it, a random report's rows came from the disk
 * (docs/performance-history.md, results and roll-up at scale). */
async function settle(pool: pg.Pool): Promise<void> {
  await pool.query('CHECKPOINT');
  execFileSync('sync');
  await pool.query('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
  await pool.query(
    `SELECT pg_prewarm(c.oid, 'read') FROM pg_class c
      WHERE c.relkind IN ('r', 'i', 't') AND c.relpersistence = 'p' AND c.relnamespace IN ('public'::regnamespace, 'pg_toast'::regnamespace)`,
  );
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-bench-rollup-'));
  let child: ChildProcess | undefined;
  let db: BenchDatabase | undefined;
  try {
    db = await startBenchDatabase({ fast: true });
    const admin = new pg.Client({ connectionString: db.adminUrl });
    await admin.connect();
    await admin.query(`ALTER SYSTEM SET max_wal_size = '8GB'`);
    await admin.query('SELECT pg_reload_conf()');
    await admin.end();
    const databaseUrl = db.url;
    const pool = createPool(databaseUrl, 4);
    await ensureLocations(pool);

    const bff = await startBenchBff(databaseUrl, path.join(dir, 'bff'));
    child = bff.child;
    if (!(await demoSettled(pool, 180_000))) throw new Error('the demo pipelines did not settle');
    const templateId = await buildTemplate(pool);
    const perReport = (await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM data_entries e JOIN carbon_report_modules m ON m.id = e.carbon_report_module_id WHERE m.carbon_report_id = $1',
      [templateId],
    )).rows[0]!.n;
    console.log(`template report: ${perReport} entries over ${MODULE_TYPES.length} modules; ${YEARS.length} years per unit`);

    // A back-office user sees every unit: the roll-up's reader, and a reader of any unit's results.
    const client = new TestClient(bff.url, bff.origin);
    await login(client, 'olga');

    console.log('\nunits     entries  seed (s)  roll-up KiB  read                          p50 ms  p95 ms  p99 ms');
    for (const step of STEPS) {
      const t0 = performance.now();
      await growTo(pool, templateId, step);
      await pool.query('VACUUM ANALYZE');
      await settle(pool);
      const seeded = (performance.now() - t0) / 1000;
      const entries = (await pool.query<{ n: number }>(`SELECT reltuples::bigint AS n FROM pg_class WHERE relname = 'data_entries'`)).rows[0]!.n;
      const ids = (await pool.query<{ id: number }>(`SELECT r.id FROM carbon_reports r JOIN units u ON u.id = r.unit_id WHERE u.institutional_id LIKE 'BENCH-%'`)).rows.map((r) => r.id);
      const anyReport = () => ids[Math.floor(Math.random() * ids.length)]!;
      const reads: [string, Summary][] = [];
      for (const [name, path] of Object.entries(RESULTS_READS)) {
        await measure(client, () => path(anyReport()), 100, 8); // warm-up
        reads.push([`${name}, 1 connection`, await measure(client, () => path(anyReport()), 300, 1)]);
        reads.push([`${name}, 8 connections`, await measure(client, () => path(anyReport()), 1200, 8)]);
      }
      let k = 0;
      await measure(client, () => rollupPath(TEMPLATE_YEAR), 5, 1); // warm-up
      const roll = await measure(client, () => rollupPath(YEARS[k++ % YEARS.length]!), 60, 1);
      const kib = JSON.stringify((await client.get(rollupPath(TEMPLATE_YEAR))).body).length / 1024;
      const head = `${String(step).padStart(5)}  ${String(entries).padStart(10)}  ${seeded.toFixed(0).padStart(8)}  ${kib.toFixed(0).padStart(11)}`;
      const line = (label: string, s: Summary) => `${label.padEnd(30)}${s.p50.toFixed(1).padStart(6)}  ${s.p95.toFixed(1).padStart(6)}  ${s.p99.toFixed(1).padStart(6)}`;
      reads.forEach(([label, s], i) => console.log(`${i === 0 ? head : ' '.repeat(head.length)}  ${line(label, s)}`));
      console.log(`${' '.repeat(head.length)}  ${line('roll-up, 1 connection', roll)}`);
      // The bars' figures, at the bars' size only: a smaller institution would meet them cheaply.
      if (step === BARS.rollupResults.units) {
        const results = reads.find(([label]) => label === 'results, 1 connection')![1];
        recordResult('rollupResults', { results_p95_ms: round(results.p95), rollup_p95_ms: round(roll.p95) });
      }
    }
    await pool.end();
  } finally {
    child?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await db?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
