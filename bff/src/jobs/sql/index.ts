// The job pipeline's SQL, one statement per file named after what it does, each wrapped here in a
// typed function (bff/src/db/statement.ts). The statements of a job's life (claim, progress,
// finish, failure, the poller's) are named prepared statements: planned once per connection
// instead of at every execution.
import type { JobProgress, JobResult, JobState } from '@carbon/shared';
import { sqlFolder, type NoParams } from '../../db/statement';
import type { InsertedJob, JobRow } from '../types';

const define = sqlFolder(import.meta.url, 'jobs');

/** Rows written per table by a session (domainSession.ts). */
export type WriteCounts = Record<string, number>;

/** The job and why a claim of it did not happen. */
export type LoadedJob = JobRow & { due: boolean; waits_for: number | null };

/** A job under the recover endpoint's row lock, with what is known of its claimer (null when the
 * claimer is gone): whether its liveness session has ended, how long it has been silent; and how
 * long it has held the job. */
export type LockedJob = JobRow & { claimer_session_ended: boolean | null; claimer_silent_ms: number | null; locked_ms: number | null; due: boolean };

/** A job the poller rescued, and the rule that applied (in its status message). */
export type RescuedJob = Pick<JobRow, 'id' | 'job_type' | 'pipeline_id' | 'state' | 'attempts' | 'status_message'>;

type Nulls<T> = { [K in keyof T]: null };
/** A page of the job console: always one row at least, whose job columns are null past the
 * last page, so that the total is known. */
/** The name of the user who submitted a job (null for the system's own jobs). */
export interface Submitted {
  submitted_by: string | null;
}
export type JobPageRow = ((JobRow & Submitted) | Nulls<JobRow & Submitted>) & { total: number };

interface Scope {
  moduleType: string;
  year: number;
  unitId: number | null;
}

// Claiming and running a job
export const claimJobs = define<{ ids: readonly number[]; instanceId: string; types: readonly string[] }, JobRow>('claimJobs', { ids: 1, instanceId: 2, types: 3 }, { prepared: true });
export const loadJob = define<{ id: number }, LoadedJob>('loadJob', { id: 1 }, { prepared: true });
export const reportProgress = define<{ id: number; instanceId: string; progress: JobProgress }, { id: number }>('reportProgress', { id: 1, instanceId: 2, progress: 3 }, { prepared: true });
/** The success of one job (finishJobs.sql). */
export interface Finish {
  id: number;
  result: Exclude<JobResult, 'ERROR'>;
  report: Record<string, unknown> | null;
  message: string | null;
}
/** `finishes`: JSON text of Finish[] (node-postgres would send a JS array as a PostgreSQL array). */
export const finishJobs = define<{ instanceId: string; finishes: string }, { id: number }>('finishJobs', { instanceId: 1, finishes: 2 }, { prepared: true });
export const failJob = define<
  { id: number; instanceId: string; message: string; retryable: boolean; delayMs: number; report: Record<string, unknown> | null },
  { state: JobState; result: JobResult | null; run_after: Date; attempts: number; max_attempts: number }
>('failJob', { id: 1, instanceId: 2, message: 3, retryable: 4, delayMs: 5, report: 6 }, { prepared: true });
export const tableWriteCounts = define<NoParams, { counts: WriteCounts }>('tableWriteCounts', {}, { prepared: true });

// Creating jobs
export const insertJob = define<
  {
    jobType: string;
    entityType: JobRow['entity_type'];
    target: JobRow['target'];
    moduleType: string | null;
    dataEntryType: string | null;
    unitId: number | null;
    year: number | null;
    pipelineId: string | null;
    payload: Record<string, unknown> | null;
    maxAttempts: number | null;
    delayMs: number | null;
    createdBy: number | null;
    dedupKey: string | null;
  },
  InsertedJob
>('insertJob', {
  jobType: 1,
  entityType: 2,
  target: 3,
  moduleType: 4,
  dataEntryType: 5,
  unitId: 6,
  year: 7,
  pipelineId: 8,
  payload: 9,
  maxAttempts: 10,
  delayMs: 11,
  createdBy: 12,
  dedupKey: 13,
});
export const linkNextJob = define<{ id: number; nextJob: number }>('linkNextJob', { id: 1, nextJob: 2 });

// Sharing a de-duplicated job with the jobs upstream of it (coalesce.ts)
export const lockDedupKey = define<{ key: string }>('lockDedupKey', { key: 1 });
export const upstreamJobs = define<Scope & { types: readonly string[]; jobId: number }, { n: number }>('upstreamJobs', { types: 1, moduleType: 2, year: 3, unitId: 4, jobId: 5 });
export const advanceShared = define<{ key: string }>('advanceShared', { key: 1 });

// Instances: liveness, rescue, the poller, shutdown
export const registerInstance = define<{ instanceId: string; now: Date }, { liveness_key: number; locked: boolean }>('registerInstance', { instanceId: 1, now: 2 });
export const heartbeat = define<{ instanceId: string; now: Date; rescueAfterMs: number }, { has_stale: boolean }>('heartbeat', { instanceId: 1, now: 2, rescueAfterMs: 3 }, { prepared: true });
export const pollDue = define<{ types: readonly string[]; limit: number }, { id: number }>('pollDue', { types: 1, limit: 2 }, { prepared: true });
export const rescueStale = define<{ instanceId: string; now: Date; rescueAfterMs: number }, RescuedJob>('rescueStale', { instanceId: 1, now: 2, rescueAfterMs: 3 });
export const releaseJobs = define<{ instanceId: string }, Pick<JobRow, 'id' | 'job_type' | 'pipeline_id'>>('releaseJobs', { instanceId: 1 });
export const deleteInstance = define<{ instanceId: string }>('deleteInstance', { instanceId: 1 });
export const pruneInstances = define<NoParams>('pruneInstances', {});

// Metrics
export interface JobHealth {
  waiting: number;
  running: number;
  oldest_due_seconds: number;
  live_instances: number;
  longest_silence_seconds: number;
}
export const jobHealth = define<NoParams, JobHealth>('jobHealth', {});

// Manual recovery
export const lockJobForRecovery = define<{ id: number; now: Date }, LockedJob>('lockJobForRecovery', { id: 1, now: 2 });
export const recoverJob = define<{ id: number; message: string }, JobRow>('recoverJob', { id: 1, message: 2 });

// The job console and the event stream
export const getJob = define<{ id: number }, JobRow & Submitted>('getJob', { id: 1 });
export const listJobs = define<
  {
    state: JobState | null;
    jobType: string | null;
    year: number | null;
    pipelineId: string | null;
    unitId: number | null;
    allUnits: boolean;
    unitIds: readonly number[];
    sort: 'id' | 'started_at' | 'finished_at';
    order: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
  JobPageRow
>('listJobs', { state: 1, jobType: 2, year: 3, pipelineId: 4, unitId: 5, allUnits: 6, unitIds: 7, sort: 8, order: 9, limit: 10, offset: 11 });
export const activePipelineJobs = define<{ limit: number }, JobRow>('activePipelineJobs', { limit: 1 });

/** Opens a transaction that commits synchronously on the runner's sessions, whose default is
 * asynchronous commit (see JobRunner). Two statements, no parameters: one round trip. */
export const DURABLE_BEGIN = 'BEGIN; SET LOCAL synchronous_commit = on';
