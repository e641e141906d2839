// /api/v1/plans/institution?year=: every unit against the trajectory and the sum of the plans
// against the institution's target (back office and administrators).
import { Router } from 'express';
import type { Pool } from '../useCases/deps';
import { institutionPlans } from '../domain/plans/institution';
import { userOf } from '../policies';
import { parseInput } from '../core/validate';
import { institutionQuerySchema } from './planScenarios.schema';

export function planInstitutionRoutes(pool: Pool): Router {
  const r = Router();
  r.get('/institution', async (req, res) => {
    const { year } = parseInput(institutionQuerySchema, req.query, 'query');
    res.json(await institutionPlans(pool, userOf(req), year));
  });
  return r;
}
