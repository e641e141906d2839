// Path 1 benchmark: create, update and delete latency of travel entries through real HTTP with a
// real session cookie, at 1, 8 and 32 concurrent connections, on a module holding 10,000
// entries; the member list with 2,000 headcount members; and create, update and delete of every
// entry type of the registry at 32 connections, each with a payload built from its fields
// (support/entryPayloads.ts). BENCH_TYPES=plane,member: only these types.
//
//   node --import tsx bench/path1.ts
//
// It starts its own embedded PostgreSQL in a temporary directory with DURABLE settings (fsync
// and synchronous_commit on, as in production), one BFF instance in a child process, and the
// development IdP; loads the data; runs autocannon; prints the figures; and removes everything.
// Bar: p95 ≤ 25 ms and p99 ≤ 50 ms at 32 connections.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../bff/src/db/embeddedPostgres';
import { migrate } from '../bff/src/db/migrate';
import { createPool, withTransaction } from '../bff/src/db/pool';
import { ensureLocations } from '../bff/src/domain/locations/loadLocations';
import { recomputeStats } from '../bff/src/domain/stats';
import { ENTRY_TYPES, MODULES } from '@carbon/shared';
import { login, TestClient } from '../bff/test/support/httpClient';
import { summarize, type Summary } from './support/stats';
import { START_NODE_ARGS, startBenchBff, startBff } from './support/bffProcess';
import { exitOnSignals } from './support/signals';
import { startDiskProbe, type DiskProbe } from './support/diskProbe';
import { cpuBetween, postmasterPid, sampleCpu, type CpuSample } from './support/cpuTime';
import { createPayload, updatePayload, type Choices } from './support/entryPayloads';
import { enableStatementLog, statementLogSink } from './support/statementLog';
import { recordResult } from './support/results';
import { BARS } from './bars';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MODULE_ENTRIES = 10_000;
const MEMBERS = 2_000;
// BENCH_QUICK=1: only the runs at 32 connections (to compare settings quickly);
// BENCH_CONNS=1,32: these connection counts instead;
// BENCH_ONLY=writes or BENCH_ONLY=members: only the Path 1 writes, or only the member list;
// BENCH_OPS=create,update: only these writes (no baselines), e.g. to profile one of them.
// BENCH_PG_LOG=file (with BENCH_EXPLAIN=ms, BENCH_EXPLAIN_SAMPLE): PostgreSQL's statement log or
// plans, e.g. to see which plan a prepared write settled on (support/statementLog.ts).
const QUICK = process.env.BENCH_QUICK === '1';
const ONLY = process.env.BENCH_ONLY;
const OPS = process.env.BENCH_OPS?.split(',');
// BENCH_REPEAT=3: each write run this many times in a row (to see warm-up and noise).
const REPEAT = Number(process.env.BENCH_REPEAT ?? 1);
// BENCH_COMPARE=/path/to/other/checkout: a second BFF from that checkout on the same database;
// every write run alternates between the two ("this", "other"), so that the machine's slow drifts
// weigh on both alike. Their medians are printed at the end. BENCH_COMPARE_NODE_ARGS: node flags
// for the second one (BENCH_COMPARE=. compares flags on the same code).
const COMPARE = process.env.BENCH_COMPARE;
const CONCURRENCY = process.env.BENCH_CONNS ? process.env.BENCH_CONNS.split(',').map(Number) : QUICK ? [32] : [1, 8, 32];
// BENCH_SCALE=2: twice as many requests (longer runs, e.g. for a CPU profile; deletes run out past 2).
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
/** Requests per measured run; enough for a stable p99 at each level. */
const REQUESTS: Record<number, number> = { 1: 400 * SCALE, 8: 1600 * SCALE, 32: 3200 * SCALE };
/** At 32 connections a run of 3,200 lasts about 1.5 s, so one hiccup of the (shared, virtual)
 * machine moves its p95; creates, updates and the member list are measured over three times as many.
 * Deletes keep 3,200: each consumes one of the 7,000 seeded entries. */
const requestsFor = (op: string, c: number) => (c === 32 && op !== 'delete' ? 3 : 1) * REQUESTS[c]!;
const TRAVELER = 100001; // alice, a demo headcount member of CLIMATE-LAB
const TYPES = process.env.BENCH_TYPES?.split(',');

async function seed(pool: pg.Pool, client: TestClient) {
  const { rows } = await pool.query<{ unit_id: number; travel: number; headcount: number }>(
    `SELECT u.id AS unit_id, t.id AS travel, h.id AS headcount
       FROM units u JOIN carbon_reports r ON r.unit_id = u.id AND r.year = 2025
       JOIN carbon_report_modules t ON t.carbon_report_id = r.id AND t.module_type = 'professional_travel'
       JOIN carbon_report_modules h ON h.carbon_report_id = r.id AND h.module_type = 'headcount'
      WHERE u.institutional_id = 'CLIMATE-LAB'`,
  );
  const ids = rows[0]!;
  // One real entry through the API gives realistic data and emission rows to copy.
  const base = `/api/modules/${ids.unit_id}/2025/professional-travel/plane`;
  const sample = await client.post(base, { origin: 'GVA', destination: 'JFK', round_trip: true, traveler_id: TRAVELER });
  if (sample.status !== 201) throw new Error(`sample entry refused: ${sample.status} ${JSON.stringify(sample.body)}`);
  await withTransaction(pool, async (db) => {
    const { rows: n } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM data_entries WHERE carbon_report_module_id = $1', [ids.travel]);
    await db.query(
      `WITH src AS (SELECT * FROM data_entries WHERE id = $1),
            ins AS (INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data, source)
                    SELECT src.carbon_report_module_id, src.data_entry_type, src.data || jsonb_build_object('number_of_trips', 1 + g % 5), 'demo'
                      FROM src, generate_series(1, $2) g RETURNING id)
       INSERT INTO data_entry_emissions (data_entry_id, emission_type, scope, category, kg_co2eq, quantity, quantity_unit, factor_id, meta)
       SELECT ins.id, x.emission_type, x.scope, x.category, x.kg_co2eq, x.quantity, x.quantity_unit, x.factor_id, x.meta
         FROM ins, data_entry_emissions x WHERE x.data_entry_id = $1`,
      [sample.body.id, MODULE_ENTRIES - n[0]!.n],
    );
    const { rows: m } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM data_entries WHERE carbon_report_module_id = $1', [ids.headcount]);
    await db.query(
      `INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data, source)
       SELECT $1, 'member', jsonb_build_object('user_institutional_id', (300000 + g)::text, 'name', 'Member ' || lpad(g::text, 4, '0'), 'fte', 1), 'demo'
         FROM generate_series(1, $2) g`,
      [ids.headcount, MEMBERS - m[0]!.n],
    );
    await recomputeStats(db, ids.travel);
    await recomputeStats(db, ids.headcount);
  });
  await pool.query('VACUUM ANALYZE data_entries');
  await pool.query('VACUUM ANALYZE data_entry_emissions');
  const { rows: seeded } = await pool.query<{ id: number }>(
    `SELECT id FROM data_entries WHERE carbon_report_module_id = $1 AND data_entry_type = 'plane' ORDER BY id`,
    [ids.travel],
  );
  return { unitId: ids.unit_id, travelModule: ids.travel, headcountModule: ids.headcount, entryIds: seeded.map((r) => r.id) };
}

/** Person numbers of `count` more members, for an entry type that holds one row per person (a
 * survey's response): each create names a person of its own. Added after the member list is
 * measured, which stays at MEMBERS. */
async function morePeople(pool: pg.Pool, headcountModule: number, first: number, count: number): Promise<() => number> {
  await pool.query(
    `INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data, source)
     SELECT $1, 'member', jsonb_build_object('user_institutional_id', ($2::int + g)::text, 'name', 'Respondent ' || g, 'fte', 1), 'demo'
       FROM generate_series(0, $3::int - 1) g`,
    [headcountModule, first, count],
  );
  let next = first;
  return () => next++;
}

interface Run {
  name: string;
  connections: number;
  latency: Summary;
  rps: number;
  errors: number;
  /** Answers other than 2xx, by status. */
  statuses: Record<number, number>;
  /** CPU seconds used during the run by the load generator, the BFF and PostgreSQL. */
  cpu: CpuSample;
  /** The disk's longest flush during the run, in ms (support/diskProbe.ts). */
  diskSyncMax: number;
}

let cpuOf: (pid: number) => CpuSample = () => ({ bench: NaN, bff: NaN, postgres: NaN });
let disk: DiskProbe | undefined;

interface Target {
  label: string;
  url: string;
  pid: number;
}

/** The BFF under measure; `measure` samples its CPU. */
let target: Target;
const cpuNow = () => cpuOf(target.pid);

async function measure(name: string, url: string, headers: Record<string, string>, connections: number, amount: number, next: () => { method: string; path: string; body?: string }): Promise<Run> {
  const cpuBefore = cpuNow();
  const times: number[] = [];
  let errors = 0;
  const statuses: Record<number, number> = {};
  const started = process.hrtime.bigint();
  const startedAt = Date.now();
  let last = started;
  const instance = autocannon({
    url,
    connections,
    amount,
    timeout: 30,
    headers,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => {
          const n = next();
          return { ...req, method: n.method, path: n.path, body: n.body };
        },
      },
    ],
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 300) {
      errors++;
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    times.push(ms);
    last = process.hrtime.bigint();
  });
  await instance;
  // up to the last response: autocannon itself stops on a one-second tick
  const seconds = Number(last - started) / 1e9;
  return { name, connections, latency: summarize(times), rps: times.length / seconds, errors, statuses, cpu: cpuBetween(cpuBefore, cpuNow()), diskSyncMax: disk?.longestBetween(startedAt, Date.now()) ?? NaN };
}

/** The ids in a shuffled order, then again, one per call. Updates take their entries in turn,
 * not at random: drawn at random, two of the 32 connections often changed the same entry at once
 * (1,600 entries: about one request in fifty), and each such pair cost a conflict, a second read
 * and write, sometimes a 409 — a contest for one entry that Path 1's users do not stage, which
 * bff/test/pathOne.test.ts covers ("concurrent updates of one entry"). Each entry is still
 * changed more than once over a run. */
function inTurn(ids: readonly number[]): () => number {
  const order = [...ids];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  let at = 0;
  return () => order[at++ % order.length]!;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-bench-path1-'));
  // Other work on the machine skews every figure: say how busy it was.
  const loadBefore = os.loadavg()[0]!;
  let child: ChildProcess | undefined;
  let compared: ChildProcess | undefined;
  let cluster: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  exitOnSignals();
  try {
    cluster = await startEmbeddedPostgres(dir, statementLogSink(), { fast: false });
    disk = startDiskProbe(dir);
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query('CREATE DATABASE carbon_bench');
    await enableStatementLog(admin);
    const settings = await admin.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes', 'server_version')`,
    );
    await admin.end();
    const databaseUrl = cluster.url('carbon_bench');
    await migrate(databaseUrl);
    const pool = createPool(databaseUrl, 4);
    await ensureLocations(pool);

    const bff = await startBenchBff(databaseUrl, path.join(dir, 'bff'));
    const origin = bff.origin;
    child = bff.child;
    const postmaster = postmasterPid(path.join(dir, 'pg'));
    cpuOf = (pid) => sampleCpu(pid, postmaster);
    target = { label: 'this', url: bff.url, pid: bff.child.pid! };
    const targets = [target];
    if (COMPARE) {
      // Signs in through the first one's IdP; the session cookie is good on both.
      const other = await startBff(
        { NODE_ENV: 'test', PORT: String(await freePort()), PUBLIC_ORIGIN: origin, OAUTH_ISSUER_URL: bff.issuer, OAUTH_CLIENT_SECRET: 'unused', DATABASE_URL: databaseUrl, DATA_DIR: path.join(dir, 'other'), SESSION_SECRET: 'benchmark-session-secret-0123456789', LOG_LEVEL: 'warn' },
        path.join(path.resolve(COMPARE), 'bench/support/path1Server.ts'),
        process.env.BENCH_COMPARE_NODE_ARGS ?? START_NODE_ARGS,
      );
      compared = other.child;
      targets.push({ label: 'other', url: other.url, pid: other.child.pid! });
    }
    const client = new TestClient(bff.url, origin);
    await login(client, 'alice');
    // As a browser sends them: it always accepts compressed answers.
    const headers = { cookie: `auth_token=${client.sessionCookie()}`, origin, 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' };
    const { unitId, headcountModule, entryIds } = await seed(pool, client);
    const base = `/api/modules/${unitId}/2025/professional-travel/plane`;

    // Updates pick among the first 3,000 seeded entries, deletes consume the others (7,000: the
    // warm-up and one full run take 500 + 5,200).
    const updatable = entryIds.slice(0, 3000);
    const deletable = entryIds.slice(3000);
    let created = 0;
    const create = () => ({
      method: 'POST',
      path: base,
      body: JSON.stringify({ origin: 'GVA', destination: ['JFK', 'LHR', 'CDG', 'FRA'][created++ % 4], cabin_class: 'economy', round_trip: true, traveler_id: TRAVELER }),
    });
    const nextUpdatable = inTurn(updatable);
    const update = () => ({
      method: 'PATCH',
      path: `${base}/${nextUpdatable()}`,
      body: JSON.stringify({ number_of_trips: 1 + Math.floor(Math.random() * 9) }),
    });
    const remove = () => ({ method: 'DELETE', path: `${base}/${deletable.pop()}` });
    const moduleBase = `/api/modules/${unitId}/2025`;
    const members = () => ({ method: 'GET', path: `/api/modules/${unitId}/2025/headcount/members` });
    const health = () => ({ method: 'GET', path: '/api/health' });
    const prefixes = ['par', 'zur', 'gen', 'lon', 'new y', 'san', 'ber', 'mu', 'l', 'lau'];
    let searched = 0;
    const places = () => ({ method: 'GET', path: `/api/locations/places?q=${encodeURIComponent(prefixes[searched++ % prefixes.length]!)}` });
    const airports = () => ({ method: 'GET', path: `/api/locations/airports?q=${encodeURIComponent(prefixes[searched++ % prefixes.length]!)}` });
    const session = () => ({ method: 'GET', path: '/api/v1/session' });

    // Warm-up (not recorded): JIT, connection pool, prepared statements, caches. A fresh process
    // spends CPU compiling for the first few thousand requests; production measures a warm one.
    for (const t of targets) {
      target = t;
      await measure('warm-up', t.url, headers, 32, 2000, create);
      await measure('warm-up', t.url, headers, 32, 2000, update);
      await measure('warm-up', t.url, headers, 32, 500, remove);
      await measure('warm-up', t.url, headers, 32, 1000, members);
      await measure('warm-up', t.url, headers, 32, 1000, session);
    }
    target = targets[0]!;

    const runs: Run[] = [];
    // Baselines: the HTTP stack alone, and with the session and user lookups every API call pays.
    for (const c of QUICK || OPS ? [] : [1, 32]) runs.push(await measure('baseline GET /api/health', bff.url, headers, c, REQUESTS[c]!, health));
    for (const c of OPS ? [] : QUICK ? [32] : [1, 32]) runs.push(await measure('baseline GET /api/v1/session', bff.url, headers, c, REQUESTS[c]!, session));
    // (health and session only when named in BENCH_OPS: to compare the HTTP stack alone)
    const writes = { create, update, delete: remove, ...(OPS ? { health, session } : {}) };
    for (const c of ONLY === 'members' ? [] : CONCURRENCY) {
      for (const [name, op] of Object.entries(writes)) {
        if (OPS && !OPS.includes(name)) continue;
        for (let i = 0; i < REPEAT; i++) {
          for (const t of targets) {
            target = t;
            runs.push(await measure(COMPARE ? `${name} [${t.label}]` : name, t.url, headers, c, requestsFor(name, c), op));
          }
        }
        target = targets[0]!;
      }
    }
    for (const c of ONLY === 'writes' || OPS ? [] : CONCURRENCY) runs.push(await measure('member list (2,000 members)', bff.url, headers, c, requestsFor('members', c), members));
    // Every entry type of the registry, at 32 connections: creates, then updates of half of what
    // they made, then deletes of the other half.
    const perType: { type: string; problem?: string }[] = [];
    for (const def of ONLY === 'members' || OPS ? [] : Object.values(ENTRY_TYPES)) {
      if (TYPES && !TYPES.includes(def.type)) continue;
      const typeBase = `${moduleBase}/${MODULES[def.module].slug}/${def.slug}`;
      const choices: Choices = {};
      for (const f of def.fields.filter((x) => x.required && x.factorChoices)) {
        const offered = await client.get<{ items: Record<string, string>[] }>(`${typeBase}/choices/${f.key}`);
        choices[f.key] = offered.body.items?.[0];
      }
      let n = 1_000 + perType.length * 100_000;
      const c = BARS.path1.connections;
      const amount = REQUESTS[c]!;
      const traveler = def.onePerPerson ? await morePeople(pool, headcountModule, 500_000 + perType.length * 100_000, amount + 1) : () => TRAVELER;
      const probe = await client.post(typeBase, createPayload(def, n++, 2025, traveler(), choices));
      if (probe.status !== 201) {
        perType.push({ type: def.type, problem: `no valid payload from its fields: ${probe.status} ${JSON.stringify(probe.body).slice(0, 200)}` });
        continue;
      }
      perType.push({ type: def.type });
      runs.push(await measure(`${def.type} create`, bff.url, headers, c, amount, () => ({ method: 'POST', path: typeBase, body: JSON.stringify(createPayload(def, n++, 2025, traveler(), choices)) })));
      const { rows: made } = await pool.query<{ id: number }>(
        `SELECT e.id FROM data_entries e JOIN carbon_report_modules m ON m.id = e.carbon_report_module_id JOIN carbon_reports r ON r.id = m.carbon_report_id
          WHERE r.unit_id = $1 AND r.year = 2025 AND e.data_entry_type = $2 ORDER BY e.id DESC LIMIT $3`,
        [unitId, def.type, amount],
      );
      const ids = made.map((r) => r.id);
      const toUpdate = ids.slice(0, ids.length / 2);
      const toDelete = ids.slice(ids.length / 2);
      const edit = updatePayload(def, 0);
      if (edit) {
        const nextToUpdate = inTurn(toUpdate);
        runs.push(await measure(`${def.type} update`, bff.url, headers, c, amount, () => ({ method: 'PATCH', path: `${typeBase}/${nextToUpdate()}`, body: JSON.stringify(updatePayload(def, n++)) })));
      }
      runs.push(await measure(`${def.type} delete`, bff.url, headers, c, toDelete.length, () => ({ method: 'DELETE', path: `${typeBase}/${toDelete.pop()}` })));
    }

    if (!QUICK && !ONLY && !OPS) {
      // Type-to-search (issue: answer within 20 ms), one user typing.
      runs.push(await measure('search places', bff.url, headers, 1, REQUESTS[1]!, places));
      runs.push(await measure('search airports', bff.url, headers, 1, REQUESTS[1]!, airports));
    }

    const { rows: size } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM data_entries e JOIN carbon_report_modules m ON m.id = e.carbon_report_module_id
        JOIN carbon_reports r ON r.id = m.carbon_report_id WHERE r.unit_id = $1 AND r.year = 2025 AND m.module_type = 'professional_travel'`,
      [unitId],
    );
    await pool.end();

    const fmt = (v: number) => v.toFixed(1).padStart(7);
    console.log(`\nPath 1 benchmark — ${os.cpus().length} cores, Node ${process.version}, PostgreSQL ${settings.rows.find((s) => s.name === 'server_version')?.setting}`);
    console.log(`machine load average (1 min): ${loadBefore.toFixed(2)} before, ${os.loadavg()[0]!.toFixed(2)} after`);
    const flushes = disk!.summary();
    console.log(`disk flushes beside the data (8 KiB, fdatasync, every 50 ms): p50 ${flushes.p50.toFixed(1)}, p99 ${flushes.p99.toFixed(1)}, max ${flushes.max.toFixed(0)} ms; ${flushes.stalls} of ${flushes.n} over 50 ms`);
    console.log(`durability: ${settings.rows.filter((s) => s.name !== 'server_version').map((s) => `${s.name}=${s.setting}`).join(', ')}`);
    console.log(`travel module: ${MODULE_ENTRIES.toLocaleString('en')} entries at start, ${size[0]!.n.toLocaleString('en')} at end; headcount: ${MEMBERS.toLocaleString('en')} members`);
    console.log('\n                                                                                          CPU ms per request     disk');
    console.log('operation                     conns  requests   p50 ms   p95 ms   p99 ms   max ms    req/s  non-2xx   bench    BFF     PG   flush max');
    const perRequest = (seconds: number, r: Run) => ((seconds * 1000) / r.latency.n).toFixed(2).padStart(7);
    for (const r of runs) {
      console.log(
        `${r.name.padEnd(30)}${String(r.connections).padStart(5)}${String(r.latency.n).padStart(10)}${fmt(r.latency.p50)}  ${fmt(r.latency.p95)}  ${fmt(r.latency.p99)}  ${fmt(r.latency.max)}  ${r.rps.toFixed(0).padStart(7)}  ${String(r.errors).padStart(7)}${perRequest(r.cpu.bench, r)}${perRequest(r.cpu.bff, r)}${perRequest(r.cpu.postgres, r)}${fmt(r.diskSyncMax)}`,
      );
    }
    if (COMPARE) {
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      console.log('\nmedians over the alternated runs        p95 ms   p99 ms    req/s   BFF ms/req  PG ms/req');
      for (const name of new Set(runs.map((r) => r.name).filter((n) => / \[(this|other)\]$/.test(n)))) {
        const rs = runs.filter((r) => r.name === name);
        const col = (f: (r: Run) => number, d = 1) => median(rs.map(f)).toFixed(d).padStart(9);
        console.log(`${name.padEnd(38)}${col((r) => r.latency.p95)}${col((r) => r.latency.p99)}${col((r) => r.rps, 0)}${col((r) => (r.cpu.bff * 1000) / r.latency.n, 3)}  ${col((r) => (r.cpu.postgres * 1000) / r.latency.n, 3)}`);
      }
    }
    const bar = BARS.path1;
    const typeRuns = runs.filter((r) => / (create|update|delete)$/.test(r.name));
    if (typeRuns.length || perType.length) {
      console.log(`\nEvery entry type at ${bar.connections} connections (p95 / p99 ms, non-2xx):`);
      for (const t of perType) {
        if (t.problem) {
          console.log(`  ${t.type.padEnd(14)} ${t.problem}`);
          continue;
        }
        const cells = ['create', 'update', 'delete'].map((op) => {
          const r = typeRuns.find((x) => x.name === `${t.type} ${op}`);
          return `${op} ${r ? `${r.latency.p95.toFixed(1)} / ${r.latency.p99.toFixed(1)}${r.errors ? ` (${r.errors} errors: ${Object.entries(r.statuses).map(([st, k]) => `${k}× ${st}`).join(', ')})` : ''}` : '-'}`;
        });
        console.log(`  ${t.type.padEnd(14)} ${cells.join('   ')}`);
      }
    }
    // The bar covers the writes of every type and the member list, whichever of them ran.
    const atBar = runs.filter((r) => r.connections === bar.connections && /(^(create|update|delete|member list))|( (create|update|delete)$)/.test(r.name));
    const missed = atBar.filter((r) => !(r.latency.p95 <= bar.p95 && r.latency.p99 <= bar.p99 && r.errors === 0)).map((r) => r.name);
    const unpayable = perType.filter((t) => t.problem).map((t) => t.type);
    console.log(`\nBar at ${bar.connections} connections (p95 ≤ ${bar.p95} ms, p99 ≤ ${bar.p99} ms, no errors): ${missed.length || unpayable.length ? `MISSED by ${[...missed, ...unpayable.map((t) => `${t} (not measured)`)].join(', ')}` : 'met'}`);
    const stalled = atBar.filter((r) => missed.includes(r.name) && r.diskSyncMax > bar.p99);
    if (stalled.length) console.log(`  of which the disk stalled a flush longer than ${bar.p99} ms during the run: ${stalled.map((r) => `${r.name} (${Math.round(r.diskSyncMax)} ms)`).join(', ')}`);
    if (atBar.length && !ONLY && !OPS && !TYPES) {
      const worst = (f: (r: Run) => number) => Math.round(10 * Math.max(...atBar.map(f))) / 10;
      recordResult('path1', {
        worst_p95_ms: unpayable.length ? null : worst((r) => r.latency.p95),
        worst_p99_ms: unpayable.length ? null : worst((r) => r.latency.p99),
        errors: atBar.reduce((t, r) => t + r.errors, 0),
        disk_flush_max_ms: worst((r) => r.diskSyncMax),
        ...Object.fromEntries(typeRuns.flatMap((r) => [[`${r.name.replace(' ', '_')}_p95_ms`, r.latency.p95], [`${r.name.replace(' ', '_')}_p99_ms`, r.latency.p99]])),
      });
    }
    fs.mkdirSync(path.join(HERE, 'out'), { recursive: true });
    fs.writeFileSync(path.join(HERE, 'out', 'path1.json'), JSON.stringify({ at: new Date().toISOString(), settings: settings.rows, runs }, null, 2));
  } finally {
    for (const c of [compared, child]) {
      if (!c || c.exitCode !== null) continue;
      const exited = new Promise((resolve) => c.once('exit', resolve));
      c.kill('SIGTERM');
      await exited;
    }
    await disk?.stop();
    await cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
