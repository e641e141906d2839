// /api/v1/units: the units the user may see, with the years that have a carbon report and those
// whose report holds entries (what the back office opens on), and the factor rows of a unit's
// report year (the method page).
import { Router } from 'express';
import type { Pool } from '../useCases/deps';
import { listUnits } from '../useCases/units';
import { userOf } from '../policies';
import { unitYearFactors } from '../domain/method';
import { idParam, yearParam } from './params';

export function unitRoutes(pool: Pool): Router {
  const r = Router();
  r.get('/', async (req, res) => {
    res.json(await listUnits(pool, userOf(req)));
  });
  r.get('/:unit_id/years/:year/factors', async (req, res) => {
    res.json(await unitYearFactors(pool, userOf(req), idParam(req.params.unit_id, 'unit'), yearParam(req.params.year)));
  });
  return r;
}
