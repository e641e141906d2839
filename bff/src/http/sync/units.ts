// POST /api/sync/units {year}: starts a unit sync, a real tracked GLOBAL_PER_YEAR job
// → 202 {job_id, pipeline_id}.
import { Router } from 'express';
import { z } from 'zod';
import type { JobStarted } from '@carbon/shared';
import { parseInput } from '../../core/validate';
import { requireBackoffice, userOf } from '../../policies';
import type { JobRunner } from '../../jobs/runner';
import { UNIT_SYNC } from '../../jobs/handlers/unitSync';

const body = z.object({ year: z.number({ error: 'year must be a number' }).int().min(1990).max(2100) });

export function unitSyncRoutes(runner: JobRunner): Router {
  const r = Router();
  r.post('/', requireBackoffice('units', 'edit'), async (req, res) => {
    const { year } = parseInput(body, req.body);
    const job = await runner.createJob({
      job_type: UNIT_SYNC,
      entity_type: 'GLOBAL_PER_YEAR',
      target: 'UNITS',
      year,
      created_by: userOf(req).id,
    });
    const answer: JobStarted = { job_id: job.id, pipeline_id: job.pipeline_id };
    res.status(202).location(`/api/sync/jobs/${job.id}`).json(answer);
  });
  return r;
}
