// /api/sync: Path 2 operations, the job console and the progress stream.
import { Router } from 'express';
import type { Pool } from '../../useCases/deps';
import type { JobRunner } from '../../jobs/runner';
import type { EventHub } from '../../events/hub';
import { requireUser } from '../../policies';
import { unitSyncRoutes } from './units';
import { jobRoutes } from './jobs';
import { jobRecoveryRoutes } from './jobRecovery';
import { eventRoutes } from './events';
import { dispatchRoutes } from './dispatch';
import { factorSyncRoutes } from './factors';
import { recalculateRoutes } from './recalculate';

export interface SyncOptions {
  /** UPLOAD_MAX_BYTES: larger CSV bodies are refused with 413. */
  uploadMaxBytes: number;
}

export function syncRoutes(pool: Pool, runner: JobRunner, hub: EventHub, opts: SyncOptions): Router {
  const r = Router();
  r.use(requireUser);
  const jobs = { pool, runner };
  r.use('/units', unitSyncRoutes(jobs));
  r.use('/jobs', jobRecoveryRoutes(pool, runner));
  r.use('/jobs', jobRoutes(pool));
  r.use('/events', eventRoutes(hub));
  r.use('/dispatch', dispatchRoutes(jobs, opts.uploadMaxBytes));
  r.use('/factors', factorSyncRoutes(jobs, opts.uploadMaxBytes));
  r.use('/recalculate-emissions', recalculateRoutes(jobs));
  return r;
}
