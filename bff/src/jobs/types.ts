// The job pipeline's shapes and the handler interface that job types plug into.
import type { QueryConfig, QueryResult, QueryResultRow } from 'pg';
import type { EntityType, JobFailure, JobProgress, JobResult, JobState, JobTarget } from '@carbon/shared';
import type { Logger } from '../log';

/** A row of data_ingestion_jobs. */
export interface JobRow {
  id: number;
  job_type: string;
  entity_type: EntityType;
  target: JobTarget;
  module_type: string | null;
  data_entry_type: string | null;
  unit_id: number | null;
  year: number | null;
  /** The combination's key (migration 0008's job_combination): at most one current job per
   * combination, and the jobs of a combination run in the order they were accepted. */
  combination_key: string;
  state: JobState;
  result: JobResult | null;
  is_current: boolean;
  locked_by: string | null;
  locked_at: Date | null;
  attempts: number;
  max_attempts: number;
  run_after: Date;
  pipeline_id: string;
  next_job: number | null;
  started_at: Date | null;
  finished_at: Date | null;
  payload: Record<string, unknown>;
  progress: JobProgress;
  report: Record<string, unknown> | null;
  status_message: string | null;
  created_by: number | null;
  created_at: Date;
  /** Shared while it waits: see NewJob.dedup_key. */
  dedup_key: string | null;
}

/** A job just inserted, or the waiting job of its de-duplication key (`inserted` false): also how
 * long until it is due (database clock). */
export type InsertedJob = JobRow & { due_in_ms: number; inserted: boolean };

/** What a new job is about; everything else takes its default. */
export interface NewJob {
  job_type: string;
  entity_type: EntityType;
  target: JobTarget;
  module_type?: string | null;
  data_entry_type?: string | null;
  unit_id?: number | null;
  year?: number | null;
  payload?: Record<string, unknown>;
  max_attempts?: number;
  /** Not eligible before now + delay. */
  delay_ms?: number;
  created_by?: number | null;
  /** Joins an existing pipeline; a new one otherwise. */
  pipeline_id?: string;
  /** A key under which the job is shared: while a never-claimed job of the same key waits, that
   * job is returned instead of a new one (migration 0023). Written by whoever builds the job,
   * from the job's scope (e.g. handlers/aggregation's `aggregationJob`); the engine never reads
   * its parts. */
  dedup_key?: string | null;
}

/** A child of a running job: it inherits the parent's pipeline and creator. */
export type ChildJob = Omit<NewJob, 'pipeline_id' | 'created_by'>;

/** The handler's only door to the domain tables: queries run in the attempt's single domain
 * transaction, which the runner opens, commits (with the finish) or rolls back. Takes SQL text
 * with its values, or a statement's query (bff/src/db/statement.ts). */
export interface DomainDb {
  query<R extends QueryResultRow = any>(text: string, values?: unknown[]): Promise<QueryResult<R>>;
  query<R extends QueryResultRow = any>(config: QueryConfig): Promise<QueryResult<R>>;
}

export interface JobContext {
  /** The claimed row, as it was at the claim (attempts already counted). */
  readonly job: Readonly<JobRow>;
  readonly db: DomainDb;
  /** Commits a progress step at once (separate session) and publishes it; throttled. */
  progress(p: JobProgress): Promise<void>;
  /** Inserts a child job in the domain transaction; it is fired when that transaction commits.
   * `linear` also records it as the parent's next_job. A child with a `dedup_key` may be the
   * job already waiting under that key; if its handler declares `holdMs`, it is held while jobs
   * upstream of it still wait or run (coalesce.ts). Returns the job that will run. */
  chain(child: ChildJob, opts?: { linear?: boolean }): Promise<JobRow>;
  readonly log: Logger;
  /** Aborted on timeout, lost ownership or shutdown: stop early. */
  readonly signal: AbortSignal;
}

export interface JobOutcome {
  /** SUCCESS unless told; WARNING for partial results such as skipped rows. */
  result?: Exclude<JobResult, 'ERROR'>;
  report?: Record<string, unknown>;
  message?: string;
}

export interface JobHandler {
  type: string;
  /** Tables the handler writes. Writing any other table fails the attempt before commit
   * (one writer per table; the job table itself is always allowed). */
  writes: readonly string[];
  /** An attempt running longer is aborted; a RUNNING job older than this may be recovered. */
  timeoutMs?: number;
  /** The job types this handler may chain. The pipeline is declared here, by each handler, and
   * the engine reads it only to know which jobs lead to a shared one (HandlerRegistry.upstreamOf). */
  next?: readonly string[];
  /** For a job type chained with a `dedup_key`: while jobs upstream of it (next, transitively)
   * still wait or run in its scope, a chained job is held this long so that they join it; the
   * last of them makes it due at once. Bounds how long one that fails without chaining can delay it. */
  holdMs?: number;
  run(ctx: JobContext): Promise<JobOutcome | void>;
}

/** Thrown by a handler when retrying cannot help (bad input): the job ends in ERROR at once.
 * `report` (e.g. the rows that made a file unusable) is kept on the job; `failure`, the message as
 * a code and params (shared/src/jobFailures.ts), goes in it as `error`, for the back office to
 * word. */
export class PermanentJobError extends Error {
  constructor(
    message: string,
    readonly report?: Record<string, unknown>,
    readonly failure?: JobFailure,
  ) {
    super(message);
  }
}

export type RunOutcome =
  | 'finished'
  | 'retrying'
  | 'failed'
  /** missing, not NOT_STARTED, not due, or claimed by someone else */
  | 'not_runnable'
  /** an earlier job of the same combination is unfinished; run again when one finishes */
  | 'blocked'
  /** this instance lost the job to a rescue while running it; nothing was committed */
  | 'lost'
  | 'no_handler'
  | 'stopped';
