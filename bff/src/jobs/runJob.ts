// run_job(id), the only dispatch path (DESIGN §9): load, claim, look up the one handler of the
// job type, run it with two sessions — progress on one, committed step by step; domain writes on
// the other, committed once together with the conditional finish — then fire the children.
import type { QueryResult } from 'pg';
import type { Logger } from '../log';
import type { Pool, PoolClient } from '../db/pool';
import type { JobProgress } from '@carbon/shared';
import { sql } from './sql';
import { claimJob } from './claimJob';
import { chainAggregation, chainJob } from './chainJob';
import { logTransition } from './transitionLog';
import type { HandlerRegistry } from './registry';
import { PermanentJobError, type DomainDb, type JobContext, type JobHandler, type JobOutcome, type JobRow, type RunOutcome } from './types';

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
  /** The combination is free again (finished, failed or back to waiting). */
  combinationFree(job: JobRow): void;
  /** Blocked behind a RUNNING job of the same combination. */
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

type WriteCounts = Record<string, number>;

/** Tables whose write counters grew between two readings in one transaction. */
function writtenTables(before: WriteCounts, after: WriteCounts): string[] {
  return Object.keys(after).filter((t) => (after[t] ?? 0) > (before[t] ?? 0));
}

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
    const loaded = (await progressDb.query<JobRow & { due: boolean }>(sql.loadJob, [id])).rows[0];
    if (!loaded || loaded.state !== 'NOT_STARTED' || !loaded.due) return 'not_runnable';
    const handler = d.registry.get(loaded.job_type);
    if (!handler) {
      d.log.warn({ job_id: id, job_type: loaded.job_type }, 'no handler registered for this job type on this instance');
      return 'no_handler';
    }
    const claim = await claimJob(progressDb, id, d.instanceId);
    if (claim.status === 'blocked') {
      d.blocked(loaded);
      return 'blocked';
    }
    if (claim.status === 'taken') return 'not_runnable';
    return await runAttempt(d, handler, claim.job, progressDb);
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
  let domain: PoolClient | undefined;
  // The domain session is destroyed, not reused, when the handler may still be using it.
  let discardDomain = false;
  let open = true;
  const children: { id: number; dueInMs: number }[] = [];

  const assertOpen = () => {
    if (!open) throw new Error('This job attempt is over; its database session is closed.');
  };
  try {
    domain = await d.pool.connect();
    const domainClient = domain;
    const db: DomainDb = {
      query: async (text, values) => {
        assertOpen();
        return domainClient.query(text, values);
      },
    };
    let lastWrite = -Infinity;
    let lastPhase: string | undefined;
    const ctx: JobContext = {
      job,
      db,
      log,
      signal: controller.signal,
      progress: async (p) => {
        assertOpen();
        const step = validProgress(p);
        const now = performance.now();
        const final = step.total !== undefined && step.done === step.total;
        if (step.phase === lastPhase && !final && now - lastWrite < d.progressMinIntervalMs) return;
        lastWrite = now;
        lastPhase = step.phase;
        const r = await progressDb.query(sql.reportProgress, [job.id, d.instanceId, step]);
        if (!r.rowCount) {
          controller.abort(new AttemptAborted('lost', 'This instance no longer owns the job.'));
          throw controller.signal.reason;
        }
      },
      chain: async (child, opts) => {
        const row = await chainJob(db, job, child, opts);
        children.push({ id: row.id, dueInMs: row.due_in_ms });
        return row;
      },
      chainAggregation: async (scope, opts) => {
        const row = await chainAggregation(db, job, scope, opts);
        children.push({ id: row.id, dueInMs: row.due_in_ms });
        return row;
      },
    };

    // One round trip: open the transaction and note the write counters it starts from.
    const opened = (await domain.query(`BEGIN; ${sql.tableWriteCounts}`)) as unknown as QueryResult<{ counts: WriteCounts }>[];
    const before = opened[1]!.rows[0]!.counts;
    let outcome: JobOutcome | void;
    try {
      outcome = await untilAborted(handler.run(ctx), controller.signal);
    } catch (err) {
      open = false;
      const aborted = controller.signal.aborted ? (controller.signal.reason as AttemptAborted) : undefined;
      if (aborted) discardDomain = true;
      else await domain.query('ROLLBACK');
      if (aborted?.kind === 'shutdown') return 'stopped'; // the runner releases the job
      if (aborted?.kind === 'lost') {
        log.warn({ duration_ms: elapsed() }, 'job lost to another instance; nothing committed');
        return 'lost';
      }
      return await failAttempt(d, job, progressDb, err, elapsed());
    }
    open = false;
    const result = outcome?.result ?? 'SUCCESS';
    const fin = await domain.query<{ id: number; write_counts: WriteCounts }>(sql.finishJob, [
      job.id,
      d.instanceId,
      result,
      outcome?.report ?? null,
      outcome?.message ?? null,
    ]);
    const finished = fin.rows[0];
    if (!finished) {
      await domain.query('ROLLBACK');
      log.warn({ duration_ms: elapsed() }, 'job lost to another instance before its commit; domain writes rolled back');
      return 'lost';
    }
    const foreign = writtenTables(before, finished.write_counts).filter((t) => t !== 'data_ingestion_jobs' && !handler.writes.includes(t));
    if (foreign.length) {
      await domain.query('ROLLBACK');
      const err = new PermanentJobError(`Job type ${job.job_type} wrote tables it does not own: ${foreign.join(', ')}.`);
      return await failAttempt(d, job, progressDb, err, elapsed());
    }
    await domain.query('COMMIT');
    logTransition(d.log, job, d.instanceId, { from: 'RUNNING', to: 'FINISHED', result, duration_ms: elapsed(), attempt: job.attempts });
    d.combinationFree(job);
    if (children.length) d.fire(children);
    return 'finished';
  } catch (err) {
    // The database failed under us (connection lost, commit refused): count the attempt if we can.
    open = false;
    discardDomain = true;
    log.error({ err }, 'job attempt failed outside its handler');
    return await failAttempt(d, job, progressDb, err, elapsed()).catch(() => 'lost' as const);
  } finally {
    clearTimeout(timer);
    d.attempts.delete(job.id);
    domain?.release(discardDomain ? new Error('job attempt aborted') : undefined);
  }
}

async function failAttempt(d: RunDeps, job: JobRow, progressDb: PoolClient, err: unknown, durationMs: number): Promise<RunOutcome> {
  const retryable = !(err instanceof PermanentJobError);
  const message = errorMessage(err);
  const delay = backoffMs(d.retryBaseMs, job.attempts);
  const { rows } = await progressDb.query<{ state: string; result: string | null }>(sql.failJob, [job.id, d.instanceId, message, retryable, delay]);
  const row = rows[0];
  if (!row) return 'lost';
  d.combinationFree(job);
  if (row.state === 'NOT_STARTED') {
    logTransition(d.log, job, d.instanceId, { from: 'RUNNING', to: 'NOT_STARTED', duration_ms: durationMs, attempt: job.attempts, message, retry_in_ms: delay });
    d.retryAfter(job.id, delay);
    return 'retrying';
  }
  logTransition(d.log, job, d.instanceId, { from: 'RUNNING', to: 'FINISHED', result: 'ERROR', duration_ms: durationMs, attempt: job.attempts, message });
  return 'failed';
}
