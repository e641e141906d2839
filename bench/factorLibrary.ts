// The factor library: loading it whole into an empty database at first start (time and rows), a
// start that finds it there already, and a factor re-upload of one set recalculating the entries
// that use it, timed from the upload to the end of its aggregation with 100,000 affected entries.
//
//   node --import tsx bench/factorLibrary.ts
//   (BENCH_ROWS=… for another number of affected entries)
//
// Everything is its own: an embedded PostgreSQL in a temporary directory with durable settings and
// one BFF in a child process with the development IdP. It stops by itself and removes what it made.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { startEmbeddedPostgres } from '../bff/src/db/embeddedPostgres';
import { migrate } from '../bff/src/db/migrate';
import { createPool } from '../bff/src/db/pool';
import { ensureLocations } from '../bff/src/domain/locations/loadLocations';
import { readLibrary, resolveLibrary, shippedLibrary, upgradeFactorLibrary } from '../bff/src/jobs/factorLibrary';
import { login, TestClient } from '../bff/test/support/httpClient';
import { startBenchBff } from './support/bffProcess';
import { exitOnSignals } from './support/signals';
import { hardLimit, waitJobsIdle } from './support/jobsIdle';
import { recordResult } from './support/results';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const YEAR = 2025;
const LIMIT_S = 900;

hardLimit(LIMIT_S);

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-bench-library-'));
  fs.chmodSync(dir, 0o755);
  exitOnSignals();
  const cluster = await startEmbeddedPostgres(path.join(dir, 'db'));
  let child: ChildProcess | undefined;
  try {
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query('CREATE DATABASE bench');
    await admin.end();
    const databaseUrl = cluster.url('bench');
    await migrate(databaseUrl);
    const pool = createPool(databaseUrl, 4);
    await ensureLocations(pool);

    // 1. The first start: read, resolve and upsert every set's rows for every year.
    const readStart = performance.now();
    const factors = resolveLibrary(readLibrary());
    const readMs = performance.now() - readStart;
    const loadStart = performance.now();
    const first = await upgradeFactorLibrary(pool);
    const loadMs = performance.now() - loadStart;
    const files = readLibrary().length;
    // 2. Every later start: the digest of the files, compared with the database's.
    const againStart = performance.now();
    const again = await upgradeFactorLibrary(pool, shippedLibrary());
    const againMs = performance.now() - againStart;

    // 3. A re-upload of one set with ROWS entries using it.
    const bff = await startBenchBff(databaseUrl, path.join(dir, 'bff'), { DEV_IDP_PORT: '0' });
    child = bff.child;
    const client = new TestClient(bff.url, bff.origin);
    await login(client, 'olga');
    await waitJobsIdle(pool);
    const { rows: modules } = await pool.query<{ id: number }>(
      `SELECT m.id FROM carbon_report_modules m JOIN carbon_reports r ON r.id = m.carbon_report_id JOIN units u ON u.id = r.unit_id
        WHERE u.institutional_id = 'CLIMATE-LAB' AND r.year = $1 AND m.module_type = 'professional_travel'`,
      [YEAR],
    );
    const modes = ['car_petrol', 'car_diesel', 'car_hybrid', 'car_battery_electric', 'car_unknown', 'taxi', 'coach', 'bus', 'ferry_foot'];
    await pool.query(
      `INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data, source)
       SELECT $1, 'road_sea', jsonb_build_object('mode', ($2::text[])[1 + i % 9], 'distance_km', 10 + i % 500, 'number_of_trips', 1, 'round_trip', i % 2 = 0), 'csv'
         FROM generate_series(1, $3) AS i`,
      [modules[0]!.id, modes, ROWS],
    );
    // Every road trip with its emissions first, as after its own upload.
    const warm = await client.post(`/api/sync/recalculate-emissions/professional-travel/road-sea?year=${YEAR}`, '');
    if (warm.status !== 202) throw new Error(`recalculation refused: ${warm.status} ${JSON.stringify(warm.body)}`);
    await waitJobsIdle(pool);

    // The road and sea factors of the year, each value 10 % higher: every entry's figure changes.
    const rows = factors.filter((f) => f.set === 'road_sea' && f.year === YEAR);
    const csv = ['mode,kg_co2eq_per_km,source', ...rows.map((f) => `${f.classification.mode},${(f.values.kg_co2eq_per_km! * 1.1).toFixed(6)},Benchmark: the library's value + 10 %`)].join('\n');
    const start = performance.now();
    const res = await client.post(`/api/sync/factors/professional-travel/road_sea?year=${YEAR}`, csv, { 'content-type': 'text/csv' });
    if (res.status !== 202) throw new Error(`factor upload refused: ${res.status} ${JSON.stringify(res.body)}`);
    await waitJobsIdle(pool);
    const chainMs = performance.now() - start;
    const { rows: jobs } = await pool.query<{ job_type: string; result: string; ms: number }>(
      `SELECT job_type, result, extract(epoch FROM finished_at - locked_at) * 1000 AS ms FROM data_ingestion_jobs
        WHERE pipeline_id = $1 OR pipeline_id IN (SELECT pipeline_id FROM data_ingestion_jobs WHERE (payload ->> 'reason') = 'factors' AND created_at >= now() - interval '1 hour')
        ORDER BY id`,
      [(res.body as { pipeline_id: string }).pipeline_id],
    );
    const { rows: check } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM data_entry_emissions x JOIN factors f ON f.id = x.factor_id WHERE f.data_entry_type = 'road_sea' AND f.origin = 'upload' AND x.kg_co2eq IS NOT NULL`,
    );
    await pool.end();

    const r1 = (n: number) => Math.round(n * 10) / 10;
    console.log('\nFactor library');
    console.log(`  library: ${files} files, ${factors.length.toLocaleString('en')} factors for the years 2019–2026 (read and resolved in ${r1(readMs)} ms)`);
    console.log(`  first start, empty database       : ${r1(loadMs)} ms, ${first.inserted.toLocaleString('en')} factors inserted`);
    console.log(`  later start, same library         : ${r1(againMs)} ms (${again.changed ? 'loaded again' : 'digest unchanged, nothing read'})`);
    console.log(`  road_sea factor re-upload → every affected entry recalculated and aggregated: ${r1(chainMs)} ms for ${ROWS.toLocaleString('en')} entries`);
    for (const j of jobs) console.log(`    ${j.job_type.padEnd(16)} ${String(r1(Number(j.ms))).padStart(8)} ms  ${j.result}`);
    console.log(`  entries now computed with the uploaded factors: ${check[0]!.n.toLocaleString('en')}`);
    recordResult('factorLibrary', { first_load_ms: r1(loadMs), factors: first.inserted, later_start_ms: r1(againMs), reupload_recalc_ms: ROWS === 100_000 ? r1(chainMs) : null });
  } finally {
    if (child && child.exitCode === null) child.kill('SIGTERM');
    await cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
