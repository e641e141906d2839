// POST /api/sync/factors/{module}/{type}?year= with a text/csv body (spec endpoint 5,
// back-office factors edit): stores the upload and starts factor_ingest → 202 {job_id, pipeline_id}.
import { Router } from 'express';
import { z } from 'zod';
import type { Pool } from '../../db/pool';
import type { JobRunner } from '../../jobs/runner';
import { FACTOR_INGEST } from '../../jobs/handlers/factorIngest';
import { requireBackoffice, userOf } from '../../policies';
import { entryTypeParam, moduleParam } from '../params';
import { parseInput } from '../../core/validate';
import { assertCsvContentType, readCsvBody } from './csvBody';
import { startUploadJob } from './pipelineStart';

const query = z.object({ year: z.coerce.number({ error: 'must be a year' }).int({ error: 'must be a year' }).min(1990).max(2100) });

export function factorSyncRoutes(pool: Pool, runner: JobRunner, uploadMaxBytes: number): Router {
  const r = Router();
  r.post<{ module: string; type: string }>('/:module/:type', requireBackoffice('factors', 'edit'), async (req, res) => {
    const module = moduleParam(req.params.module);
    const entryType = entryTypeParam(module, req.params.type);
    assertCsvContentType(req);
    const { year } = parseInput(query, req.query, 'query');
    const file = await readCsvBody(req, uploadMaxBytes);
    const started = await startUploadJob(pool, runner, file, {
      job_type: FACTOR_INGEST,
      entity_type: 'MODULE_PER_YEAR',
      target: 'FACTORS',
      module_type: module.type,
      data_entry_type: entryType.type,
      year,
      created_by: userOf(req).id,
    });
    res.status(202).location(`/api/sync/jobs/${started.job_id}`).json(started);
  });
  return r;
}
