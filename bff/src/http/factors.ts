// GET /api/factors?module&set&year (back-office factors view): the factors of a year of one
// factor set of the module (`set`: its name, or the entry type whose own set it is; `type` is
// the older name of the parameter), or of all of them, with `in_latest_upload` — false for a
// factor the latest successful factor file of its set did not contain ("not in latest CSV";
// such factors are kept, never bulk-deleted). `data_entry_type` in the answer holds the set.
// GET /api/factors/years: the years that have factors.
import { Router } from 'express';
import { z } from 'zod';
import { coded, factorSetsOf, findFactorSet, findModule, type FactorView } from '@carbon/shared';
import type { Pool } from '../db/pool';
import { requireBackoffice } from '../policies';
import { parseInput } from '../core/validate';
import { fieldIssue, InvalidError } from '../core/errors';
import { factorCountsOf, yearsWithFactors } from '../domain/factors';

const query = z.object({
  module: z.string({ error: 'is required' }).min(1, { error: 'is required' }),
  set: z.string().min(1).optional(),
  type: z.string().min(1).optional(),
  year: z.coerce.number({ error: 'must be a year' }).int({ error: 'must be a year' }).min(1990).max(2100),
});

const LIST = `
  WITH latest AS (
    SELECT data_entry_type, max(id) AS job_id
      FROM data_ingestion_jobs
     WHERE job_type = 'factor_ingest' AND year = $2 AND data_entry_type = ANY ($1::text[])
       AND state = 'FINISHED' AND result <> 'ERROR'
     GROUP BY data_entry_type
  )
  SELECT f.id, f.data_entry_type, f.year, f.classification, f."values", f.uncertainty_pct, f.edition, f.boundary, f.origin, f.source, f.last_seen_job_id, f.updated_at,
         latest.job_id AS latest_job_id,
         latest.job_id IS NULL OR f.origin = 'library' OR coalesce(f.last_seen_job_id = latest.job_id, false) AS in_latest_upload
    FROM factors f
    LEFT JOIN latest ON latest.data_entry_type = f.data_entry_type
   WHERE f.data_entry_type = ANY ($1::text[]) AND f.year = $2
   ORDER BY f.data_entry_type, f.id`;

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
    const { rows } = await pool.query<FactorView & { updated_at: Date; latest_job_id: number | null }>(LIST, [types, q.year]);
    const latest = Object.fromEntries(types.map((t) => [t, rows.find((x) => x.data_entry_type === t)?.latest_job_id ?? null]));
    const inYear = Object.values(await factorCountsOf(pool, q.year)).reduce((a, b) => a + b, 0);
    res.json({
      year: q.year,
      // every set's, not only the module's: 0 means nobody gave this year factors yet
      factors_in_year: inYear,
      latest_upload_job_id: latest,
      items: rows.map(({ latest_job_id: _l, updated_at, ...f }) => ({ ...f, updated_at: updated_at.toISOString() })),
    });
  });
  return r;
}
