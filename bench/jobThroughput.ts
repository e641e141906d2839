// Job claim + complete throughput with a no-op handler, at concurrency 1, 4 and 8, on one
// instance (bar: ≥ 1,000 jobs/s), and the same workload on graphile-worker against the same
// database for a side-by-side ratio.
//   node --import tsx bench/jobThroughput.ts [jobs per level, default 3000] [--fast]
// Starts its own embedded PostgreSQL (durable settings unless --fast) and removes it at the end.
// graphile-worker comes from bench/node_modules: `npm install --prefix bench` (npm picks 0.17.x on
// Node 20: 0.18 declares Node ≥ 22.18; GRAPHILE_WORKER=<path to its dist/index.js> runs another).
import { createPool } from '../bff/src/db/pool';
import { createLogger } from '../bff/src/log';
import { createJobPool, JobRunner } from '../bff/src/jobs/runner';
import { round, startBenchDatabase, timeLimit } from './support/jobBench';

timeLimit(600);
const N = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 3000);
const FAST = process.argv.includes('--fast');
const LEVELS = (process.env.LEVELS ?? '1,4,8').split(',').map(Number);

/** The part of graphile-worker's API used here (it is an optional, bench-only dependency). */
interface GraphileRunner {
  stop(): Promise<void>;
  events: { on(event: 'job:complete', fn: () => void): void };
}
interface GraphileWorker {
  run(opts: Record<string, unknown>): Promise<GraphileRunner>;
  runMigrations(opts: { pgPool: unknown }): Promise<void>;
  Logger: new (factory: () => () => void) => unknown;
}

async function loadGraphile(): Promise<GraphileWorker | string> {
  // A variable: typechecking must not need the optional package. GRAPHILE_WORKER may name another
  // install (its entry file), e.g. a 0.18 one, which declares Node ≥ 22.
  const name = process.env.GRAPHILE_WORKER ?? 'graphile-worker';
  try {
    const mod = (await import(name)) as Partial<GraphileWorker> & { default?: GraphileWorker };
    return mod.run ? (mod as GraphileWorker) : mod.default!;
  } catch (err) {
    return `graphile-worker is not installed (npm install --prefix bench): ${(err as Error).message.split('\n')[0]}`;
  }
}

/** Our runner; `events: false` switches the job event trigger off (a diagnostic: what the
 * NOTIFY per state change costs, which graphile-worker does not do). */
async function ours(url: string, concurrency: number, events = true): Promise<number> {
  const pool = createJobPool(url, concurrency * 2 + 2);
  await pool.query(`ALTER TABLE data_ingestion_jobs ${events ? 'ENABLE' : 'DISABLE'} TRIGGER data_ingestion_jobs_notify`);
  const runner = new JobRunner({ pool, log: createLogger('silent'), concurrency, poll: false });
  runner.register({ type: 'bench_noop', writes: [], run: async () => {} });
  await runner.start();
  // Distinct combinations: jobs of one combination would (rightly) run one at a time.
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO data_ingestion_jobs (job_type, entity_type, target, module_type)
     SELECT 'bench_noop', 'MODULE_PER_YEAR', 'DATA_ENTRIES', md5(random()::text) FROM generate_series(1, $1) g RETURNING id`,
    [N],
  );
  await Promise.all(Array.from({ length: concurrency * 2 }, () => runner.runJob(0))); // warm sessions
  const t0 = performance.now();
  const outcomes = await Promise.all(rows.map((r) => runner.runJob(r.id)));
  const seconds = (performance.now() - t0) / 1000;
  const finished = outcomes.filter((o) => o === 'finished').length;
  if (finished !== N) throw new Error(`only ${finished} of ${N} jobs finished`);
  await runner.stop();
  await pool.query('ALTER TABLE data_ingestion_jobs ENABLE TRIGGER data_ingestion_jobs_notify');
  await pool.end();
  return N / seconds;
}

async function graphile(gw: GraphileWorker, url: string, concurrency: number): Promise<number> {
  // Its sessions from a pool of ours, sized like ours, and ended by us.
  const pool = createPool(url, concurrency * 2 + 2);
  pool.on('connect', (client) => client.on('error', () => {})); // graphile-worker asks for it
  await pool.query(`SELECT graphile_worker.add_job('noop', '{}'::json) FROM generate_series(1, $1)`, [N]);
  let done = 0;
  let allDone!: () => void;
  const all = new Promise<void>((resolve) => (allDone = resolve));
  const t0 = performance.now();
  const runner = await gw.run({
    pgPool: pool,
    concurrency,
    noHandleSignals: true,
    pollInterval: 1000,
    logger: new gw.Logger(() => () => {}),
    taskList: { noop: async () => {} },
  });
  runner.events.on('job:complete', () => {
    if (++done === N) allDone();
  });
  await all;
  const seconds = (performance.now() - t0) / 1000;
  await runner.stop();
  await pool.end();
  return N / seconds;
}

const db = await startBenchDatabase({ fast: FAST });
try {
  console.log(`job claim + complete, no-op handler, ${N} jobs per level, one instance, PostgreSQL ${FAST ? 'fast (fsync off)' : 'durable (defaults)'}`);
  const gw = process.env.NO_GRAPHILE ? 'skipped' : await loadGraphile();
  if (typeof gw !== 'string') {
    const pool = createPool(db.url, 2);
    await gw.runMigrations({ pgPool: pool });
    await pool.end();
  }
  else console.log(gw);
  console.log('concurrency | ours jobs/s | graphile-worker jobs/s | ratio | (ours without job events)');
  for (const c of LEVELS) {
    const a = await ours(db.url, c);
    const b = typeof gw === 'string' ? NaN : await graphile(gw, db.url, c);
    const quiet = await ours(db.url, c, false);
    const ratio = Number.isNaN(b) ? '-' : round(a / b, 2);
    console.log(`${String(c).padStart(11)} | ${String(round(a, 0)).padStart(11)} | ${String(round(b, 0)).padStart(22)} | ${String(ratio).padStart(5)} | ${round(quiet, 0)}`);
  }
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await db.stop();
}
