// A job as the API shows it: timestamps as ISO strings, the duration of the last attempt, and
// who submitted it by name.
import type { JobView } from '@carbon/shared';
import type { JobRow } from '../../jobs/types';
import type { ListedJob } from '../../useCases/jobs';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentJob(j: JobRow & Partial<Pick<ListedJob, 'submitted_by'>>): JobView {
  return {
    id: j.id,
    job_type: j.job_type,
    entity_type: j.entity_type,
    target: j.target,
    module_type: j.module_type,
    data_entry_type: j.data_entry_type,
    unit_id: j.unit_id,
    year: j.year,
    state: j.state,
    result: j.result,
    is_current: j.is_current,
    locked_by: j.locked_by,
    locked_at: iso(j.locked_at),
    attempts: j.attempts,
    max_attempts: j.max_attempts,
    run_after: j.run_after.toISOString(),
    pipeline_id: j.pipeline_id,
    next_job: j.next_job,
    started_at: iso(j.started_at),
    finished_at: iso(j.finished_at),
    duration_ms: j.finished_at && j.locked_at ? j.finished_at.getTime() - j.locked_at.getTime() : null,
    created_at: j.created_at.toISOString(),
    created_by: j.created_by,
    submitted_by: j.submitted_by ?? null,
    payload: j.payload,
    progress: j.progress,
    report: j.report,
    status_message: j.status_message,
  };
}
