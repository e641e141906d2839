// The job system of one instance: runner (with its own connection pool), the built-in handlers,
// the LISTEN connection and the SSE hub. The composition root creates it before the app, starts
// it once the app is listening and stops it first.
import type { Config } from '../config';
import type { Logger } from '../log';
import type { Pool } from '../db/pool';
import type { SessionEvents } from '../auth/sessionEvents';
import { lifetimes } from '../auth/session';
import { JobEventListener } from '../events/listener';
import { EventHub } from '../events/hub';
import { createJobPool, JobRunner, within } from './runner';
import { unitSyncHandler } from './handlers/unitSync';
import { DEFAULT_UNIT_DIRECTORY } from './handlers/unitSync/directory';
import { pipelineHandlers } from './handlers/pipeline';
import type { JobHandler } from './types';

export interface JobSystem {
  runner: JobRunner;
  listener: JobEventListener;
  hub: EventHub;
  /** Adds the handler of a job type (exactly one per type). */
  register(handler: JobHandler): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobSystemDeps {
  config: Config;
  log: Logger;
  databaseUrl: string;
  /** The application pool, for the hub's reads (snapshots, session checks). */
  pool: Pool;
  sessionEvents: SessionEvents;
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
  });
  runner.register(unitSyncHandler({ source: config.UNIT_DIRECTORY ?? DEFAULT_UNIT_DIRECTORY }));
  for (const h of pipelineHandlers) runner.register(h);

  const listener = new JobEventListener({ connectionString: d.databaseUrl, log: log.child({ component: 'events' }) });
  const hub = new EventHub({
    pool: d.pool,
    listener,
    sessionEvents: d.sessionEvents,
    lifetimes: lifetimes(config),
    log,
    maxStreamsPerUser: config.SSE_MAX_STREAMS_PER_USER,
  });
  // A job that finished anywhere frees its combination for jobs blocked here.
  listener.onEvent((e) => {
    if (e.state !== 'RUNNING') runner.combinationFree(e);
  });

  return {
    runner,
    listener,
    hub,
    register: (h) => runner.register(h),
    start: async () => {
      await listener.start();
      await runner.start();
    },
    stop: async () => {
      hub.stop();
      await runner.stop();
      await listener.stop();
      // A session a stuck handler still holds must not keep the process from stopping.
      await within(jobsPool.end(), 5_000);
    },
  };
}
