// run_job(id), the only dispatch path (DESIGN §9): load and claim (one statement), look up the
// one handler of the job type, run it with two sessions — progress on one, committed step by
// step; domain writes on the other, committed once together with the conditional finish — then
// fire the children.
import type { Logger } from '../log';
import type { Pool, PoolClient } from '../db/pool';
import type { JobProgress } from '@carbon/shared';
import * as jobSql from './sql';
import { claimJob } from './claimJob';
import { DomainSession } from './domainSession';
import { chainAggregation, chainJob } from './chainJob';
import { logTransition } from './transitionLog';
import type { HandlerRegistry } from './registry';
import { PermanentJobError, type JobContext, type JobHandler, type JobOutcome, type JobRow, type RunOutcome } from './types';

export interface RunDeps {
  pool: Pool;
  registry: HandlerRegistry;
  instanceId: string;
  log: Logger;
  retryBaseMs: number;
  defaultTimeoutMs: number;
  /** Progress steps closer together than this (same phase) are not written. */
  progressMinIntervalMs: number;
  /** Attempts in progress, so that shutdown can abort them. */
  attempts: Map<number, AbortController>;
  isStopping(): boolean;
  /** Children committed with their parent: fire them (when due). */
  fire(children: { id: number; dueInMs: number }[]): void;
  /** A job of this combination (its combination_key) finished, failed or went back to waiting:
   * the jobs held back behind it may now be claimable. */
  combinationFree(combinationKey: string): void;
  /** Held back behind an earlier job of its combination: run again when the combination frees. */
  blocked(job: JobRow): void;
  retryAfter(id: number, delayMs: number): void;
}

export class AttemptAborted extends Error {
  constructor(
    readonly kind: 'timeout' | 'lost' | 'shutdown',
    message: string,
  ) {
    super(message);
  }
}

const MAX_BACKOFF_MS = 10 * 60_000;

export function backoffMs(baseMs: number, attempts: number): number {
  const exp = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp * (0.75 + Math.random() * 0.5));
}

function errorMessage(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.length > 1000 ? `${text.slice(0, 997)}...` : text;
}

/** Resolves with the handler's outcome, or rejects as soon as the attempt is aborted. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => {}); // an abandoned handler may still reject later
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

function validProgress(p: JobProgress): JobProgress {
  const out: JobProgress = {};
  for (const key of ['done', 'total'] as const) {
    const v = p[key];
    if (v === undefined) continue;
    if (!Number.isFinite(v) || v < 0) throw new Error(`progress.${key} must be a non-negative number`);
    out[key] = v;
  }
  if (p.phase !== undefined) out.phase = String(p.phase).slice(0, 100);
  return out;
}

export async function runJob(d: RunDeps, id: number): Promise<RunOutcome> {
  if (d.isStopping()) return 'stopped';
  const progressDb = await d.pool.connect();
  try {
    // The claim reads the job itself and takes only types registered here (one round trip).
    const claim = await claimJob(progressDb, id, d.instanceId, d.registry.types());
    if (claim.status === 'claimed') return await runAttempt(d, d.registry.get(claim.job.job_type)!, claim.job, progressDb);
    const job = claim.job;
    if (claim.status === 'blocked') {
      d.blocked(claim.job);
      // The job it waits for may have finished while the claim's answer was on its way, before
      // the wait was registered: look once more, so the wake-up is not left to the poller.
      const again = (await jobSql.loadJob(progressDb, { id })).rows[0];
      if (again?.state === 'NOT_STARTED' && again.waits_for === null) d.combinationFree(claim.job.combination_key);
      return 'blocked';
    }
    if (job?.state === 'NOT_STARTED' && job.due && !d.registry.get(job.job_type)) {
      d.log.warn({ job_id: id, job_type: job.job_type }, 'no handler registered for this job type on this instance');
      return 'no_handler';
    }
    return 'not_runnable';
  } finally {
    progressDb.release();
  }
}

async function runAttempt(d: RunDeps, handler: JobHandler, job: JobRow, progressDb: PoolClient): Promise<RunOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const log = d.log.child({ job_id: job.id, job_type: job.job_type, pipeline_id: job.pipeline_id });
  logTransition(d.log, job, d.instanceId, { from: 'NOT_STARTED', to: 'RUNNING', attempt: job.attempts });

  const controller = new AbortController();
  d.attempts.set(job.id, controller);
  // Claimed while the instance began to stop: give up at once; the job is rescued elsewhere.
  if (d.isStopping()) controller.abort(new AttemptAborted('shutdown', 'The instance is shutting down.'));
  const timeoutMs = handler.timeoutMs ?? d.defaultTimeoutMs;
  const timer = setTimeout(() => controller.abort(new AttemptAborted('timeout', `Timed out after ${timeoutMs} ms.`)), timeoutMs);
  const domain = new DomainSession(d.pool);
  const children: { id: number; dueInMs: number }[] = [];
  try {
    let outcome: JobOutcome | void;
    try {
      outcome = await untilAborted(handler.run(attemptContext(d, job, log, controller, domain, progressDb, children)), controller.signal);
    } catch (err) {
      const aborted = controller.signal.aborted ? (controller.signal.reason as AttemptAborted) : undefined;
      domain.closeForHandler({ discard: aborted !== undefined });
      if (!aborted) await domain.rollback();
      if (aborted?.kind === 'shutdown') return 'stopped'; // the runner releases the job
      if (aborted?.kind === 'lost') {
        log.warn({ duration_ms: elapsed() }, 'job lost to another instance; nothing committed');
        return 'lost';
      }
      return await failAttempt(d, job, progressDb, err, elapsed());
    }
    domain.closeForHandler();
    const result = outcome?.result ?? 'SUCCESS';
    const finish = { id: job.id, instanceId: d.instanceId, result, report: outcome?.report ?? null, message: outcome?.message ?? null };
    // Domain writes and the finish commit together; with no domain writes there is no
    // transaction to join and the finish stands alone.
    const finished = (await jobSql.finishJob(domain.isOpen ? domain.runnerDb : progressDb, finish)).rows[0];
    if (!finished) {
      await domain.rollback();
      log.warn({ duration_ms: elapsed() }, 'job lost to another instance before its commit; domain writes rolled back');
      return 'lost';
    }
    const foreign = domain.isOpen ? (await domain.writtenTables()).filter((t) => t !== 'data_ingestion_jobs' && !handler.writes.includes(t)) : [];
    if (foreign.length) {
      await domain.rollback();
      const err = new PermanentJobError(`Job type ${job.job_type} wrote tables it does not own: ${foreign.join(', ')}.`);
      return await failAttempt(d, job, progressDb, err, elapsed());
    }
    if (domain.isOpen) await domain.commit();
    logTransition(d.log, job, d.instanceId, { from: 'RUNNING', to: 'FINISHED', result, duration_ms: elapsed(), attempt: job.attempts });
    d.combinationFree(job.combination_key);
    if (children.length) d.fire(children);
    return 'finished';
  } catch (err) {
    // The database failed under us (connection lost, commit refused): count the attempt if we can.
    domain.closeForHandler({ discard: true });
    log.error({ err }, 'job attempt failed outside its handler');
    return await failAttempt(d, job, progressDb, err, elapsed()).catch(() => 'lost' as const);
  } finally {
    clearTimeout(timer);
    d.attempts.delete(job.id);
    await domain.release();
  }
}

/** What the handler sees of its attempt (types.ts: JobContext). */
function attemptContext(
  d: RunDeps,
  job: JobRow,
  log: Logger,
  controller: AbortController,
  domain: DomainSession,
  progressDb: PoolClient,
  children: { id: number; dueInMs: number }[],
): JobContext {
  let lastWrite = -Infinity;
  let lastPhase: string | undefined;
  let over = false;
  controller.signal.addEventListener('abort', () => (over = true), { once: true });
  return {
    job,
    db: domain.db,
    log,
    signal: controller.signal,
    progress: async (p) => {
      if (over) throw controller.signal.reason;
      const step = validProgress(p);
      const now = performance.now();
      const final = step.total !== undefined && step.done === step.total;
      if (step.phase === lastPhase && !final && now - lastWrite < d.progressMinIntervalMs) return;
      lastWrite = now;
      lastPhase = step.phase;
      const r = await jobSql.reportProgress(progressDb, { id: job.id, instanceId: d.instanceId, progress: step });
      if (!r.rowCount) {
        controller.abort(new AttemptAborted('lost', 'This instance no longer owns the job.'));
        throw controller.signal.reason;
      }
    },
    chain: async (child, opts) => {
      const row = await chainJob(domain.db, job, child, opts);
      children.push({ id: row.id, dueInMs: row.due_in_ms });
      return row;
    },
    chainAggregation: async (scope, opts) => {
      const row = await chainAggregation(domain.db, job, scope, opts);
      children.push({ id: row.id, dueInMs: row.due_in_ms });
      return row;
    },
  };
}

async function failAttempt(d: RunDeps, job: JobRow, progressDb: PoolClient, err: unknown, durationMs: number): Promise<RunOutcome> {
  const retryable = !(err instanceof PermanentJobError);
  const message = errorMessage(err);
  const delay = backoffMs(d.retryBaseMs, job.attempts);
  const report = err instanceof PermanentJobError ? (err.report ?? null) : null;
  const row = (await jobSql.failJob(progressDb, { id: job.id, instanceId: d.instanceId, message, retryable, delayMs: delay, report })).rows[0];
  if (!row) return 'lost';
  d.combinationFree(job.combination_key);
  if (row.state === 'NOT_STARTED') {
    logTransition(d.log, job, d.instanceId, { from: 'RUNNING', to: 'NOT_STARTED', duration_ms: durationMs, attempt: job.attempts, message, retry_in_ms: delay });
    d.retryAfter(job.id, delay);
    return 'retrying';
  }
  logTransition(d.log, job, d.instanceId, { from: 'RUNNING', to: 'FINISHED', result: 'ERROR', duration_ms: durationMs, attempt: job.attempts, message });
  return 'failed';
}
