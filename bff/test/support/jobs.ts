// Helpers for job pipeline tests: a database of their own, runners built from the public
// JobRunner API (each with its own sessions, like separate instances), waiting and barriers.
import { createPool, type Pool } from '../../src/db/pool';
import { createLogger } from '../../src/log';
import { createJobPool, JobRunner, type RunnerOptions } from '../../src/jobs/runner';
import { insertJob } from '../../src/jobs/chainJob';
import type { JobRow, NewJob } from '../../src/jobs/types';
import { createTestDatabase } from './stack';

export const silentLog = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');

/** What test handlers write, one row per attempt that commits: `note` is the job's status message
 * when the attempt started (a rescued job's says which rule rescued it). */
export const CREATE_TEST_EFFECTS =
  'CREATE TABLE test_effects (job_id bigint NOT NULL, attempt integer, instance text, note text, at timestamptz NOT NULL DEFAULT clock_timestamp())';

/** A job of the test type; `i` makes its combination distinct. */
export function testJob(i: number | string = 0, extra: Partial<NewJob> = {}): NewJob {
  return { job_type: 'test_work', entity_type: 'MODULE_PER_YEAR', target: 'DATA_ENTRIES', module_type: `m${i}`, year: 2025, ...extra };
}

export interface JobTestDb {
  url: string;
  pool: Pool;
  runners: JobRunner[];
  /** A runner with its own pool; started (registered in job_instances) unless told. */
  runner(opts?: Partial<RunnerOptions> & { start?: boolean; poolSize?: number }): Promise<JobRunner>;
  insert(job: NewJob): Promise<JobRow>;
  job(id: number): Promise<JobRow>;
  close(): Promise<void>;
}

export async function jobTestDb(): Promise<JobTestDb> {
  const url = await createTestDatabase();
  const pool = createPool(url, 20);
  await pool.query(CREATE_TEST_EFFECTS);
  const runners: JobRunner[] = [];
  const pools: Pool[] = [];
  const db: JobTestDb = {
    url,
    pool,
    runners,
    async runner(opts = {}) {
      const { start = true, poolSize, ...rest } = opts;
      const concurrency = rest.concurrency ?? 4;
      const own = createJobPool(url, poolSize ?? concurrency * 2 + 2);
      pools.push(own);
      const r = new JobRunner({ pool: own, databaseUrl: url, log: silentLog, poll: false, retryBaseMs: 20, ...rest, concurrency });
      runners.push(r);
      if (start) await r.start();
      return r;
    },
    insert: (job) => insertJob(pool, job),
    async job(id) {
      const { rows } = await pool.query<JobRow>('SELECT * FROM data_ingestion_jobs WHERE id = $1', [id]);
      return rows[0]!;
    },
    async close() {
      for (const r of runners) await r.stop().catch(() => {});
      for (const p of pools) await p.end().catch(() => {});
      await pool.end();
    },
  };
  return db;
}

export interface Deferred<T = void> {
  promise: Promise<T>;
  resolve: (v: T) => void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns a truthy value; throws with `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => Promise<T> | T, timeoutMs = 10_000, everyMs = 20): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}
