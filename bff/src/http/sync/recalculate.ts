// POST /api/sync/recalculate-emissions/{module}[/{type}]?year=[&unit_id]:
// one emission_recalc per data entry type (all of the module's, or the one named), inserted
// together in one pipeline → 202 {job_ids, pipeline_id} (useCases/recalculate.ts).
import { Router } from 'express';
import { z } from 'zod';
import { entryTypesOf } from '@carbon/shared';
import type { JobDeps } from '../../useCases/deps';
import { recalculateEmissions } from '../../useCases/recalculate';
import { userOf } from '../../policies';
import { entryTypeParam, moduleParam } from '../params';
import { parseInput } from '../../core/validate';

const query = z.object({
  year: z.coerce.number({ error: 'must be a year' }).int({ error: 'must be a year' }).min(1990).max(2100),
  unit_id: z.coerce.number({ error: 'must be a unit id' }).int({ error: 'must be a unit id' }).positive({ error: 'must be a unit id' }).max(Number.MAX_SAFE_INTEGER).optional(),
});

export function recalculateRoutes(d: JobDeps): Router {
  const r = Router();
  r.post<{ module: string; type?: string }>('/:module{/:type}', async (req, res) => {
    const module = moduleParam(req.params.module);
    const types = req.params.type ? [entryTypeParam(module, req.params.type)] : entryTypesOf(module.type);
    const q = parseInput(query, req.query, 'query');
    res.status(202).json(await recalculateEmissions(d, userOf(req), { module, types, year: q.year, unitId: q.unit_id ?? null }));
  });
  return r;
}
