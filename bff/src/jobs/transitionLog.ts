// One structured log line per job state transition: the job console's history and the source of
// throughput, duration and failure-rate figures per job type.
import type { Logger } from '../log';
import type { JobRow } from './types';

export interface Transition {
  from: string;
  to: string;
  result?: string | null;
  duration_ms?: number;
  attempt?: number;
  message?: string | null;
  retry_in_ms?: number;
}

export function logTransition(log: Logger, job: Pick<JobRow, 'id' | 'job_type' | 'pipeline_id'>, instance: string, t: Transition): void {
  const line = { job_id: job.id, job_type: job.job_type, pipeline_id: job.pipeline_id, instance, ...t };
  if (t.result === 'ERROR') log.warn(line, 'job transition');
  else log.info(line, 'job transition');
}
