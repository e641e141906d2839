// POST /api/sync/recalculate-emissions/{module}[/{type}]?year=[&unit_id]:
// one emission_recalc per data entry type (all of the module's, or the one named), inserted
// together in one pipeline → 202 {job_ids, pipeline_id}; each chains the de-duplicated
// aggregation, as after an upload.
import { Router } from 'express';
import { z } from 'zod';
import { entryTypesOf } from '@carbon/shared';
import { withTransaction, type Pool } from '../../db/pool';
import type { JobRunner } from '../../jobs/runner';
import { insertJob } from '../../jobs/chainJob';
import { writeAudit } from '../../domain/audit';
import type { JobRow } from '../../jobs/types';
import { EMISSION_RECALC } from '../../jobs/handlers/emissionRecalc';
import { authorizeSync, userOf } from '../../policies';
import { entryTypeParam, moduleParam } from '../params';
import { parseInput } from '../../core/validate';
import { assertUnitModule } from './pipelineStart';

const query = z.object({
  year: z.coerce.number({ error: 'must be a year' }).int({ error: 'must be a year' }).min(1990).max(2100),
  unit_id: z.coerce.number({ error: 'must be a unit id' }).int({ error: 'must be a unit id' }).positive({ error: 'must be a unit id' }).max(Number.MAX_SAFE_INTEGER).optional(),
});

export function recalculateRoutes(pool: Pool, runner: JobRunner): Router {
  const r = Router();
  r.post<{ module: string; type?: string }>('/:module{/:type}', async (req, res) => {
    const user = userOf(req);
    const module = moduleParam(req.params.module);
    const types = req.params.type ? [entryTypeParam(module, req.params.type)] : entryTypesOf(module.type);
    const q = parseInput(query, req.query, 'query');
    const unitId = q.unit_id ?? null;
    const authorize = () => authorizeSync(user, module.type, unitId);
    if (unitId === null) authorize();
    else await assertUnitModule(pool, unitId, q.year, module.type, authorize);
    const jobs = await withTransaction(pool, async (db) => {
      const rows: JobRow[] = [];
      for (const t of types) {
        rows.push(
          await insertJob(db, {
            job_type: EMISSION_RECALC,
            entity_type: unitId === null ? 'MODULE_PER_YEAR' : 'MODULE_UNIT_SPECIFIC',
            target: 'DATA_ENTRIES',
            module_type: module.type,
            data_entry_type: t.type,
            unit_id: unitId,
            year: q.year,
            payload: { reason: 'requested' },
            created_by: user.id,
            pipeline_id: rows[0]?.pipeline_id,
          }),
        );
      }
      await writeAudit(db, {
        actorId: user.id,
        action: 'recalculation',
        unitId,
        details: { module: module.type, entry_types: types.map((t) => t.type), year: q.year, job_ids: rows.map((j) => j.id), pipeline_id: rows[0]!.pipeline_id },
      });
      return rows;
    });
    for (const j of jobs) runner.fire(j.id);
    res.status(202).json({ job_ids: jobs.map((j) => j.id), pipeline_id: jobs[0]!.pipeline_id });
  });
  return r;
}
