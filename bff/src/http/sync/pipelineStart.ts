// Starting a Path 2 pipeline from a request: the upload and the first job committed together
// (never an upload without its job, never a job without its file), then fired in-process.
import { coded } from '@carbon/shared';
import type { JobStarted } from '@carbon/shared';
import { withTransaction, type Pool } from '../../db/pool';
import { storeUpload } from '../../domain/uploads';
import { writeAudit } from '../../domain/audit';
import { insertJob } from '../../jobs/chainJob';
import type { JobRunner } from '../../jobs/runner';
import type { NewJob } from '../../jobs/types';
import { NotFoundError } from '../../core/errors';
import type { CsvBody } from './csvBody';

/** The audit line of an upload made by someone (demo seeding makes none): the file's name, size
 * and checksum, the upload and the job are added to `details`. */
export interface UploadAudit {
  action: 'csv_upload' | 'factor_upload';
  details: Record<string, unknown>;
}

export async function startUploadJob(pool: Pool, runner: JobRunner, file: CsvBody, job: NewJob, audit?: UploadAudit): Promise<JobStarted> {
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

/** A unit-scoped Path 2 request: 404 for an unknown unit, then the caller's authorization
 * (403), then 404 when the unit has no report with this module for the year. */
export async function assertUnitModule(pool: Pool, unitId: number, year: number, moduleType: string, authorize: () => void): Promise<void> {
  const { rows } = await pool.query<{ report: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM carbon_reports r JOIN carbon_report_modules m ON m.carbon_report_id = r.id
                     WHERE r.unit_id = u.id AND r.year = $2 AND m.module_type = $3) AS report
       FROM units u WHERE u.id = $1`,
    [unitId, year, moduleType],
  );
  if (!rows[0]) throw new NotFoundError(`No such unit: ${unitId}.`, coded('no_such_unit'));
  authorize();
  if (!rows[0].report) throw new NotFoundError(`Unit ${unitId} has no carbon report with this module for ${year}.`, coded('no_report_for_year', { year }));
}
