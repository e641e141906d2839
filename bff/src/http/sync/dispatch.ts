// POST /api/sync/dispatch?module&type&year[&unit_id][&mode=append|replace][&decimal=point|comma]
// with a text/csv body: stores the upload and starts csv_ingest → 202 {job_id, pipeline_id}.
// `decimal` declares the file's decimal mark; without it each number column's own values tell.
// With unit_id: principals of that unit (sync) and back-office. Without: the file names each
// row's unit (column unit_institutional_id), back-office only.
// GET /api/sync/dispatch/replace-count?module&type&year[&unit_id], for the same users: how many
// earlier CSV rows a replace upload would remove → {rows}, so that the user confirms it first.
import { Router } from 'express';
import { z } from 'zod';
import { coded, DECIMAL_MARKS, findEntryType, findModule, type ReplaceCount } from '@carbon/shared';
import type { JobDeps } from '../../useCases/deps';
import { countReplaceable, startEntryUpload } from '../../useCases/uploads';
import { INGEST_MODES } from '../../jobs/handlers/csvIngest';
import { userOf } from '../../policies';
import { parseInput } from '../../core/validate';
import { fieldIssue, InvalidError } from '../../core/errors';
import { assertCsvContentType, readCsvBody } from './csvBody';

const targetQuery = z.object({
  module: z.string({ error: 'is required' }).min(1, { error: 'is required' }),
  type: z.string({ error: 'is required' }).min(1, { error: 'is required' }),
  year: z.coerce.number({ error: 'must be a year' }).int({ error: 'must be a year' }).min(1990).max(2100),
  unit_id: z.coerce.number({ error: 'must be a unit id' }).int({ error: 'must be a unit id' }).positive({ error: 'must be a unit id' }).max(Number.MAX_SAFE_INTEGER).optional(),
});

export const dispatchQuery = targetQuery.extend({
  mode: z.enum(INGEST_MODES, { error: `must be one of: ${INGEST_MODES.join(', ')}` }).default('append'),
  decimal: z.enum(DECIMAL_MARKS, { error: `must be one of: ${DECIMAL_MARKS.join(', ')}` }).optional(),
});

/** The module, entry type, year and unit a request names: 422 for unknown names. The use case
 * then answers 404 for an unknown unit, 403, 404 without a report, before the body is read. */
function targetOf(q: z.infer<typeof targetQuery>) {
  return { ...moduleAndType(q.module, q.type), year: q.year, unitId: q.unit_id ?? null };
}

/** Module and entry type named in a query: unknown names are a 422 (they are parameters). */
export function moduleAndType(moduleName: string, typeName: string) {
  const module = findModule(moduleName);
  if (!module) throw new InvalidError(`Unknown module: ${moduleName}.`, [fieldIssue('module', 'unknown module', coded('no_such_module', { module: moduleName }))]);
  const entryType = findEntryType(module.type, typeName);
  if (!entryType) {
    throw new InvalidError(`The ${module.slug} module has no data entry type ${typeName} (it has: ${module.entryTypes.join(', ')}).`, [fieldIssue('type', 'unknown data entry type', coded('no_such_entry_type', { module: module.slug, type: typeName }))]);
  }
  return { module, entryType };
}

export function dispatchRoutes(d: JobDeps, uploadMaxBytes: number): Router {
  const r = Router();
  r.get('/replace-count', async (req, res) => {
    const q = parseInput(targetQuery, req.query, 'query');
    const answer: ReplaceCount = { rows: await countReplaceable(d.pool, userOf(req), targetOf(q)) };
    res.json(answer);
  });
  r.post('/', async (req, res) => {
    const user = userOf(req);
    assertCsvContentType(req);
    const q = parseInput(dispatchQuery, req.query, 'query');
    const target = { ...targetOf(q), mode: q.mode, ...(q.decimal ? { decimal: q.decimal } : {}) };
    const started = await startEntryUpload(d, user, target, () => readCsvBody(req, uploadMaxBytes));
    res.status(202).location(`/api/sync/jobs/${started.job_id}`).json(started);
  });
  return r;
}
