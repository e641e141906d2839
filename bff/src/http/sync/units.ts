// POST /api/sync/units {year}: starts a unit sync, a real tracked GLOBAL_PER_YEAR job
// → 202 {job_id, pipeline_id}; 422 naming `year` for a year no report may have.
import { Router } from 'express';
import { z } from 'zod';
import { REPORT_YEARS, type JobStarted } from '@carbon/shared';
import { parseInput } from '../../core/validate';
import { requireBackoffice, userOf } from '../../policies';
import type { JobRunner } from '../../jobs/runner';
import { UNIT_SYNC } from '../../jobs/handlers/unitSync';
import { writeAudit } from '../../domain/audit';
import { jsonBody } from '../body';

const yearRange = `must be a year from ${REPORT_YEARS.min} to ${REPORT_YEARS.max}`;
const body = z.object({ year: z.number({ error: yearRange }).int({ error: yearRange }).min(REPORT_YEARS.min, { error: yearRange }).max(REPORT_YEARS.max, { error: yearRange }) });

export function unitSyncRoutes(runner: JobRunner): Router {
  const r = Router();
  r.post('/', requireBackoffice('units', 'edit'), jsonBody(), async (req, res) => {
    const { year } = parseInput(body, req.body);
    const actorId = userOf(req).id;
    const job = await runner.createJob({ job_type: UNIT_SYNC, entity_type: 'GLOBAL_PER_YEAR', target: 'UNITS', year, created_by: actorId }, (db, row) =>
      writeAudit(db, { actorId, action: 'unit_sync', details: { year, job_id: row.id, pipeline_id: row.pipeline_id } }),
    );
    const answer: JobStarted = { job_id: job.id, pipeline_id: job.pipeline_id };
    res.status(202).location(`/api/sync/jobs/${job.id}`).json(answer);
  });
  return r;
}
