// The job system of one instance: the runner (with its own connection pool) and the built-in
// handlers. The composition root creates it before the app, tells it where to hear about jobs
// that changed state on any instance, starts it once the app is listening and stops it early.
import type { Config } from '../config';
import type { Logger } from '../log';
import { createJobPool, JobRunner, within } from './runner';
import { unitSyncHandler } from './handlers/unitSync';
import { DEFAULT_UNIT_DIRECTORY } from './handlers/unitSync/directory';
import { pipelineHandlers } from './handlers/pipeline';
import type { JobHandler } from './types';
import type { JobLifecycle } from './lifecycle';
import type { Pool } from '../db/pool';

export interface JobSystem {
  runner: JobRunner;
  /** The jobs' own connections (metrics read their use). */
  pool: Pool;
  /** Adds the handler of a job type (exactly one per type). */
  register(handler: JobHandler): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobSystemDeps {
  config: Config;
  log: Logger;
  databaseUrl: string;
  /** The lifecycle events: the runner emits its transitions there and hears (`changed`, from
   * the instance's LISTEN connection) the jobs that stopped running on any instance, which free
   * their combination for jobs blocked here. */
  lifecycle: JobLifecycle;
}

export function createJobSystem(d: JobSystemDeps): JobSystem {
  const { config, log } = d;
  // Jobs get their own sessions: two per running job plus the poller's, so HTTP traffic can
  // never starve a job of its progress session (or the reverse).
  const jobsPool = createJobPool(d.databaseUrl, config.JOB_CONCURRENCY * 2 + 2);
  const runner = new JobRunner({
    pool: jobsPool,
    log: log.child({ component: 'jobs' }),
    concurrency: config.JOB_CONCURRENCY,
    pollIntervalMs: config.POLLER_INTERVAL_SECONDS * 1000,
    rescueAfterMs: config.JOB_RESCUE_AFTER_SECONDS * 1000,
    shutdownGraceMs: config.JOB_SHUTDOWN_GRACE_SECONDS * 1000,
    databaseUrl: d.databaseUrl,
    lifecycle: d.lifecycle,
  });
  runner.register(unitSyncHandler({ source: config.UNIT_DIRECTORY ?? DEFAULT_UNIT_DIRECTORY }));
  for (const h of pipelineHandlers) runner.register(h);
  // A job that finished (or went back to waiting) anywhere frees its combination for the jobs
  // held back here.
  d.lifecycle.on('changed', (change) => {
    if (change.state !== 'RUNNING') runner.combinationFree(change.combination_key);
  });

  return {
    runner,
    pool: jobsPool,
    register: (h) => runner.register(h),
    start: () => runner.start(),
    stop: async () => {
      await runner.stop();
      // A session a stuck handler still holds must not keep the process from stopping.
      await within(jobsPool.end(), 5_000);
    },
  };
}
