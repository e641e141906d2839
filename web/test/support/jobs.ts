// Job fixtures in the shapes the API (JobView) and the event stream (JobEvent) use.
import type { JobEvent, JobView } from '@carbon/shared';

export const PIPELINE = '3b1f9a4e-1111-4222-8333-444455556666';

export function jobView(over: Partial<JobView> = {}): JobView {
  return {
    id: 1,
    job_type: 'csv_ingest',
    entity_type: 'MODULE_UNIT_SPECIFIC',
    target: 'DATA_ENTRIES',
    module_type: 'professional_travel',
    data_entry_type: 'plane',
    unit_id: 2,
    year: 2025,
    state: 'NOT_STARTED',
    result: null,
    is_current: false,
    locked_by: null,
    locked_at: null,
    attempts: 0,
    max_attempts: 3,
    run_after: new Date().toISOString(),
    pipeline_id: PIPELINE,
    next_job: null,
    started_at: null,
    finished_at: null,
    duration_ms: null,
    created_at: new Date().toISOString(),
    created_by: 1,
    submitted_by: 'Olga Operator',
    payload: {},
    progress: {},
    report: null,
    status_message: null,
    ...over,
  };
}

export function jobEvent(job: JobView, over: Partial<JobEvent> = {}): JobEvent {
  return {
    id: job.id,
    pipeline_id: job.pipeline_id,
    job_type: job.job_type,
    module_type: job.module_type,
    data_entry_type: job.data_entry_type,
    unit_id: job.unit_id,
    year: job.year,
    state: job.state,
    result: job.result,
    attempts: job.attempts,
    progress: job.progress,
    pipeline_active: true,
    ...over,
  };
}
