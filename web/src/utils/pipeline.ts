// What the back-office views derive from jobs: the phases of a pipeline (ingest → recalculation
// per data entry type → aggregation) with their status and counts, the row report of a file job,
// whether a pipeline has ended, and whether a job looks stale.
import type { JobEvent, JobView } from '@carbon/shared';

export type PhaseKey = 'sync' | 'ingest' | 'recalculation' | 'aggregation';
export type StepStatus = 'waiting' | 'running' | 'success' | 'warning' | 'failed' | 'skipped';

export const PHASE_OF_TYPE: Record<string, PhaseKey> = {
  unit_sync: 'sync',
  csv_ingest: 'ingest',
  api_ingest: 'ingest',
  factor_ingest: 'ingest',
  factor_carry_over: 'ingest',
  emission_recalc: 'recalculation',
  module_emission_recalc: 'recalculation',
  aggregation: 'aggregation',
};

const PHASE_ORDER: readonly PhaseKey[] = ['sync', 'ingest', 'recalculation', 'aggregation'];

/** How far along a pipeline a module event's phase (`job_type[:step]`, or `done`) is. */
export function phaseRank(phase: string): number {
  const type = phase.split(':')[0] ?? '';
  if (type === 'done') return PHASE_ORDER.length;
  const key = PHASE_OF_TYPE[type];
  return key ? PHASE_ORDER.indexOf(key) : 0;
}

/**
 * The phase a pipeline's badge shows after an event: the furthest the pipeline has reached. A
 * pipeline runs several jobs (one recalculation per entry type, an aggregation waiting for them
 * all), so an event about a job still at an earlier step does not take the badge back.
 */
export function furthestPhase(shown: string | undefined, next: string): string {
  return shown !== undefined && phaseRank(next) < phaseRank(shown) ? shown : next;
}

export interface Phase {
  key: PhaseKey;
  status: StepStatus;
  jobs: JobView[];
}

/** One line of a file job's row report (the BFF's RowReport). */
export interface RowIssue {
  row: number;
  column: string | null;
  /** The server's English reason; `code` and `params` word it in the user's language. */
  reason: string;
  code?: string;
  params?: Record<string, string | number>;
  level: 'error' | 'warning';
}

export interface RowReport {
  rows: number;
  stored: number;
  skipped: number;
  /** A replace upload: the earlier CSV rows it removed; null for any other job. */
  replaced: number | null;
  issues: RowIssue[];
  issuesTotal: number;
  truncated: boolean;
}

export function stepStatus(job: Pick<JobView, 'state' | 'result' | 'attempts'>): StepStatus {
  if (job.state === 'RUNNING') return 'running';
  if (job.state === 'NOT_STARTED') return job.attempts > 0 ? 'running' : 'waiting';
  if (job.result === 'ERROR') return 'failed';
  return job.result === 'WARNING' ? 'warning' : 'success';
}

/** The status of a group of steps: failed wins, then running, then waiting, then warning. */
function combined(statuses: StepStatus[]): StepStatus {
  if (statuses.includes('failed')) return 'failed';
  if (statuses.includes('running')) return 'running';
  if (statuses.includes('waiting')) return statuses.some((s) => s !== 'waiting') ? 'running' : 'waiting';
  return statuses.includes('warning') ? 'warning' : 'success';
}

/** Every job of the pipeline and every job they chain to has finished. */
export function pipelineEnded(jobs: readonly JobView[]): boolean {
  if (!jobs.length) return false;
  const ids = new Set(jobs.map((j) => j.id));
  return jobs.every((j) => j.state === 'FINISHED' && (j.next_job === null || ids.has(j.next_job)));
}

/**
 * The phases to show, in order. A phase without jobs waits while the pipeline goes on, and is
 * skipped once an earlier phase failed or the pipeline ended without it (a factor file that
 * changed nothing needs no recalculation). `ended` as known from the last full read of the jobs.
 */
export function pipelinePhases(jobs: readonly JobView[], keys: readonly PhaseKey[], ended = pipelineEnded(jobs)): Phase[] {
  let failedBefore = false;
  return keys.map((key) => {
    const own = jobs.filter((j) => PHASE_OF_TYPE[j.job_type] === key).sort((a, b) => a.id - b.id);
    let status: StepStatus;
    if (own.length) status = combined(own.map(stepStatus));
    else status = failedBefore || ended ? 'skipped' : 'waiting';
    if (status === 'failed') failedBefore = true;
    return { key, status, jobs: own };
  });
}

/** A job updated with what a live event says (state, result, attempts, progress). */
export function withEvent(job: JobView, e: JobEvent): JobView {
  return { ...job, state: e.state, result: e.result, attempts: e.attempts, progress: e.progress };
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function isIssue(v: unknown): v is RowIssue {
  const i = v as Partial<RowIssue> | null;
  return !!i && typeof i.row === 'number' && typeof i.reason === 'string';
}

/** The row report of a csv_ingest or factor_ingest job, when it has one. */
export function rowReportOf(job: Pick<JobView, 'report'> | undefined): RowReport | null {
  const r = job?.report;
  if (!r || !Array.isArray(r.issues)) return null;
  const issues = r.issues.filter(isIssue).map((i) => ({
    row: i.row,
    column: i.column ?? null,
    reason: i.reason,
    code: i.code,
    params: i.params,
    level: i.level === 'warning' ? ('warning' as const) : ('error' as const),
  }));
  return {
    rows: num(r.rows),
    stored: num(r.stored),
    skipped: num(r.skipped),
    replaced: r.mode === 'replace' ? num(r.replaced) : null,
    issues,
    issuesTotal: Math.max(num(r.issues_total), issues.length),
    truncated: r.issues_truncated === true,
  };
}

/** The entries a pipeline's own recalculations left without a factor: after a file, its own rows
 * (the recalculation computes only them); after a factor file, the entries of the types using its
 * set. Never the aggregation's count, which holds every older entry of the modules; 0 when none. */
export function withoutFactorOf(jobs: readonly Pick<JobView, 'id' | 'job_type' | 'report'>[]): number {
  return jobs.filter((j) => PHASE_OF_TYPE[j.job_type] === 'recalculation').reduce((n, j) => n + num(j.report?.without_factor), 0);
}

/** An instance silent this long has lost its jobs (the rescue window). */
export const STALE_AFTER_MS = 60_000;

/**
 * Whether a job looks stale from here: RUNNING with no sign of life (its claim, or an event
 * about it seen by this page) for the rescue window, or waiting unclaimed although due for as
 * long. The job list does not say whether the claiming instance is alive, so this is the
 * console's reading; the recover endpoint decides, and answers 409 with its reason otherwise.
 */
export function looksStale(job: Pick<JobView, 'state' | 'locked_at' | 'run_after' | 'locked_by'>, now: number, lastEventAt?: number): boolean {
  const since = (iso: string | null) => (iso ? now - Math.max(Date.parse(iso), lastEventAt ?? 0) : 0);
  if (job.state === 'RUNNING') return since(job.locked_at) > STALE_AFTER_MS;
  if (job.state === 'NOT_STARTED') return job.locked_by === null && since(job.run_after) > STALE_AFTER_MS;
  return false;
}
