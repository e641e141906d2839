// The job lifecycle's events, one typed map (event name → payload) that subscribers pick from:
// the metrics count this instance's transitions, the SSE hub relays every instance's job
// changes, the runner frees combinations on them, the caches drop what a resync makes stale.
import { TypedEvents } from '../core/typedEvents';
import type { JobNotification } from '../events/jobEvents';
import type { Transition, TransitionJob } from './transitionLog';

export interface JobLifecycleEvents {
  /** This instance moved a job between states: claimed, finished, sent back (retry, rescue,
   * release at shutdown, recovery). */
  transition: { job: TransitionJob; transition: Transition };
  /** A job changed state or progress on some instance, as its job_events notice says. */
  changed: JobNotification;
  /** Notices may have been missed (the LISTEN connection came back): re-read what is current. */
  resync: null;
}

export class JobLifecycle extends TypedEvents<JobLifecycleEvents> {}
