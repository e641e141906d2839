// Typed calls to the Path 2 routes: CSV and factor uploads, unit sync, factors, the
// job console and job recovery. Uploads send the file itself as a `text/csv` body and report
// their progress through axios' onUploadProgress.
import type { DecimalMark, FactorView, JobList, JobStarted, JobState, JobView, ModuleType, ReplaceCount, UnitSummary } from '@carbon/shared';
import { api } from './client';

export type IngestMode = 'append' | 'replace';

export interface UploadProgress {
  loaded: number;
  total: number | undefined;
}

export interface DispatchTarget {
  module: ModuleType;
  type: string;
  year: number;
  /** null: every unit, the file names each row's unit. */
  unitId: number | null;
  mode: IngestMode;
  /** The file's decimal mark; undefined: each number column's own numbers tell. */
  decimal?: DecimalMark;
}

export type { FactorView };


export interface FactorList {
  year: number;
  /** Per factor set: the latest successful factor upload (null: none yet). */
  latest_upload_job_id: Record<string, number | null>;
  /** Factors of every set for the year: 0 when nobody gave the year factors yet. */
  factors_in_year: number;
  items: FactorView[];
}

export interface JobFilters {
  state?: JobState;
  job_type?: string;
  year?: number;
  pipeline_id?: string;
  unit_id?: number;
  page: number;
  limit: number;
  order?: 'asc' | 'desc';
}

export interface Recovered {
  job: JobView;
  recovered_because: string;
}

function sendCsv(url: string, params: Record<string, string | number>, file: Blob, onProgress?: (p: UploadProgress) => void): Promise<JobStarted> {
  return api
    .post<JobStarted>(url, file, {
      params,
      // The file's name, for people reading the job console (headers carry ASCII only).
      headers: { 'Content-Type': 'text/csv', ...(file instanceof File ? { 'X-File-Name': encodeURIComponent(file.name) } : {}) },
      onUploadProgress: (e) => onProgress?.({ loaded: e.loaded, total: e.total }),
    })
    .then((r) => r.data);
}

/** An entry CSV for one unit, or for every unit (a unit column in the file). */
export function dispatchCsv(target: DispatchTarget, file: Blob, onProgress?: (p: UploadProgress) => void): Promise<JobStarted> {
  const params: Record<string, string | number> = { module: target.module, type: target.type, year: target.year, mode: target.mode };
  if (target.unitId !== null) params.unit_id = target.unitId;
  if (target.decimal) params.decimal = target.decimal;
  return sendCsv('/sync/dispatch', params, file, onProgress);
}

/** How many earlier CSV rows a replace upload to this target would remove. */
export async function countReplaceable(target: Omit<DispatchTarget, 'mode'>): Promise<number> {
  const params: Record<string, string | number> = { module: target.module, type: target.type, year: target.year };
  if (target.unitId !== null) params.unit_id = target.unitId;
  return (await api.get<ReplaceCount>('/sync/dispatch/replace-count', { params })).data.rows;
}

/** A factor CSV of one factor set (of the module) and year. */
export function uploadFactors(module: ModuleType, set: string, year: number, file: Blob, onProgress?: (p: UploadProgress) => void): Promise<JobStarted> {
  return sendCsv(`/sync/factors/${module}/${set}`, { year }, file, onProgress);
}

export async function fetchFactors(module: ModuleType, set: string, year: number): Promise<FactorList> {
  return (await api.get<FactorList>('/factors', { params: { module, set, year } })).data;
}

/** The units the user may see, each with its report years and those that hold entries (the
 * back office's pages open on the latest). */
export async function fetchUnits(): Promise<UnitSummary[]> {
  return (await api.get<UnitSummary[]>('/v1/units')).data;
}

/** The years that have factors, in order. */
export async function fetchFactorYears(): Promise<number[]> {
  return (await api.get<{ years: number[] }>('/factors/years')).data.years;
}

/** A tracked carry-over of every factor set of `fromYear` to `toYear`. */
export async function carryOverFactors(fromYear: number, toYear: number): Promise<JobStarted> {
  return (await api.post<JobStarted>('/sync/factors/carry-over', { from_year: fromYear, to_year: toYear })).data;
}

/** A tracked unit sync (a real job id). */
export async function startUnitSync(year: number): Promise<JobStarted> {
  return (await api.post<JobStarted>('/sync/units', { year })).data;
}

export async function listJobs(filters: JobFilters): Promise<JobList> {
  const params = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '' && v !== null));
  return (await api.get<JobList>('/sync/jobs', { params })).data;
}

export async function fetchJob(id: number): Promise<JobView> {
  return (await api.get<JobView>(`/sync/jobs/${id}`)).data;
}

/** Manual recovery: 409 (with the server's reason in `detail`) when the job is not stale. */
export async function recoverJob(id: number): Promise<Recovered> {
  return (await api.post<Recovered>(`/sync/jobs/${id}/recover`)).data;
}
