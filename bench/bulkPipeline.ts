// Path 2 benchmark: a 100,000-row travel CSV (real airports, person numbers of a
// 5,000-member headcount) uploaded through the API, timed from the upload to the end of its
// aggregation; after it, the floor: PostgreSQL alone writing the stored rows again into empty
// tables with the same indexes. Bar (bench/bars.ts, docs/performance.md): the chain within 3x that
// floor, and the BFF's peak memory while it runs within +150 MiB of idle. A bare COPY of the file
// into an unindexed table is printed for reference.
// BENCH_KIND=purchase runs a purchases file instead (euros, every category, no headcount).
//
//   node --import tsx bench/bulkPipeline.ts
//   (BENCH_ROWS=… for another size; BENCH_KIND=plane|purchase; BENCH_BFF_NODE_ARGS='--cpu-prof' to profile the BFF)
//
// Everything is its own: an embedded PostgreSQL in a temporary directory with DURABLE settings
// (fsync and synchronous_commit on), one BFF in a child process with the development IdP. It
// stops by itself (hard limit below) and removes what it made.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { ENTRY_TYPES, PURCHASE_CATEGORIES } from '@carbon/shared';
import { startEmbeddedPostgres } from '../bff/src/db/embeddedPostgres';
import { migrate } from '../bff/src/db/migrate';
import { createPool } from '../bff/src/db/pool';
import { ensureLocations } from '../bff/src/domain/locations/loadLocations';
import { login, TestClient } from '../bff/test/support/httpClient';
import { copyFromFile } from './support/copyIn';
import { startBenchBff } from './support/bffProcess';
import { exitOnSignals } from './support/signals';
import { hardLimit, waitJobsIdle } from './support/jobsIdle';
import { startDiskProbe } from './support/diskProbe';
import { cpuBetween, postmasterPid, sampleCpu } from './support/cpuTime';
import { BARS } from './bars';
import { enableStatementLog, statementLogSink } from './support/statementLog';
import { recordResult } from './support/results';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const KIND = process.env.BENCH_KIND === 'purchase' ? 'purchase' : 'plane';
const MEMBERS = 5_000;
const YEAR = 2025;
const LIMIT_S = 900;

hardLimit(LIMIT_S);

/** Resident memory of a process (current and peak since it started), in MiB, from /proc. */
function rssOf(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** Deterministic pseudo-random numbers, so every run measures the same file. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** Resolves when the aggregation of the pipeline has finished (heard on the events channel). */
function aggregationDone(url: string, pipelineId: () => string | undefined): { ready: Promise<void>; done: Promise<number> } {
  const client = new pg.Client({ connectionString: url });
  let resolveDone!: (t: number) => void;
  const done = new Promise<number>((r) => (resolveDone = r));
  client.on('notification', (msg) => {
    const e = JSON.parse(msg.payload ?? '{}') as { job_type?: string; state?: string; pipeline_id?: string; result?: string };
    if (e.job_type === 'aggregation' && e.state === 'FINISHED' && e.pipeline_id === pipelineId()) {
      resolveDone(performance.now());
      void client.end();
    }
  });
  const ready = client.connect().then(() => client.query('LISTEN job_events').then(() => undefined));
  return { ready, done };
}

/** BENCH_ACTIVITY=file: the database sessions every 50 ms during the chain (open transactions,
 * snapshots held), to see what runs next to the recalculation. */
function sampleActivity(url: string, file: string): { stop: () => Promise<void> } {
  const client = new pg.Client({ connectionString: url });
  let running = true;
  const t0 = performance.now();
  const loop = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ pid: number; state: string; xact_ms: number | null; xmin_age: number | null; backend_xmin: string | null; query: string }>(
        `SELECT pid, state, round(extract(epoch FROM clock_timestamp() - xact_start) * 1000) AS xact_ms, age(backend_xmin) AS xmin_age, backend_xmin::text, left(regexp_replace(query, '\\s+', ' ', 'g'), 70) AS query
           FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND datname = current_database() ORDER BY pid`,
      );
      const t = Math.round(performance.now() - t0);
      fs.appendFileSync(file, rows.map((r) => `${t}\t${r.pid}\t${r.state}\t${r.xact_ms ?? ''}\t${r.backend_xmin ?? ''}\t${r.xmin_age ?? ''}\t${r.query}`).join('\n') + '\n');
      await new Promise((r) => setTimeout(r, 50));
    }
    await client.end();
  })();
  return { stop: async () => ((running = false), await loop) };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-bench-bulk-'));
  fs.chmodSync(dir, 0o755);
  exitOnSignals();
  const cluster = await startEmbeddedPostgres(path.join(dir, 'db'), statementLogSink());
  // The chain's three commits and the floor's two wait for the disk's flushes, as any durable write.
  const disk = startDiskProbe(path.join(dir, 'db'));
  let child: ChildProcess | undefined;
  try {
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query('CREATE DATABASE bench');
    await enableStatementLog(admin);
    await admin.end();
    const databaseUrl = cluster.url('bench');
    await migrate(databaseUrl);
    const pool = createPool(databaseUrl, 4);
    // Reference data before the BFF starts, so that its start does not count in its memory.
    await ensureLocations(pool);

    const bff = await startBenchBff(databaseUrl, path.join(dir, 'bff'), { DEV_IDP_PORT: '0', UPLOAD_MAX_BYTES: String(200 * 1024 * 1024) });
    const origin = bff.origin;
    child = bff.child;
    const client = new TestClient(bff.url, origin);
    await login(client, 'olga');
    await waitJobsIdle(pool); // the demo data goes through the pipeline too
    const { rows: units } = await pool.query<{ id: number }>(`SELECT id FROM units WHERE institutional_id = 'CLIMATE-LAB'`);
    const unitId = units[0]!.id;

    // The data: 5,000 members, then 100,000 trips between the 300 largest airports; or 100,000
    // purchases in euros across every category (those without a default ratio get no figure).
    const rand = rng(42);
    const people = Array.from({ length: MEMBERS }, (_, i) => 500_000 + i);
    const date = () => `${YEAR}-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`;
    const lines: string[] = [];
    if (KIND === 'plane') {
      const headcount = ['user_institutional_id,name,fte,position', ...people.map((p, i) => `${p},Member ${i},${(0.5 + (i % 6) / 10).toFixed(1)},Staff`)].join('\n');
      const hc = await client.post(`/api/sync/dispatch?module=headcount&type=member&year=${YEAR}&unit_id=${unitId}`, headcount, { 'content-type': 'text/csv' });
      if (hc.status !== 202) throw new Error(`headcount upload refused: ${hc.status} ${JSON.stringify(hc.body)}`);
      await waitJobsIdle(pool);
      const { rows: airports } = await pool.query<{ code: string }>(`SELECT code FROM locations WHERE kind = 'airport' ORDER BY rank DESC, code LIMIT 300`);
      const classes = ['economy', 'economy', 'economy', 'economy', 'business', 'first'];
      lines.push('origin,destination,cabin_class,number_of_trips,round_trip,departure_date,person_number');
      for (let i = 0; i < ROWS; i++) {
        const a = airports[Math.floor(rand() * airports.length)]!.code;
        let b = airports[Math.floor(rand() * airports.length)]!.code;
        if (b === a) b = airports[(airports.findIndex((x) => x.code === a) + 1) % airports.length]!.code;
        lines.push(`${a},${b},${classes[Math.floor(rand() * classes.length)]},${1 + Math.floor(rand() * 3)},${rand() < 0.6},${date()},${people[Math.floor(rand() * people.length)]}`);
      }
    } else {
      lines.push(ENTRY_TYPES.purchase!.csvColumns.map((c) => c.column).join(','));
      for (let i = 0; i < ROWS; i++) {
        const category = PURCHASE_CATEGORIES[Math.floor(rand() * PURCHASE_CATEGORIES.length)]!;
        lines.push(`Purchase ${i},${category},,${(10 + rand() * 5000).toFixed(2)},EUR,${date()}`);
      }
    }
    const csv = lines.join('\n') + '\n';
    const file = path.join(dir, `${KIND}.csv`);
    fs.writeFileSync(file, csv);
    fs.chmodSync(file, 0o644);
    const bytes = Buffer.byteLength(csv);

    // Bare COPY of the same file (client → server, as the upload), into an unindexed table.
    await pool.query(`CREATE TABLE bare_copy (${lines[0]!.split(',').map((c) => `${c} text`).join(', ')})`);
    const copyStart = performance.now();
    const copied = await copyFromFile(databaseUrl, 'COPY bare_copy FROM STDIN WITH (FORMAT csv, HEADER true)', file);
    const copyMs = performance.now() - copyStart;

    // The full chain: upload → csv_ingest → emission_recalc → aggregation finished.
    const baseline = rssOf(child.pid!);
    let peak = baseline.rss;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(child!.pid!).rss)), 10);
    const started: { pipelineId?: string } = {};
    const watch = aggregationDone(databaseUrl, () => started.pipelineId);
    await watch.ready;
    const postmaster = postmasterPid(path.join(dir, 'db', 'pg'));
    const cpuBefore = sampleCpu(child.pid!, postmaster);
    const activity = process.env.BENCH_ACTIVITY ? sampleActivity(databaseUrl, process.env.BENCH_ACTIVITY) : undefined;
    const start = performance.now();
    const chainFrom = Date.now();
    const target = KIND === 'plane' ? 'module=professional-travel&type=plane' : 'module=purchases&type=purchase';
    const res = await client.post(`/api/sync/dispatch?${target}&year=${YEAR}&unit_id=${unitId}`, csv, { 'content-type': 'text/csv' });
    const accepted = performance.now();
    if (res.status !== 202) throw new Error(`upload refused: ${res.status} ${JSON.stringify(res.body)}`);
    const pipelineId = (started.pipelineId = (res.body as { pipeline_id: string }).pipeline_id);
    const end = await watch.done;
    const chainTo = Date.now();
    await activity?.stop();
    const cpu = cpuBetween(cpuBefore, sampleCpu(child.pid!, postmaster));
    clearInterval(sampler);
    const chainMs = end - start;
    const { rows: jobs } = await pool.query<{ job_type: string; result: string; ms: number; report: Record<string, unknown> }>(
      `SELECT job_type, result, extract(epoch FROM finished_at - locked_at) * 1000 AS ms, report FROM data_ingestion_jobs WHERE pipeline_id = $1 ORDER BY id`,
      [pipelineId],
    );
    const { rows: check } = await pool.query<{ entries: number; emissions: number }>(
      `SELECT (SELECT count(*)::int FROM data_entries WHERE data_entry_type = $1 AND source = 'csv') AS entries,
              (SELECT count(*)::int FROM data_entry_emissions WHERE emission_type = $1) AS emissions`,
      [KIND],
    );
    const after = rssOf(child.pid!);

    // A floor for the chain: only writing the stored rows again, server-side (no parsing, no
    // validation, no computing, no client), into empty tables with the same indexes, in one
    // transaction each. The chain cannot be faster than this plus reading the file.
    const floor = async (table: string, where: string) => {
      await pool.query(`CREATE TABLE floor_${table} (LIKE ${table} INCLUDING ALL)`);
      const t = performance.now();
      await pool.query(`INSERT INTO floor_${table} SELECT * FROM ${table} WHERE ${where}`, [KIND]);
      return performance.now() - t;
    };
    const floorFrom = Date.now();
    const floorEntries = await floor('data_entries', `data_entry_type = $1 AND source = 'csv'`);
    const floorEmissions = await floor('data_entry_emissions', `emission_type = $1`);
    const floorTo = Date.now();
    // BENCH_FLOOR_KEYS=1: the same floor once more with the tables' foreign keys, whose per-row
    // checks the chain pays and the floor above does not (docs/performance-history.md, bulk pipeline).
    if (process.env.BENCH_FLOOR_KEYS) {
      const keyed = async (table: string, where: string) => {
        await pool.query(`CREATE TABLE keyed_${table} (LIKE ${table} INCLUDING ALL)`);
        const { rows: fks } = await pool.query<{ def: string }>(`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'f'`, [table]);
        for (const fk of fks) await pool.query(`ALTER TABLE keyed_${table} ADD ${fk.def}`);
        const t = performance.now();
        await pool.query(`INSERT INTO keyed_${table} SELECT * FROM ${table} WHERE ${where}`, [KIND]);
        return performance.now() - t;
      };
      const [e, x] = [await keyed('data_entries', `data_entry_type = $1 AND source = 'csv'`), await keyed('data_entry_emissions', `emission_type = $1`)];
      console.log(`  floor with the foreign keys too: entries ${Math.round(e)} ms + emissions ${Math.round(x)} ms (without: ${Math.round(floorEntries)} + ${Math.round(floorEmissions)} ms)`);
    }
    await pool.end();

    const r1 = (n: number) => Math.round(n * 10) / 10;
    const what = KIND === 'plane' ? `travel rows (${(bytes / 1e6).toFixed(1)} MB), ${MEMBERS.toLocaleString('en')} members` : `purchase rows (${(bytes / 1e6).toFixed(1)} MB)`;
    console.log(`\nPath 2 bulk pipeline, ${ROWS.toLocaleString('en')} ${what}, durable PostgreSQL`);
    console.log(`  bare COPY into an unindexed table : ${r1(copyMs)} ms (${copied.toLocaleString('en')} rows)`);
    console.log(`  upload → aggregation finished     : ${r1(chainMs)} ms (upload accepted after ${r1(accepted - start)} ms)`);
    for (const j of jobs) console.log(`    ${j.job_type.padEnd(16)} ${String(r1(Number(j.ms))).padStart(8)} ms  ${(100 * Number(j.ms) / chainMs).toFixed(0).padStart(3)} % of the chain  ${j.result}`);
    const floorMs = floorEntries + floorEmissions;
    console.log(`  ratio chain / same-index floor    : ${(chainMs / floorMs).toFixed(2)}x (bar: <= ${BARS.bulkChainToFloor.limit}x)`);
    console.log(`  ratio chain / bare COPY           : ${(chainMs / copyMs).toFixed(2)}x (for reference)`);
    console.log(`  CPU during the chain              : BFF ${cpu.bff.toFixed(1)} s, PostgreSQL ${cpu.postgres.toFixed(1)} s (2 cores: ${((2 * chainMs) / 1000).toFixed(1)} s available)`);
    console.log(
      `  floor: rewriting the stored rows into empty tables with the same indexes: entries ${r1(floorEntries)} ms + emissions ${r1(floorEmissions)} ms = ${((floorEntries + floorEmissions) / copyMs).toFixed(1)}x the bare COPY`,
    );
    console.log(`  disk: longest flush beside the data ${r1(disk.longestBetween(chainFrom, chainTo))} ms during the chain, ${r1(disk.longestBetween(floorFrom, floorTo))} ms during the floor (8 KiB, fdatasync, every 50 ms)`);
    console.log(`  stored: ${check[0]!.entries.toLocaleString('en')} entries, ${check[0]!.emissions.toLocaleString('en')} emissions`);
    const shares = Object.fromEntries(jobs.map((j) => [`share_${j.job_type}`, Math.round((1000 * Number(j.ms)) / chainMs) / 1000]));
    if (ROWS === 100_000 && KIND === 'plane') {
      recordResult('bulkPipeline', {
        chain_ms: r1(chainMs),
        floor_ms: r1(floorMs),
        ratio_to_floor: Math.round((100 * chainMs) / floorMs) / 100,
        peak_over_idle_mib: r1(peak - baseline.rss),
        ...shares,
      });
    }
    console.log(
      `  BFF resident memory: ${r1(baseline.rss)} MiB before, peak ${r1(peak)} MiB during the run (+${r1(peak - baseline.rss)} MiB, bar: <= +${BARS.bulkMemoryMib.limit} MiB), ${r1(after.rss)} MiB after; file ${r1(bytes / 2 ** 20)} MiB`,
    );
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await disk.stop();
    await cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
