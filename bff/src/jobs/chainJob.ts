// Creating jobs. A top-level job is inserted on its own (or in the caller's transaction); a child
// is inserted by chainJob in the parent's domain transaction, so a parent that rolls back leaves
// no child, and the runner fires the child once that transaction has committed. Either way the
// insert holds its combination's lock until that transaction ends (sql/insertJob.sql).
import type { StatementRunner } from '../db/statement';
import * as jobSql from './sql';
import type { ChildJob, JobRow, NewJob, InsertedJob } from './types';

export async function insertJob(db: StatementRunner, job: NewJob): Promise<InsertedJob> {
  const { rows } = await jobSql.insertJob(db, {
    jobType: job.job_type,
    entityType: job.entity_type,
    target: job.target,
    moduleType: job.module_type ?? null,
    dataEntryType: job.data_entry_type ?? null,
    unitId: job.unit_id ?? null,
    year: job.year ?? null,
    pipelineId: job.pipeline_id ?? null,
    payload: job.payload ?? null,
    maxAttempts: job.max_attempts ?? null,
    delayMs: job.delay_ms ?? null,
    createdBy: job.created_by ?? null,
    dedupKey: job.dedup_key ?? null,
  });
  return rows[0]!;
}

/** chain_job(parent, child): the child joins the parent's pipeline; `linear` links it as the
 * parent's next_job. Must run on the parent's domain transaction. */
export async function chainJob(db: StatementRunner, parent: JobRow, child: ChildJob, opts: { linear?: boolean } = {}): Promise<InsertedJob> {
  const row = await insertJob(db, { ...child, pipeline_id: parent.pipeline_id, created_by: parent.created_by });
  if (opts.linear) await jobSql.linkNextJob(db, { id: parent.id, nextJob: row.id });
  return row;
}
