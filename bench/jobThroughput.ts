// Job claim + complete throughput with a no-op handler, at concurrency 1, 4 and 8, on one
// instance, and the same workload on graphile-worker against the same database, alternating
// (ROUNDS rounds per level, the order swapped each round): the bar (bench/bars.ts) is the median
// of the rounds' ratios ≥ 1 at every level. CPU per job of this process and of PostgreSQL is
// printed for both sides.
//   node --import tsx bench/jobThroughput.ts [jobs per level, default 3000] [--fast]
// Starts its own embedded PostgreSQL (durable settings unless --fast) and removes it at the end.
// graphile-worker comes from bench/node_modules: `npm install --prefix bench` (npm picks 0.17.x on
// Node 20: 0.18 declares Node ≥ 22.18; GRAPHILE_WORKER=<path to its dist/index.js> runs another).
import { createPool } from '../bff/src/db/pool';
import { createLogger } from '../bff/src/log';
import { createJobPool, JobRunner } from '../bff/src/jobs/runner';
import { round, startBenchDatabase, timeLimit } from './support/jobBench';
import { cpuBetween, postmasterPid, sampleCpu } from './support/cpuTime';
import { recordResult } from './support/results';

timeLimit(900);
const N = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 3000);
const FAST = process.argv.includes('--fast');
const LEVELS = (process.env.LEVELS ?? '1,4,8').split(',').map(Number);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const EVENTS_OFF = process.env.EVENTS_OFF === '1';

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

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : NaN;
};

interface Run {
  rate: number;
  /** CPU ms per job: this process (runner or graphile-worker) and PostgreSQL. */
  node: number;
  pg: number;
}

const db = await startBenchDatabase({ fast: FAST });
const postmaster = postmasterPid(db.dataDir);
async function measured(work: () => Promise<number>): Promise<Run> {
  const before = sampleCpu(process.pid, postmaster);
  const rate = await work();
  const cpu = cpuBetween(before, sampleCpu(process.pid, postmaster));
  return { rate, node: (cpu.bench * 1000) / N, pg: (cpu.postgres * 1000) / N };
}
const fmt = (r: Run | undefined) => (r ? `${String(round(r.rate, 0)).padStart(6)} (${r.node.toFixed(2)} / ${r.pg.toFixed(2)})` : '-');

try {
  console.log(`job claim + complete, no-op handler, ${N} jobs per run, one instance, PostgreSQL ${FAST ? 'fast (fsync off)' : 'durable (defaults)'}, ${ROUNDS} alternating rounds per level`);
  const gw = process.env.NO_GRAPHILE ? 'skipped' : await loadGraphile();
  if (typeof gw !== 'string') {
    const pool = createPool(db.url, 2);
    await gw.runMigrations({ pgPool: pool });
    await pool.end();
  }
  else console.log(gw);
  console.log('jobs/s (CPU ms per job: node / PostgreSQL)');
  console.log(`concurrency round | ours               | graphile-worker    | ratio${EVENTS_OFF ? ' | ours without job events' : ''}`);
  const figures: Record<string, number | null> = {};
  const summary: string[] = [];
  for (const c of LEVELS) {
    const ratios: number[] = [];
    const rates: number[] = [];
    const graphileRates: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      // Alternate which side goes first: the machine's load drifts, and the first run of a level
      // warms what the second then finds warm.
      let a: Run;
      let b: Run | undefined;
      const runGraphile = async () => (typeof gw === 'string' ? undefined : await measured(() => graphile(gw, db.url, c)));
      if (r % 2 === 0) {
        a = await measured(() => ours(db.url, c));
        b = await runGraphile();
      } else {
        b = await runGraphile();
        a = await measured(() => ours(db.url, c));
      }
      const quiet = EVENTS_OFF ? await measured(() => ours(db.url, c, false)) : undefined;
      rates.push(a.rate);
      if (b) {
        graphileRates.push(b.rate);
        ratios.push(a.rate / b.rate);
      }
      const ratio = b ? round(a.rate / b.rate, 2) : '-';
      console.log(`${String(c).padStart(11)} ${String(r + 1).padStart(5)} | ${fmt(a)} | ${fmt(b)} | ${String(ratio).padStart(5)}${quiet ? ` | ${fmt(quiet)}` : ''}`);
    }
    figures[`ratio_c${c}`] = ratios.length ? round(median(ratios), 2) : null;
    figures[`ours_c${c}`] = round(median(rates), 0);
    figures[`graphile_c${c}`] = graphileRates.length ? round(median(graphileRates), 0) : null;
    summary.push(`c=${c}: median ratio ${figures[`ratio_c${c}`] ?? '-'} (ours ${figures[`ours_c${c}`]} jobs/s, graphile-worker ${figures[`graphile_c${c}`] ?? '-'}; ratios ${ratios.map((x) => round(x, 2)).join(', ')})`);
  }
  console.log(summary.join('\n'));
  recordResult('jobThroughput', figures);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await db.stop();
}
