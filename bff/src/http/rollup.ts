// /api/v1/rollup?year=: the institution roll-up, every unit's figures of a year (back-office
// `results` area).
import { Router } from 'express';
import type { Pool } from '../useCases/deps';
import { institutionRollup } from '../domain/rollup';
import { requireBackoffice, userOf } from '../policies';
import { parseInput } from '../core/validate';
import { rollupQuerySchema } from './carbonReports.schema';

export function rollupRoutes(pool: Pool): Router {
  const r = Router();
  r.get('/', requireBackoffice('results', 'view'), async (req, res) => {
    const { year } = parseInput(rollupQuerySchema, req.query, 'query');
    res.json(await institutionRollup(pool, userOf(req), year));
  });
  return r;
}
