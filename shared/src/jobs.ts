// Background jobs and their live events: names and JSON shapes shared by the
// BFF and the SPA.
import type { ModuleStats, ReportStats } from './modules/entries';
export const JOB_TYPES = [
  'csv_ingest',
  'api_ingest',
  'factor_ingest',
  'factor_carry_over',
  'emission_recalc',
  'module_emission_recalc',
  'unit_sync',
  'aggregation',
] as const;
export type KnownJobType = (typeof JOB_TYPES)[number];

export const JOB_STATES = ['NOT_STARTED', 'RUNNING', 'FINISHED'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_RESULTS = ['SUCCESS', 'WARNING', 'ERROR'] as const;
export type JobResult = (typeof JOB_RESULTS)[number];

export const ENTITY_TYPES = ['MODULE_PER_YEAR', 'MODULE_UNIT_SPECIFIC', 'GLOBAL_PER_YEAR'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const JOB_TARGETS = ['DATA_ENTRIES', 'FACTORS', 'UNITS', 'STATS'] as const;
export type JobTarget = (typeof JOB_TARGETS)[number];

export interface JobProgress {
  done?: number;
  total?: number;
  phase?: string;
}

/** A job as the API answers it (GET /sync/jobs, recover). */
export interface JobView {
  id: number;
  job_type: string;
  entity_type: EntityType;
  target: JobTarget;
  module_type: string | null;
  data_entry_type: string | null;
  unit_id: number | null;
  year: number | null;
  state: JobState;
  result: JobResult | null;
  is_current: boolean;
  locked_by: string | null;
  locked_at: string | null;
  attempts: number;
  max_attempts: number;
  run_after: string;
  pipeline_id: string;
  next_job: number | null;
  started_at: string | null;
  finished_at: string | null;
  duration_ms: number | null;
  created_at: string;
  created_by: number | null;
  /** The submitter's name (null for jobs the system started). */
  submitted_by: string | null;
  payload: Record<string, unknown>;
  progress: JobProgress;
  report: Record<string, unknown> | null;
  status_message: string | null;
}

export interface JobList {
  items: JobView[];
  total: number;
  page: number;
  limit: number;
}

/** The years a carbon report, a unit sync or a file may be for. */
export const REPORT_YEARS = { min: 1990, max: 2100 } as const;

export const isReportYear = (year: unknown): year is number => Number.isInteger(year) && (year as number) >= REPORT_YEARS.min && (year as number) <= REPORT_YEARS.max;

/** Answer of the routes that start a pipeline. */
export interface JobStarted {
  job_id: number;
  pipeline_id: string;
}

/** Answer of `GET /api/v1/carbon_reports/{id}/carry-forward`: per entry type that lasts from year
 * to year, the rows of the unit's latest earlier report (`from_year`, null: none), those that
 * still belong to the report's year (`kept`; devices past their lifetime are not), and the rows
 * the year holds already (a type with some is not carried: it would add to them). */
export interface CarryForwardPreview {
  from_year: number | null;
  to_year: number;
  entry_types: { module: string; entry_type: string; rows: number; kept: number; existing: number }[];
}

/** Answer of `GET /api/sync/dispatch/replace-count`: the earlier CSV rows a replace upload of
 * that entry type, unit (or every unit) and year would remove. */
export interface ReplaceCount {
  rows: number;
}

/** SSE `job` event: one state change or progress step. */
export interface JobEvent {
  id: number;
  pipeline_id: string;
  job_type: string;
  module_type: string | null;
  data_entry_type: string | null;
  unit_id: number | null;
  year: number | null;
  state: JobState;
  result: JobResult | null;
  attempts: number;
  progress: JobProgress;
  /** Other jobs of the pipeline still wait or run. */
  pipeline_active: boolean;
}

/** SSE `module` event: drives the "Recalculating…" badge. `unit_id` null = every unit. */
export interface ModuleEvent {
  unit_id: number | null;
  year: number | null;
  module: string;
  recalculating: boolean;
  /** job type and, when the handler reports one, its phase: `emission_recalc:computing` */
  phase: string;
  pipeline_id: string;
  /** The stats an aggregation of one unit's module just wrote (module and its report), on the
   * event that ends its pipeline; only to users who may see the module's totals. */
  stats?: { module: ModuleStats; report: ReportStats };
}

/** SSE `snapshot` event: sent first on every connection (and again after a missed stretch). */
export interface SnapshotEvent {
  jobs: JobEvent[];
  modules: ModuleEvent[];
}

/** SSE `shutdown` event: the last one of a stream whose instance is shutting down. The stream ends
 * after it; an EventSource reconnects by itself after `retry_ms` (also sent as the SSE `retry`
 * field), through the load balancer to another instance. */
export interface ShutdownEvent {
  detail: string;
  retry_ms: number;
}

export const SSE_EVENTS = ['snapshot', 'job', 'module', 'ping', 'shutdown'] as const;
