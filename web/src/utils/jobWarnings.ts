// What a finished job warned about, counted from its report: the back office words a warning by
// it ("Finished: 3 rows skipped") rather than as a bare "with warnings". Apart from pipeline.ts,
// which the signed-in layout's live badges load.
import type { JobView } from '@carbon/shared';
import { PHASE_OF_TYPE } from './pipeline';

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** A finished job's warning, counted, when its report says what it was: rows of its file skipped,
 * entries it left without a factor or whose place no longer resolves, problems of the unit
 * directory. Empty when the job did not warn or does not say. */
export interface WarningCounts {
  rowsSkipped: number;
  withoutFactor: number;
  unresolved: number;
  directoryIssues: number;
}

export function warningCounts(job: Pick<JobView, 'job_type' | 'state' | 'result' | 'report'>): WarningCounts | null {
  if (job.state !== 'FINISHED' || job.result !== 'WARNING' || !job.report) return null;
  const r = job.report;
  const counts = {
    rowsSkipped: PHASE_OF_TYPE[job.job_type] === 'ingest' ? num(r.skipped) : 0,
    withoutFactor: PHASE_OF_TYPE[job.job_type] === 'recalculation' ? num(r.without_factor) : 0,
    unresolved: num(r.unresolved_locations),
    directoryIssues: job.job_type === 'unit_sync' && Array.isArray(r.issues) ? r.issues.length : 0,
  };
  return Object.values(counts).some((n) => n > 0) ? counts : null;
}
