// POST /api/sync/factors/{module}/{set}?year= with a text/csv body (back-office factors edit):
// a factor file of one factor set of the module (named by the set, or by the entry type whose own
// set it is); stores the upload and starts factor_ingest → 202 {job_id, pipeline_id}.
// POST /api/sync/factors/carry-over {from_year, to_year} (back-office factors edit): starts
// factor_carry_over, which carries every factor set of from_year over to to_year → 202
// {job_id, pipeline_id}; 422 when the years are the same, out of range, or from_year has no factor.
import { Router } from 'express';
import { z } from 'zod';
import { coded, type JobStarted } from '@carbon/shared';
import type { Pool } from '../../db/pool';
import type { JobRunner } from '../../jobs/runner';
import { FACTOR_INGEST } from '../../jobs/handlers/factorIngest';
import { FACTOR_CARRY_OVER, type FactorCarryOverPayload } from '../../jobs/handlers/factorCarryOver';
import { factorCountsOf } from '../../domain/factors';
import { writeAudit } from '../../domain/audit';
import { fieldIssue, InvalidError } from '../../core/errors';
import { requireBackoffice, userOf } from '../../policies';
import { factorSetParam, moduleParam } from '../params';
import { parseInput } from '../../core/validate';
import { assertCsvContentType, readCsvBody } from './csvBody';
import { startUploadJob } from './pipelineStart';
import { jsonBody } from '../body';

const query = z.object({ year: z.coerce.number({ error: 'must be a year' }).int({ error: 'must be a year' }).min(1990).max(2100) });

const year = z.number({ error: 'must be a year' }).int({ error: 'must be a year' }).min(1990, { error: 'must be 1990 or later' }).max(2100, { error: 'must be 2100 or earlier' });
const carryOver = z
  .object({ from_year: year, to_year: year })
  .refine((b) => b.from_year !== b.to_year, { path: ['to_year'], error: 'must differ from from_year' });

export function factorSyncRoutes(pool: Pool, runner: JobRunner, uploadMaxBytes: number): Router {
  const r = Router();
  r.post('/carry-over', requireBackoffice('factors', 'edit'), jsonBody(), async (req, res) => {
    const { from_year, to_year } = parseInput(carryOver, req.body);
    const counts = await factorCountsOf(pool, from_year);
    if (!Object.keys(counts).length) throw new InvalidError(`There is no factor for ${from_year} to carry over.`, [fieldIssue('from_year', 'has no factor', coded('no_factor_to_carry', { year: from_year }))]);
    const payload: FactorCarryOverPayload = { from_year };
    const actorId = userOf(req).id;
    const job = await runner.createJob(
      { job_type: FACTOR_CARRY_OVER, entity_type: 'GLOBAL_PER_YEAR', target: 'FACTORS', year: to_year, payload: { ...payload }, created_by: actorId },
      (db, row) => writeAudit(db, { actorId, action: 'factor_carry_over', details: { from_year, to_year, job_id: row.id, pipeline_id: row.pipeline_id } }),
    );
    const answer: JobStarted = { job_id: job.id, pipeline_id: job.pipeline_id };
    res.status(202).location(`/api/sync/jobs/${job.id}`).json(answer);
  });
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
    }, { action: 'factor_upload', details: { module: module.type, factor_set: set.name, year } });
    res.status(202).location(`/api/sync/jobs/${started.job_id}`).json(started);
  });
  return r;
}
