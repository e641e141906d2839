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
import { countReplaceableRows } from '../../domain/uploads';
import type { Pool } from '../../db/pool';
import type { JobRunner } from '../../jobs/runner';
import { CSV_INGEST, INGEST_MODES } from '../../jobs/handlers/csvIngest';
import { authorizeSync, userOf, type PolicySubject } from '../../policies';
import { parseInput } from '../../core/validate';
import { fieldIssue, InvalidError } from '../../core/errors';
import { assertCsvContentType, readCsvBody } from './csvBody';
import { assertUnitModule, startUploadJob } from './pipelineStart';

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

/** The module, entry type and unit a request names, after the checks an upload makes before
 * reading its body: 422 for bad parameters, 404 for an unknown unit, 403, 404 without a report. */
async function authorizedTarget(pool: Pool, user: PolicySubject, q: z.infer<typeof targetQuery>) {
  const { module, entryType } = moduleAndType(q.module, q.type);
  const unitId = q.unit_id ?? null;
  const authorize = () => authorizeSync(user, module.type, unitId);
  if (unitId === null) authorize();
  else await assertUnitModule(pool, unitId, q.year, module.type, authorize);
  return { module, entryType, unitId };
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

export function dispatchRoutes(pool: Pool, runner: JobRunner, uploadMaxBytes: number): Router {
  const r = Router();
  r.get('/replace-count', async (req, res) => {
    const user = userOf(req);
    const q = parseInput(targetQuery, req.query, 'query');
    const { module, entryType, unitId } = await authorizedTarget(pool, user, q);
    const answer: ReplaceCount = { rows: await countReplaceableRows(pool, { year: q.year, moduleType: module.type, entryType: entryType.type, unitId }) };
    res.json(answer);
  });
  r.post('/', async (req, res) => {
    const user = userOf(req);
    assertCsvContentType(req);
    const q = parseInput(dispatchQuery, req.query, 'query');
    const { module, entryType, unitId } = await authorizedTarget(pool, user, q);
    const file = await readCsvBody(req, uploadMaxBytes);
    const started = await startUploadJob(pool, runner, file, {
      job_type: CSV_INGEST,
      entity_type: unitId === null ? 'MODULE_PER_YEAR' : 'MODULE_UNIT_SPECIFIC',
      target: 'DATA_ENTRIES',
      module_type: module.type,
      data_entry_type: entryType.type,
      unit_id: unitId,
      year: q.year,
      payload: { mode: q.mode, ...(q.decimal ? { decimal: q.decimal } : {}) },
      // A file is a unit of work: retrying it after a permanent problem cannot help, but a crash
      // or a lost connection can be retried safely (one transaction).
      max_attempts: 3,
      created_by: user.id,
    }, { action: 'csv_upload', details: { module: module.type, entry_type: entryType.type, year: q.year, mode: q.mode, ...(q.decimal ? { decimal: q.decimal } : {}) } });
    res.status(202).location(`/api/sync/jobs/${started.job_id}`).json(started);
  });
  return r;
}
