// POST /api/sync/factors/{module}/{set}?year= with a text/csv body (back-office factors edit):
// a factor file of one factor set of the module (named by the set, or by the entry type whose own
// set it is); stores the upload and starts factor_ingest → 202 {job_id, pipeline_id}.
// POST /api/sync/factors/carry-over {from_year, to_year} (back-office factors edit): starts
// factor_carry_over, which carries every factor set of from_year over to to_year → 202
// {job_id, pipeline_id}; 422 when the years are the same, out of range, or from_year has no factor.
import { Router } from 'express';
import { z } from 'zod';
import type { JobDeps } from '../../useCases/deps';
import { startFactorUpload } from '../../useCases/uploads';
import { startFactorCarryOver } from '../../useCases/globalJobs';
import { requireBackoffice, userOf } from '../../policies';
import { factorSetParam, moduleParam } from '../params';
import { parseInput } from '../../core/validate';
import { assertCsvContentType, readCsvBody } from './csvBody';
import { jsonBody } from '../body';

const query = z.object({ year: z.coerce.number({ error: 'must be a year' }).int({ error: 'must be a year' }).min(1990).max(2100) });

const year = z.number({ error: 'must be a year' }).int({ error: 'must be a year' }).min(1990, { error: 'must be 1990 or later' }).max(2100, { error: 'must be 2100 or earlier' });
const carryOver = z
  .object({ from_year: year, to_year: year })
  .refine((b) => b.from_year !== b.to_year, { path: ['to_year'], error: 'must differ from from_year' });

export function factorSyncRoutes(d: JobDeps, uploadMaxBytes: number): Router {
  const r = Router();
  r.post('/carry-over', requireBackoffice('factors', 'edit'), jsonBody(), async (req, res) => {
    const started = await startFactorCarryOver(d, userOf(req), parseInput(carryOver, req.body));
    res.status(202).location(`/api/sync/jobs/${started.job_id}`).json(started);
  });
  r.post<{ module: string; set: string }>('/:module/:set', requireBackoffice('factors', 'edit'), async (req, res) => {
    const module = moduleParam(req.params.module);
    const set = factorSetParam(module, req.params.set);
    assertCsvContentType(req);
    const { year } = parseInput(query, req.query, 'query');
    const started = await startFactorUpload(d, userOf(req), { module, set: set.name, year }, () => readCsvBody(req, uploadMaxBytes));
    res.status(202).location(`/api/sync/jobs/${started.job_id}`).json(started);
  });
  return r;
}
