// /api/v1/plans: reduction targets. The institution's (set by administrators, read by anyone
// signed in) and a unit's own, stricter one with the unit's trajectory (its principals; read by
// whoever sees the unit's totals).
import { Router } from 'express';
import type { Pool } from '../useCases/deps';
import { clearUnitTarget, institutionTarget, setInstitutionTarget, setUnitTarget } from '../useCases/plans';
import { unitTargets } from '../domain/plans/targets';
import { userOf } from '../policies';
import { parseInput } from '../core/validate';
import { jsonBody } from './body';
import { idParam } from './params';
import { targetSetSchema } from './planTargets.schema';

export function planTargetRoutes(pool: Pool): Router {
  const r = Router();

  r.get('/targets/institution', async (_req, res) => {
    res.json(await institutionTarget(pool));
  });

  r.put('/targets/institution', jsonBody(), async (req, res) => {
    const target = parseInput(targetSetSchema, req.body);
    res.json(await setInstitutionTarget(pool, userOf(req), target));
  });

  r.get('/units/:unit_id/targets', async (req, res) => {
    res.json(await unitTargets(pool, userOf(req), idParam(req.params.unit_id, 'unit')));
  });

  r.put<{ unit_id: string }>('/units/:unit_id/targets', jsonBody(), async (req, res) => {
    const unitId = idParam(req.params.unit_id, 'unit');
    const target = parseInput(targetSetSchema, req.body);
    res.json(await setUnitTarget(pool, userOf(req), unitId, target));
  });

  r.delete('/units/:unit_id/targets', async (req, res) => {
    await clearUnitTarget(pool, userOf(req), idParam(req.params.unit_id, 'unit'));
    res.status(204).end();
  });

  return r;
}
