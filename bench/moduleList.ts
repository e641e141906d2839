// Module list benchmark: pages of a 100,000-row module's entry list through real HTTP with a real
// session cookie, the BFF in its own process.
//
//   node --import tsx bench/moduleList.ts
//
// Seeds CLIMATE-LAB's 2025 travel module with BENCH_ROWS plane trips (default 100,000: the demo
// trips copied, with their computed emissions, and the stats recomputed), then at 8 connections
// reads random pages of the list as the web app asks for them (25 rows, `GET
// /api/modules/{unit}/{year}/professional-travel/plane?page&limit`), in the default order and
// sorted by a field (destination, descending), and the first page alone for comparison. Prints
// p50/p95/p99; also the first read after a Path 1 write (the page index is built again once).
// Bar: any page p95 ≤ 50 ms at 8 concurrent readers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { createPool } from '../bff/src/db/pool';
import { ensureLocations } from '../bff/src/domain/locations/loadLocations';
import { recomputeStats } from '../bff/src/domain/stats';
import { demoSettled } from '../bff/src/dev/demoEntries';
import { login, TestClient } from '../bff/test/support/httpClient';
import { summarize, type Summary } from './support/stats';
import { startBenchBff } from './support/bffProcess';
import { round, startBenchDatabase, type BenchDatabase } from './support/jobBench';
import { BARS } from './bars';
import { recordResult } from './support/results';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const CONNS = BARS.moduleList.connections;
const LIMIT = 25;

async function measure(client: TestClient, paths: () => string, requests: number): Promise<Summary> {
  const samples: number[] = [];
  let left = requests;
  await Promise.all(
    Array.from({ length: CONNS }, async () => {
      while (left-- > 0) {
        const p = paths();
        const t0 = performance.now();
        const res = await client.get(p);
        samples.push(performance.now() - t0);
        if (res.status !== 200 || !(res.body as { items: unknown[] }).items.length) throw new Error(`${p} answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    }),
  );
  return summarize(samples);
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-bench-list-'));
  let child: ChildProcess | undefined;
  let db: BenchDatabase | undefined;
  try {
    db = await startBenchDatabase({ fast: true });
    const pool = createPool(db.url, 4);
    await ensureLocations(pool);
    const bff = await startBenchBff(db.url, path.join(dir, 'bff'));
    child = bff.child;
    if (!(await demoSettled(pool, 180_000))) throw new Error('the demo pipelines did not settle');
    const { rows } = await pool.query<{ unit_id: number; module_id: number }>(
      `SELECT r.unit_id, m.id AS module_id FROM carbon_reports r JOIN units u ON u.id = r.unit_id
         JOIN carbon_report_modules m ON m.carbon_report_id = r.id AND m.module_type = 'professional_travel'
        WHERE u.institutional_id = 'CLIMATE-LAB' AND r.year = 2025`,
    );
    const { unit_id: unit, module_id: moduleId } = rows[0]!;
    // The demo's plane trips copied up to ROWS, each with its emissions.
    await pool.query(
      `WITH have AS (SELECT e.id, e.data, row_number() OVER (ORDER BY e.id) AS k, count(*) OVER () AS n
                       FROM data_entries e WHERE e.carbon_report_module_id = $1 AND e.data_entry_type = 'plane'),
            src AS MATERIALIZED (
              SELECT nextval('data_entries_id_seq') AS new_id, h.id AS tid, h.data
                FROM generate_series(1, greatest(0, $2 - (SELECT count(*) FROM have))) g JOIN have h ON h.k = 1 + (g % h.n)),
            ins AS (INSERT INTO data_entries (id, carbon_report_module_id, data_entry_type, data, source)
                    SELECT new_id, $1, 'plane', data, 'demo' FROM src)
       INSERT INTO data_entry_emissions (data_entry_id, emission_type, scope, category, kg_co2eq, quantity, quantity_unit, factor_id, meta)
       SELECT src.new_id, x.emission_type, x.scope, x.category, x.kg_co2eq, x.quantity, x.quantity_unit, x.factor_id, x.meta
         FROM src JOIN data_entry_emissions x ON x.data_entry_id = src.tid`,
      [moduleId, ROWS],
    );
    await recomputeStats(pool, moduleId);
    await pool.query('VACUUM ANALYZE');
    const count = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM data_entries WHERE carbon_report_module_id = $1 AND data_entry_type = 'plane'`, [moduleId])).rows[0]!.n;
    const pages = Math.ceil(count / LIMIT);
    console.log(`${count} plane trips in one module: ${pages} pages of ${LIMIT}; ${CONNS} connections`);

    const client = new TestClient(bff.url, bff.origin);
    await login(client, 'alice');
    const list = `/api/modules/${unit}/2025/professional-travel/plane`;
    const anyPage = (extra = '') => () => `${list}?page=${1 + Math.floor(Math.random() * pages)}&limit=${LIMIT}${extra}`;
    await measure(client, anyPage(), 200); // warm-up
    await measure(client, anyPage('&sort=destination&order=desc'), 50);
    const line = (label: string, s: Summary) => `${label.padEnd(46)} n=${String(s.n).padStart(5)}  p50 ${s.p50.toFixed(1).padStart(6)}  p95 ${s.p95.toFixed(1).padStart(6)}  p99 ${s.p99.toFixed(1).padStart(6)}  max ${s.max.toFixed(1).padStart(6)} ms`;
    const first = await measure(client, () => `${list}?page=1&limit=${LIMIT}`, 1000);
    console.log(line('page 1, default order', first));
    const any = await measure(client, anyPage(), 2000);
    console.log(line('any page, default order', any));
    const last = await measure(client, () => `${list}?page=${pages}&limit=${LIMIT}`, 1000);
    console.log(line('last page, default order', last));
    const sorted = await measure(client, anyPage('&sort=destination&order=desc'), 1000);
    console.log(line('any page, sorted by destination, descending', sorted));

    // After a write, the first read of each listing builds its page index again (once).
    const rebuilds: number[] = [];
    for (let i = 0; i < 10; i++) {
      const made = await client.post(list, { origin: 'GVA', destination: 'JFK', departure_date: '2025-03-01', traveler_name: 'Bench' });
      if (made.status !== 201) throw new Error(`create answered ${made.status} ${JSON.stringify(made.body)}`);
      const t0 = performance.now();
      await client.get(`${list}?page=${Math.floor(pages / 2)}&limit=${LIMIT}`);
      rebuilds.push(performance.now() - t0);
    }
    const r = summarize(rebuilds);
    console.log(`first read after a write (page index built again), 1 connection: p50 ${r.p50.toFixed(1)} ms, max ${r.max.toFixed(1)} ms`);

    recordResult('moduleList', { any_page_p95_ms: round(any.p95), sorted_page_p95_ms: round(sorted.p95), first_page_p95_ms: round(first.p95), rebuild_p50_ms: round(r.p50) });
    await pool.end();
  } finally {
    child?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await db?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
