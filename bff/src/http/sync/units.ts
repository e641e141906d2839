// POST /api/sync/units {year}: starts a unit sync, a real tracked GLOBAL_PER_YEAR job
// → 202 {job_id, pipeline_id}; 422 naming `year` for a year no report may have.
import { Router } from 'express';
import { z } from 'zod';
import { REPORT_YEARS } from '@carbon/shared';
import { parseInput } from '../../core/validate';
import { requireBackoffice, userOf } from '../../policies';
import type { JobDeps } from '../../useCases/deps';
import { startUnitSync } from '../../useCases/globalJobs';
import { jsonBody } from '../body';

const yearRange = `must be a year from ${REPORT_YEARS.min} to ${REPORT_YEARS.max}`;
const body = z.object({ year: z.number({ error: yearRange }).int({ error: yearRange }).min(REPORT_YEARS.min, { error: yearRange }).max(REPORT_YEARS.max, { error: yearRange }) });

export function unitSyncRoutes(d: JobDeps): Router {
  const r = Router();
  r.post('/', requireBackoffice('units', 'edit'), jsonBody(), async (req, res) => {
    const { year } = parseInput(body, req.body);
    const started = await startUnitSync(d, userOf(req), year);
    res.status(202).location(`/api/sync/jobs/${started.job_id}`).json(started);
  });
  return r;
}
