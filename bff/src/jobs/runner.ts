// The job runner of one instance: its handler registry, a bounded in-process queue in front of
// runJob, the safety poller, retry timers, and graceful shutdown (stop claiming, wait, release).
import os from 'node:os';
import crypto from 'node:crypto';
import type { Logger } from '../log';
import { createPool, releaseClient, type Pool, type PoolClient } from '../db/pool';
import { systemClock, type Clock } from '../core/clock';
import * as jobSql from './sql';
import { HandlerRegistry } from './registry';
import { AttemptAborted, runJob, type RunDeps } from './runJob';
import { SafetyPoller } from './poller';
import { InstanceLiveness } from './liveness';
import { insertJob } from './chainJob';
import { claimJobs, finishJobs, type ClaimResult } from './claimJob';
import { Coalescer } from './coalescer';
import { Transitions } from './transitionLog';
import type { JobLifecycle } from './lifecycle';
import type { JobHandler, JobRow, NewJob, RunOutcome } from './types';

export interface RunnerOptions {
  /** Sessions for claims, progress and domain writes: two per running job, plus the poller's.
   * Its own, from createJobPool (asynchronous commit; any pool works, only slower). */
  pool: Pool;
  log: Logger;
  /** Where the liveness session connects (by default, where the pool does). */
  databaseUrl?: string;
  /** The source of now for the rescue rule and the poller's timing (tests move their own). */
  clock?: Clock;
  instanceId?: string;
  concurrency?: number;
  pollIntervalMs?: number;
  /** A RUNNING job whose instance has been silent this long is rescued, even while its liveness
   * session lives (default 60 s); one whose liveness session ended is rescued at once. */
  rescueAfterMs?: number;
  retryBaseMs?: number;
  defaultTimeoutMs?: number;
  shutdownGraceMs?: number;
  progressMinIntervalMs?: number;
  /** Where this instance's job transitions are emitted (`transition`; the metrics listen). */
  lifecycle?: JobLifecycle;
  /** Run the safety poller (heartbeat, rescue, orphans) on its timer. Off: it ticks only when
   * told (tick()), for tests that drive it, or test runJob alone. */
  poll?: boolean;
}

/**
 * The runner's sessions. Claims, progress steps, failures, heartbeats and finishes without domain
 * writes commit asynchronously: NOTIFY serialises committing transactions cluster-wide, and a WAL
 * flush under that lock per state change would cap the whole cluster near one flush per event.
 * Losing such a commit in a crash only sends a job back to an earlier state (rescued, re-run
 * without effects). What must last opens with DURABLE_BEGIN: a domain transaction (the handler's
 * writes, its children and the finish, which also makes every earlier commit durable) and a new
 * job (createJob).
 */
export function createJobPool(databaseUrl: string, size: number): Pool {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `${url.searchParams.get('options') ?? ''} -c synchronous_commit=off`.trim());
  return createPool(url.href, size, { applicationName: JOB_POOL_APPLICATION });
}

/** How the job pool's sessions (progress, domain, poller) show in pg_stat_activity. */
export const JOB_POOL_APPLICATION = 'carbon-bff-jobs';

/** Waits for `work`, but no longer than `ms`. */
export async function within(work: Promise<unknown> | undefined, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((r) => (timer = setTimeout(r, ms)))]);
  clearTimeout(timer);
}

export function newInstanceId(): string {
  return `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
}

interface Queued {
  id: number;
  resolve: (o: RunOutcome) => void;
}

export class JobRunner {
  readonly instanceId: string;
  readonly registry = new HandlerRegistry();
  readonly concurrency: number;
  readonly rescueAfterMs: number;
  readonly defaultTimeoutMs: number;
  readonly clock: Clock;
  /** This instance's liveness session (its lock's key, for operations and tests). */
  readonly liveness: InstanceLiveness;
  private readonly pool: Pool;
  private readonly log: Logger;
  private readonly transitions: Transitions;
  private readonly opts: RunnerOptions;
  private readonly queue: Queued[] = [];
  private readonly inFlight = new Map<number, Promise<RunOutcome>>();
  /** Fired again while queued or running here: run once more when the current run ends (the
   * reason for the firing may postdate what the current run saw). */
  private readonly again = new Set<number>();
  private readonly attempts = new Map<number, AbortController>();
  /** Jobs held back behind an earlier job of their combination, by combination key. */
  private readonly waiters = new Map<string, Set<number>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly deps: RunDeps;
  private running = 0;
  /** Handlers running here: at most `concurrency`. A job whose handler has returned gives its slot
   * to the next one while its finish is on its way (it still counts in `running`). */
  private handlers = 0;
  private stopping = false;
  private readonly poller: SafetyPoller;
  private idle: (() => void)[] = [];

  constructor(opts: RunnerOptions) {
    this.opts = opts;
    this.pool = opts.pool;
    this.log = opts.log;
    this.instanceId = opts.instanceId ?? newInstanceId();
    this.transitions = new Transitions(this.log, this.instanceId, opts.lifecycle);
    this.concurrency = opts.concurrency ?? 4;
    this.rescueAfterMs = opts.rescueAfterMs ?? 60_000;
    this.defaultTimeoutMs = opts.defaultTimeoutMs ?? 30 * 60_000;
    this.clock = opts.clock ?? systemClock;
    const databaseUrl = opts.databaseUrl ?? opts.pool.options.connectionString;
    if (!databaseUrl) throw new Error('JobRunner needs databaseUrl (its pool has no connection string).');
    this.liveness = new InstanceLiveness({ connectionString: databaseUrl, instanceId: this.instanceId, clock: this.clock, log: this.log });
    this.poller = new SafetyPoller({
      pool: this.pool,
      log: this.log,
      transitions: this.transitions,
      clock: this.clock,
      instanceId: this.instanceId,
      intervalMs: opts.pollIntervalMs ?? 10_000,
      rescueAfterMs: this.rescueAfterMs,
      types: () => this.registry.types(),
      room: () => this.concurrency * 2 - this.queue.length - this.running,
      fire: (id) => this.fire(id),
    });
    // Claims and finishes without domain writes made while one is on its way go together in the
    // next statement (coalescer.ts): with several jobs running, one round trip and one commit
    // serve several jobs.
    const claims = new Coalescer<number, ClaimResult>((ids) => claimJobs(this.pool, ids, this.instanceId, this.registry.types()));
    const finishes = new Coalescer<jobSql.Finish, boolean>(async (list) => {
      const owned = await finishJobs(this.pool, this.instanceId, list);
      return list.map((f) => owned.has(f.id));
    });
    this.deps = {
      pool: this.pool,
      claim: (id) => claims.run(id),
      finish: (f) => finishes.run(f),
      registry: this.registry,
      instanceId: this.instanceId,
      log: this.log,
      transitions: this.transitions,
      retryBaseMs: opts.retryBaseMs ?? 2_000,
      defaultTimeoutMs: this.defaultTimeoutMs,
      progressMinIntervalMs: opts.progressMinIntervalMs ?? 100,
      attempts: this.attempts,
      isStopping: () => this.stopping,
      fire: (children) => children.forEach((c) => (c.dueInMs > 0 ? this.fireLater(c.id, c.dueInMs) : this.fire(c.id))),
      combinationFree: (key) => this.combinationFree(key),
      blocked: (job) => {
        const set = this.waiters.get(job.combination_key) ?? new Set<number>();
        set.add(job.id);
        this.waiters.set(job.combination_key, set);
      },
      retryAfter: (id, ms) => this.fireLater(id, ms),
    };
  }

  /** Adds the handler of a job type; a second handler for the same type throws. */
  register(handler: JobHandler): void {
    this.registry.register(handler);
  }

  canRun(jobType: string): boolean {
    return this.registry.get(jobType) !== undefined;
  }

  timeoutFor(jobType: string): number {
    return this.registry.get(jobType)?.timeoutMs ?? this.defaultTimeoutMs;
  }

  /** Registers this instance as alive (its liveness session and lock) and starts the poller. */
  async start(): Promise<void> {
    await this.liveness.start();
    await jobSql.pruneInstances(this.pool);
    if (this.opts.poll !== false) this.poller.start();
  }

  /** One tick of the safety poller now (SafetyPoller.tick). */
  tick(): Promise<boolean> {
    return this.poller.tick();
  }

  /** run_job through this instance's queue; resolves when the attempt is over. A job already
   * queued or running here is not queued twice, but runs once more after. */
  runJob(id: number): Promise<RunOutcome> {
    const existing = this.inFlight.get(id);
    if (existing) {
      this.again.add(id);
      return existing;
    }
    if (this.stopping) return Promise.resolve('stopped');
    const done = new Promise<RunOutcome>((resolve) => this.queue.push({ id, resolve }));
    this.inFlight.set(id, done);
    this.drain();
    return done;
  }

  /** Runs a job in the background (in-process firing). */
  fire(id: number): void {
    if (!this.stopping) void this.runJob(id);
  }

  /** Inserts a new pipeline's first job (committed at once) and fires it. `alongside` writes in
   * the same transaction (the request's audit line): the job exists only if it commits too. */
  async createJob(job: NewJob, alongside?: (db: PoolClient, row: JobRow) => Promise<void>): Promise<JobRow> {
    const client = await this.pool.connect();
    let row: Awaited<ReturnType<typeof insertJob>>;
    try {
      await client.query(jobSql.DURABLE_BEGIN);
      row = await insertJob(client, job);
      if (alongside) await alongside(client, row);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      releaseClient(client);
    }
    if (row.due_in_ms > 0) this.fireLater(row.id, row.due_in_ms);
    else this.fire(row.id);
    return row;
  }

  /** A job of a combination (its combination_key, from the job's row or its event) finished,
   * failed or went back to waiting, here or elsewhere: the jobs of that combination held back
   * here are tried again (those still behind an earlier job wait again). */
  combinationFree(key: string): void {
    const ids = this.waiters.get(key);
    if (!ids) return;
    this.waiters.delete(key);
    for (const id of ids) this.fire(id);
  }

  /** Jobs queued or running on this instance. */
  backlog(): number {
    return this.queue.length + this.running;
  }

  /** Resolves when nothing is queued or running here. */
  whenIdle(): Promise<void> {
    if (this.backlog() === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private fireLater(id: number, ms: number): void {
    if (this.stopping) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      this.fire(id);
    }, ms);
    t.unref();
    this.timers.add(t);
  }

  private drain(): void {
    while (this.handlers < this.concurrency && this.queue.length) {
      const { id, resolve } = this.queue.shift()!;
      this.running++;
      this.handlers++;
      let slotHeld = true;
      const freeSlot = () => {
        if (!slotHeld) return;
        slotHeld = false;
        this.handlers--;
        this.drain();
      };
      void runJob(this.deps, id, freeSlot)
        .catch((err: unknown) => {
          this.log.error({ err, job_id: id }, 'runJob failed');
          return 'not_runnable' as const;
        })
        .then((outcome) => {
          freeSlot();
          this.running--;
          this.inFlight.delete(id);
          resolve(outcome);
          if (this.again.delete(id) && outcome !== 'finished' && outcome !== 'failed') this.fire(id);
          this.drain();
          if (this.backlog() === 0) this.idle.splice(0).forEach((fn) => fn());
        });
    }
  }

  /** Graceful stop: no new claims, running attempts get a grace period, the rest are released
   * to other instances, and this instance leaves job_instances. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const q of this.queue.splice(0)) {
      this.inFlight.delete(q.id);
      q.resolve('stopped');
    }
    // The poller keeps beating through the grace (it fires nothing now): a silent instance's
    // running jobs would be rescued by the others in the middle of their grace.
    await within(this.whenIdle(), this.opts.shutdownGraceMs ?? 10_000);
    // Every wait is bounded: a stop must end even when the database does not answer.
    await within(this.poller.stop(), 5_000);
    try {
      if (this.running > 0) {
        const { rows } = await jobSql.releaseJobs(this.pool, { instanceId: this.instanceId });
        for (const job of rows) this.transitions.record(job, { from: 'RUNNING', to: 'NOT_STARTED', message: 'released at shutdown' });
        for (const c of this.attempts.values()) c.abort(new AttemptAborted('shutdown', 'The instance is shutting down.'));
        await within(this.whenIdle(), 5_000);
      }
      await jobSql.deleteInstance(this.pool, { instanceId: this.instanceId });
    } catch (err) {
      // Unreleased jobs are rescued by the other instances once the liveness session ends below.
      this.log.warn({ err }, 'job runner could not release its jobs at shutdown');
    }
    await within(this.liveness.stop(), 5_000);
  }
}
