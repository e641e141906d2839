// POST /api/sync/jobs/{job_id}/recover: manual recovery of a stale job, for
// back-office operators with `jobs` edit.
import { coded } from '@carbon/shared';
import { Router } from 'express';
import type { Pool } from '../../useCases/deps';
import type { JobRunner } from '../../jobs/runner';
import { recoverJob } from '../../jobs/recoverJob';
import { requireBackoffice, userOf } from '../../policies';
import { ConflictError, NotFoundError } from '../../core/errors';
import { parseJobId } from './jobs';
import { presentJob } from './presentJob';

export function jobRecoveryRoutes(pool: Pool, runner: JobRunner): Router {
  const r = Router();
  r.post('/:job_id/recover', requireBackoffice('jobs', 'edit'), async (req, res) => {
    const id = parseJobId(req.params.job_id);
    const result = await recoverJob(pool, runner, id, userOf(req).id);
    if (result.status === 'not_found') throw new NotFoundError(`Job ${id} does not exist.`, coded('no_such_job', { id }));
    if (result.status === 'conflict') throw new ConflictError(result.detail, result.coded);
    res.json({ job: presentJob(result.job), recovered_because: result.reason });
  });
  return r;
}
