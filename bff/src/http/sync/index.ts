// /api/sync: Path 2 operations, the job console and the progress stream.
import { Router } from 'express';
import type { Pool } from '../../db/pool';
import type { JobSystem } from '../../jobs';
import { requireUser } from '../../policies';
import { unitSyncRoutes } from './units';
import { jobRoutes } from './jobs';
import { jobRecoveryRoutes } from './jobRecovery';
import { eventRoutes } from './events';

export function syncRoutes(pool: Pool, jobs: JobSystem): Router {
  const r = Router();
  r.use(requireUser);
  r.use('/units', unitSyncRoutes(jobs.runner));
  r.use('/jobs', jobRecoveryRoutes(pool, jobs.runner));
  r.use('/jobs', jobRoutes(pool));
  r.use('/events', eventRoutes(jobs.hub));
  return r;
}
