// run_job(id), the only dispatch path: claim (one statement, shared with the other jobs this
// instance claims at that moment), look up the one handler of the job type, run it with two
// sessions — progress on one, committed step by step and opened only when a step comes; domain
// writes on the other, committed once together with the conditional finish — then fire the
// children. A job without domain writes is finished together with the others ending at that
// moment. A session lost on the way (a restart, a terminated backend) fails the attempt like any
// other error; its failure is then written on a fresh session, as soon as the database answers
// again.
import type { Logger } from '../log';
import { releaseClient, type Pool, type PoolClient } from '../db/pool';
import type { QueryConfig, QueryResult, QueryResultRow } from 'pg';
import type { StatementRunner } from '../db/statement';
import { isDatabaseUnavailable } from '../core/databaseErrors';
import { jobFailure, type JobFailure, type JobProgress } from '@carbon/shared';
import * as jobSql from './sql';
import type { ClaimResult } from './claimJob';
import { DomainSession } from './domainSession';
import { finishJobs } from './claimJob';
import { chainJob } from './chainJob';
import { chainCoalesced } from './coalesce';
import type { Transitions } from './transitionLog';
import type { HandlerRegistry } from './registry';
import { PermanentJobError, type JobContext, type JobHandler, type JobOutcome, type JobRow, type RunOutcome } from './types';

export interface RunDeps {
  pool: Pool;
  registry: HandlerRegistry;
  instanceId: string;
  log: Logger;
  transitions: Transitions;
  retryBaseMs: number;
  defaultTimeoutMs: number;
  /** Progress steps closer together than this (same phase) are not written. */
  progressMinIntervalMs: number;
  /** Claims job `id` for this instance (claimJob.ts), in one statement with the claims made
   * at the same moment. */
  claim(id: number): Promise<ClaimResult>;
  /** Finishes a job without domain writes with success, in one statement with the others
   * finishing at the same moment; false when this instance no longer owns it. */
  finish(finish: jobSql.Finish): Promise<boolean>;
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
    readonly failure?: JobFailure,
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Writes the state of a job of this instance: on `session` (the attempt's progress session) or,
 * once that is lost, on fresh sessions from the pool, trying again with backoff while the
 * database cannot be reached. A job must not stay RUNNING under a live instance that gave up on
 * it: nobody would rescue it. Gives up only when the instance stops (its jobs are then released,
 * or rescued once its liveness session ends).
 */
async function writeJobState<T>(d: RunDeps, session: StatementRunner, write: (db: StatementRunner) => Promise<T>): Promise<T> {
  let db = session;
  for (let delayMs = 100; ; delayMs = Math.min(delayMs * 2, 5_000)) {
    try {
      return await write(db);
    } catch (err) {
      if (!isDatabaseUnavailable(err) || d.isStopping()) throw err;
      d.log.warn({ err, retry_in_ms: delayMs }, 'database unavailable; the job state is written again on a new session');
    }
    db = d.pool;
    await sleep(delayMs);
  }
}

/** The claim's answer was lost with its connection, so the claim may have committed: if it did,
 * the job goes back to waiting as a failed attempt (it is this instance's, and nothing runs it). */
async function undoUnansweredClaim(d: RunDeps, id: number, err: unknown): Promise<void> {
  const delayMs = backoffMs(d.retryBaseMs, 1);
  const message = `The database connection was lost while the job was claimed: ${errorMessage(err)}`;
  const { rows } = await writeJobState(d, d.pool, (db) => jobSql.failJob(db, { id, instanceId: d.instanceId, message, retryable: true, delayMs, report: null }));
  if (rows[0]?.state === 'NOT_STARTED') d.retryAfter(id, delayMs);
}

/** The attempt's progress session: a pooled connection taken at the first step (most short jobs
 * report none), kept for the attempt's later steps and its failure. */
class ProgressSession implements StatementRunner {
  private client: Promise<PoolClient> | undefined;

  constructor(private readonly pool: Pool) {}

  get isOpen(): boolean {
    return this.client !== undefined;
  }

  async query<R extends QueryResultRow>(statement: QueryConfig): Promise<QueryResult<R>> {
    const connecting = (this.client ??= this.pool.connect());
    let client: PoolClient;
    try {
      client = await connecting;
    } catch (err) {
      if (this.client === connecting) this.client = undefined; // the next step tries again
      throw err;
    }
    return client.query<R>(statement);
  }

  async release(): Promise<void> {
    const client = await this.client?.catch(() => undefined);
    if (client) releaseClient(client);
    this.client = undefined;
  }
}

/** `handlerDone`: told when the handler has returned and only the finish remains, so that the
 * runner may claim the next job meanwhile. */
export async function runJob(d: RunDeps, id: number, handlerDone: () => void = () => {}): Promise<RunOutcome> {
  if (d.isStopping()) return 'stopped';
  let claim: ClaimResult;
  try {
    // The claim reads the job itself and takes only types registered here (one round trip).
    claim = await d.claim(id);
  } catch (err) {
    if (isDatabaseUnavailable(err)) await undoUnansweredClaim(d, id, err);
    throw err;
  }
  if (claim.status === 'claimed') {
    const progressDb = new ProgressSession(d.pool);
    try {
      return await runAttempt(d, d.registry.get(claim.job.job_type)!, claim.job, progressDb, handlerDone);
    } finally {
      await progressDb.release();
    }
  }
  const job = claim.job;
  if (claim.status === 'blocked') {
    d.blocked(claim.job);
    // The job it waits for may have finished while the claim's answer was on its way, before
    // the wait was registered: look once more, so the wake-up is not left to the poller.
    const again = (await jobSql.loadJob(d.pool, { id })).rows[0];
    if (again?.state === 'NOT_STARTED' && again.waits_for === null) d.combinationFree(claim.job.combination_key);
    return 'blocked';
  }
  if (job?.state === 'NOT_STARTED' && job.due && !d.registry.get(job.job_type)) {
    d.log.warn({ job_id: id, job_type: job.job_type }, 'no handler registered for this job type on this instance');
    return 'no_handler';
  }
  return 'not_runnable';
}

async function runAttempt(d: RunDeps, handler: JobHandler, job: JobRow, progressDb: ProgressSession, handlerDone: () => void): Promise<RunOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const log = d.log.child({ job_id: job.id, job_type: job.job_type, pipeline_id: job.pipeline_id });
  d.transitions.record(job, { from: 'NOT_STARTED', to: 'RUNNING', attempt: job.attempts });

  const controller = new AbortController();
  d.attempts.set(job.id, controller);
  // Claimed while the instance began to stop: give up at once; the job is rescued elsewhere.
  if (d.isStopping()) controller.abort(new AttemptAborted('shutdown', 'The instance is shutting down.'));
  const timeoutMs = handler.timeoutMs ?? d.defaultTimeoutMs;
  const timer = setTimeout(() => controller.abort(new AttemptAborted('timeout', `Timed out after ${timeoutMs} ms.`, jobFailure('job_timed_out', { seconds: Math.round(timeoutMs / 1000) }))), timeoutMs);
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
    handlerDone();
    const result = outcome?.result ?? 'SUCCESS';
    const finish = { id: job.id, result, report: outcome?.report ?? null, message: outcome?.message ?? null };
    // Domain writes and the finish commit together; with no domain writes there is no
    // transaction to join and the finish goes with those of the other jobs ending now.
    // (A job that holds a progress session finishes on it rather than wait for another one.)
    const alone = domain.isOpen ? domain.runnerDb : progressDb.isOpen ? progressDb : undefined;
    const finished = alone ? (await finishJobs(alone, d.instanceId, [finish])).has(job.id) : await d.finish(finish);
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
    d.transitions.record(job, { from: 'RUNNING', to: 'FINISHED', result, duration_ms: elapsed(), attempt: job.attempts });
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
  progressDb: ProgressSession,
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
      const holdMs = child.dedup_key ? d.registry.get(child.job_type)?.holdMs : undefined;
      const row =
        child.dedup_key && holdMs !== undefined
          ? await chainCoalesced(domain.db, job, { ...child, dedup_key: child.dedup_key }, { holdMs, upstream: d.registry.upstreamOf(child.job_type) }, opts)
          : await chainJob(domain.db, job, child, opts);
      children.push({ id: row.id, dueInMs: row.due_in_ms });
      return row;
    },
  };
}

/** The failure as a code and params the back office words (shared/src/jobFailures.ts), when the
 * error has one. */
const failureOf = (err: unknown): JobFailure | undefined => (err instanceof PermanentJobError || err instanceof AttemptAborted ? err.failure : undefined);

async function failAttempt(d: RunDeps, job: JobRow, progressDb: ProgressSession, err: unknown, durationMs: number): Promise<RunOutcome> {
  const retryable = !(err instanceof PermanentJobError);
  const message = errorMessage(err);
  const delay = backoffMs(d.retryBaseMs, job.attempts);
  // The failure's code goes with the report of a job that ends here (no attempt left): a report
  // written on the way to a retry would outlive the attempt that succeeds.
  const final = !retryable || job.attempts >= job.max_attempts;
  const c = final ? failureOf(err) : undefined;
  const own = err instanceof PermanentJobError ? (err.report ?? null) : null;
  const report = c ? { ...own, error: c } : own;
  const failed = { id: job.id, instanceId: d.instanceId, message, retryable, delayMs: delay, report };
  const row = (await writeJobState(d, progressDb, (db) => jobSql.failJob(db, failed))).rows[0];
  if (!row) return 'lost';
  d.combinationFree(job.combination_key);
  if (row.state === 'NOT_STARTED') {
    d.transitions.record(job, { from: 'RUNNING', to: 'NOT_STARTED', duration_ms: durationMs, attempt: job.attempts, message, retry_in_ms: delay });
    d.retryAfter(job.id, delay);
    return 'retrying';
  }
  d.transitions.record(job, { from: 'RUNNING', to: 'FINISHED', result: 'ERROR', duration_ms: durationMs, attempt: job.attempts, message });
  return 'failed';
}
