// The job system of one instance: the runner (with its own connection pool) and the built-in
// handlers. The composition root creates it before the app, tells it where to hear about jobs
// that changed state on any instance, starts it once the app is listening and stops it early.
import type { Config } from '../config';
import type { Logger } from '../log';
import { createJobPool, JobRunner, within } from './runner';
import { unitSyncHandler } from './handlers/unitSync';
import { DEFAULT_UNIT_DIRECTORY } from './handlers/unitSync/directory';
import { pipelineHandlers } from './handlers/pipeline';
import type { JobHandler, JobRow } from './types';
import type { TransitionObserver } from './transitionLog';
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

/** A job's new state, as any instance announces it. */
export type JobStateChange = Pick<JobRow, 'state' | 'combination_key'>;

export interface JobSystemDeps {
  config: Config;
  log: Logger;
  databaseUrl: string;
  /** Subscribes to the state changes of jobs on every instance (the instance's LISTEN
   * connection): a job that stopped running frees its combination for jobs blocked here. */
  onJobStateChange: (fn: (change: JobStateChange) => void) => unknown;
  /** Told of every job transition this instance makes (metrics). */
  onTransition?: TransitionObserver;
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
    onTransition: d.onTransition,
  });
  runner.register(unitSyncHandler({ source: config.UNIT_DIRECTORY ?? DEFAULT_UNIT_DIRECTORY }));
  for (const h of pipelineHandlers) runner.register(h);
  // A job that finished (or went back to waiting) anywhere frees its combination for the jobs
  // held back here.
  d.onJobStateChange((change) => {
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
