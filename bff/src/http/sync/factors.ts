// POST /api/sync/factors/{module}/{set}?year= with a text/csv body (back-office factors edit):
// a factor file of one factor set of the module (named by the set, or by the entry type whose own
// set it is); stores the upload and starts factor_ingest → 202 {job_id, pipeline_id}.
import { Router } from 'express';
import { z } from 'zod';
import type { Pool } from '../../db/pool';
import type { JobRunner } from '../../jobs/runner';
import { FACTOR_INGEST } from '../../jobs/handlers/factorIngest';
import { requireBackoffice, userOf } from '../../policies';
import { factorSetParam, moduleParam } from '../params';
import { parseInput } from '../../core/validate';
import { assertCsvContentType, readCsvBody } from './csvBody';
import { startUploadJob } from './pipelineStart';

const query = z.object({ year: z.coerce.number({ error: 'must be a year' }).int({ error: 'must be a year' }).min(1990).max(2100) });

export function factorSyncRoutes(pool: Pool, runner: JobRunner, uploadMaxBytes: number): Router {
  const r = Router();
  r.post<{ module: string; set: string }>('/:module/:set', requireBackoffice('factors', 'edit'), async (req, res) => {
    const module = moduleParam(req.params.module);
    const set = factorSetParam(module, req.params.set);
    assertCsvContentType(req);
    const { year } = parseInput(query, req.query, 'query');
    const file = await readCsvBody(req, uploadMaxBytes);
    const started = await startUploadJob(pool, runner, file, {
      job_type: FACTOR_INGEST,
      entity_type: 'MODULE_PER_YEAR',
      target: 'FACTORS',
      module_type: module.type,
      // The job's entry type column holds the set's name, as the factors' own column does.
      data_entry_type: set.name,
      year,
      created_by: userOf(req).id,
    });
    res.status(202).location(`/api/sync/jobs/${started.job_id}`).json(started);
  });
  return r;
}
