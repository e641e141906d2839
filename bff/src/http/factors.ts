// GET /api/factors?module&set&year (back-office factors view): the factors of a year of one
// factor set of the module (`set`: its name, or the entry type whose own set it is; `type` is
// the older name of the parameter), or of all of them, with `in_latest_upload` — false for a
// factor the latest successful factor file of its set did not contain ("not in latest CSV";
// such factors are kept, never bulk-deleted). `data_entry_type` in the answer holds the set.
// GET /api/factors/years: the years that have factors.
import { Router } from 'express';
import { z } from 'zod';
import { coded, factorSetsOf, findFactorSet, findModule } from '@carbon/shared';
import type { Pool } from '../useCases/deps';
import { requireBackoffice, userOf } from '../policies';
import { parseInput } from '../core/validate';
import { fieldIssue, InvalidError } from '../core/errors';
import { yearsWithFactors } from '../domain/factors';
import { listFactors } from '../useCases/factors';

const query = z.object({
  module: z.string({ error: 'is required' }).min(1, { error: 'is required' }),
  set: z.string().min(1).optional(),
  type: z.string().min(1).optional(),
  year: z.coerce.number({ error: 'must be a year' }).int({ error: 'must be a year' }).min(1990).max(2100),
});


/** The factor sets a query names: one of the module's, or all of them; unknown names are 422. */
function setsOf(moduleName: string, setName: string | undefined): string[] {
  const module = findModule(moduleName);
  if (!module) throw new InvalidError(`Unknown module: ${moduleName}.`, [fieldIssue('module', 'unknown module', coded('no_such_module', { module: moduleName }))]);
  const sets = factorSetsOf(module.type);
  if (setName === undefined) return sets.map((s) => s.name);
  const set = findFactorSet(module.type, setName);
  if (!set) {
    throw new InvalidError(`The ${module.slug} module has no factor set ${setName} (it has: ${sets.map((s) => s.name).join(', ')}).`, [fieldIssue('set', 'unknown factor set', coded('no_such_factor_set', { module: module.slug, set: setName }))]);
  }
  return [set.name];
}

export function factorRoutes(pool: Pool): Router {
  const r = Router();
  // The years that have factors: the factors page opens on the latest.
  r.get('/years', requireBackoffice('factors', 'view'), async (_req, res) => {
    res.json({ years: await yearsWithFactors(pool) });
  });
  r.get('/', requireBackoffice('factors', 'view'), async (req, res) => {
    const q = parseInput(query, req.query, 'query');
    const types = setsOf(q.module, q.set ?? q.type);
    res.json({ year: q.year, ...(await listFactors(pool, userOf(req), types, q.year)) });
  });
  return r;
}
