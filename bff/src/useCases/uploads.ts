// Path 2 starts from a file: a CSV of entries (dispatch) or of factors. Each use case authorizes
// first, then reads the body (so a refused request never streams its file), then commits the
// upload, the first job and the audit line together and fires the job in-process.
import { coded, type EntryTypeDef, type JobStarted, type ModuleDef } from '@carbon/shared';
import { withTransaction, type Pool } from '../db/pool';
import { countReplaceableRows, storeUpload } from '../domain/uploads';
import { writeAudit } from '../domain/audit';
import { unitModuleTarget } from '../domain/syncTarget';
import type { Actor } from '../domain/actor';
import { insertJob } from '../jobs/chainJob';
import type { JobRunner } from '../jobs/runner';
import type { NewJob } from '../jobs/types';
import { CSV_INGEST, type IngestMode } from '../jobs/handlers/csvIngest';
import { FACTOR_INGEST } from '../jobs/handlers/factorIngest';
import { NotFoundError } from '../core/errors';
import { authorizeBackoffice, authorizeSync } from '../policies';
import type { JobDeps } from './deps';

/** An uploaded file as the request delivered it. */
export interface UploadFile {
  body: Buffer;
  sha256: string;
  /** The file's name as the client gave it, for people reading the job console. */
  name: string | null;
}

/** The audit line of an upload made by someone (demo seeding makes none): the file's name, size
 * and checksum, the upload and the job are added to `details`. */
export interface UploadAudit {
  action: 'csv_upload' | 'factor_upload' | 'carry_forward';
  details: Record<string, unknown>;
}

/** The upload and its first job committed together (never an upload without its job, never a
 * job without its file), then fired. The caller has authorized: demo seeding calls it directly. */
export async function startUploadJob(pool: Pool, runner: JobRunner, file: UploadFile, job: NewJob, audit?: UploadAudit): Promise<JobStarted> {
  const row = await withTransaction(pool, async (db) => {
    const uploadId = await storeUpload(db, file.body, file.sha256, job.created_by ?? null);
    const inserted = await insertJob(db, { ...job, payload: { ...job.payload, upload_id: uploadId, sha256: file.sha256, bytes: file.body.length, file_name: file.name } });
    if (audit) {
      await writeAudit(db, {
        actorId: job.created_by ?? null,
        action: audit.action,
        unitId: job.unit_id ?? null,
        details: { ...audit.details, file_name: file.name, bytes: file.body.length, sha256: file.sha256, upload_id: uploadId, job_id: inserted.id, pipeline_id: inserted.pipeline_id },
      });
    }
    return inserted;
  });
  runner.fire(row.id);
  return { job_id: row.id, pipeline_id: row.pipeline_id };
}

/** Path 2 on a module for one unit or (unitId null) every unit: 404 for an unknown unit, then
 * the sync policy (403), then 404 when the unit has no report with this module for the year. */
export async function authorizeModuleSync(pool: Pool, actor: Actor, moduleType: ModuleDef['type'], unitId: number | null, year: number): Promise<void> {
  if (unitId === null) return authorizeSync(actor, moduleType, null);
  const target = await unitModuleTarget(pool, unitId, year, moduleType);
  if (!target) throw new NotFoundError(`No such unit: ${unitId}.`, coded('no_such_unit'));
  authorizeSync(actor, moduleType, unitId);
  if (!target.report) throw new NotFoundError(`Unit ${unitId} has no carbon report with this module for ${year}.`, coded('no_report_for_year', { year }));
}

export interface EntryUploadTarget {
  module: ModuleDef;
  entryType: EntryTypeDef;
  year: number;
  unitId: number | null;
}

/** How many earlier CSV rows a replace upload to `target` would remove. */
export async function countReplaceable(pool: Pool, actor: Actor, t: EntryUploadTarget): Promise<number> {
  await authorizeModuleSync(pool, actor, t.module.type, t.unitId, t.year);
  return countReplaceableRows(pool, { year: t.year, moduleType: t.module.type, entryType: t.entryType.type, unitId: t.unitId });
}

/** A CSV of entries: starts csv_ingest. */
export async function startEntryUpload(
  d: JobDeps,
  actor: Actor,
  t: EntryUploadTarget & { mode: IngestMode; decimal?: string },
  readFile: () => Promise<UploadFile>,
): Promise<JobStarted> {
  await authorizeModuleSync(d.pool, actor, t.module.type, t.unitId, t.year);
  const file = await readFile();
  const options = { mode: t.mode, ...(t.decimal ? { decimal: t.decimal } : {}) };
  return startUploadJob(d.pool, d.runner, file, {
    job_type: CSV_INGEST,
    entity_type: t.unitId === null ? 'MODULE_PER_YEAR' : 'MODULE_UNIT_SPECIFIC',
    target: 'DATA_ENTRIES',
    module_type: t.module.type,
    data_entry_type: t.entryType.type,
    unit_id: t.unitId,
    year: t.year,
    payload: options,
    // A file is a unit of work: retrying it after a permanent problem cannot help, but a crash
    // or a lost connection can be retried safely (one transaction).
    max_attempts: 3,
    created_by: actor.id,
  }, { action: 'csv_upload', details: { module: t.module.type, entry_type: t.entryType.type, year: t.year, ...options } });
}

/** A factor file of one factor set of a module: starts factor_ingest (back-office factors edit). */
export async function startFactorUpload(d: JobDeps, actor: Actor, t: { module: ModuleDef; set: string; year: number }, readFile: () => Promise<UploadFile>): Promise<JobStarted> {
  authorizeBackoffice(actor, 'factors', 'edit');
  const file = await readFile();
  return startUploadJob(d.pool, d.runner, file, {
    job_type: FACTOR_INGEST,
    entity_type: 'MODULE_PER_YEAR',
    target: 'FACTORS',
    module_type: t.module.type,
    // The job's entry type column holds the set's name, as the factors' own column does.
    data_entry_type: t.set,
    year: t.year,
    created_by: actor.id,
  }, { action: 'factor_upload', details: { module: t.module.type, factor_set: t.set, year: t.year } });
}
