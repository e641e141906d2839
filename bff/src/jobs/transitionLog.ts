// One structured log line per job state transition (the ordinary ones at debug): the job
// console's history and the source of throughput, duration and failure-rate figures per job type. The same transitions are
// emitted as the lifecycle's `transition` event (lifecycle.ts), which the metrics subscribe to.
import type { Logger } from '../log';
import type { JobLifecycle } from './lifecycle';
import type { JobRow } from './types';

export interface Transition {
  from: string;
  to: string;
  result?: string | null;
  duration_ms?: number;
  attempt?: number;
  message?: string | null;
  retry_in_ms?: number;
  /** Taken back from an instance that died or went silent (the safety poller's rescue). */
  rescued?: boolean;
}

export type TransitionJob = Pick<JobRow, 'id' | 'job_type' | 'pipeline_id'>;

export class Transitions {
  constructor(
    private readonly log: Logger,
    private readonly instance: string,
    private readonly lifecycle?: JobLifecycle,
  ) {}

  /** A failed job at `warn`; a job sent back to waiting (a failed attempt to retry, a rescue, a
   * release at shutdown, a recovery) at `info`; the ordinary run of a job at `debug`: a demo start
   * or an upload makes hundreds, which the job console and the metrics already show. */
  record(job: TransitionJob, t: Transition): void {
    const line = { job_id: job.id, job_type: job.job_type, pipeline_id: job.pipeline_id, instance: this.instance, ...t };
    if (t.result === 'ERROR') this.log.warn(line, 'job transition');
    else if (t.to === 'NOT_STARTED') this.log.info(line, 'job transition');
    else this.log.debug(line, 'job transition');
    this.lifecycle?.emit('transition', { job, transition: t });
  }
}
