// /api/sync: Path 2 operations, the job console and the progress stream.
import { Router } from 'express';
import type { Pool } from '../../db/pool';
import type { JobSystem } from '../../jobs';
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

export function syncRoutes(pool: Pool, jobs: JobSystem, opts: SyncOptions): Router {
  const r = Router();
  r.use(requireUser);
  r.use('/units', unitSyncRoutes(jobs.runner));
  r.use('/jobs', jobRecoveryRoutes(pool, jobs.runner));
  r.use('/jobs', jobRoutes(pool));
  r.use('/events', eventRoutes(jobs.hub));
  r.use('/dispatch', dispatchRoutes(pool, jobs.runner, opts.uploadMaxBytes));
  r.use('/factors', factorSyncRoutes(pool, jobs.runner, opts.uploadMaxBytes));
  r.use('/recalculate-emissions', recalculateRoutes(pool, jobs.runner));
  return r;
}
