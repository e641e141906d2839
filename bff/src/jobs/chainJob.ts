// Creating jobs. A top-level job is inserted on its own (or in the caller's transaction); a child
// is inserted by chainJob in the parent's domain transaction, so a parent that rolls back leaves
// no child, and the runner fires the child once that transaction has committed.
import type { DomainDb, ChildJob, JobRow, NewJob, AggregationScope, InsertedJob } from './types';
import { sql } from './sql';

interface Queryable {
  query: DomainDb['query'];
}

export async function insertJob(db: Queryable, job: NewJob): Promise<InsertedJob> {
  const { rows } = await db.query<InsertedJob>(sql.insertJob, [
    job.job_type,
    job.entity_type,
    job.target,
    job.module_type ?? null,
    job.data_entry_type ?? null,
    job.unit_id ?? null,
    job.year ?? null,
    job.pipeline_id ?? null,
    job.payload ?? null,
    job.max_attempts ?? null,
    job.delay_ms ?? null,
    job.created_by ?? null,
  ]);
  return rows[0]!;
}

/** chain_job(parent, child): the child joins the parent's pipeline; `linear` links it as the
 * parent's next_job. Must run on the parent's domain transaction. */
export async function chainJob(db: DomainDb, parent: JobRow, child: ChildJob, opts: { linear?: boolean } = {}): Promise<InsertedJob> {
  const row = await insertJob(db, { ...child, pipeline_id: parent.pipeline_id, created_by: parent.created_by });
  if (opts.linear) await db.query(sql.linkNextJob, [parent.id, row.id]);
  return row;
}

/** The aggregation of a scope, de-duplicated: an aggregation already waiting is reused. */
export async function chainAggregation(db: DomainDb, parent: JobRow, scope: AggregationScope, opts: { linear?: boolean } = {}): Promise<InsertedJob & { inserted: boolean }> {
  const { rows } = await db.query<InsertedJob & { inserted: boolean }>(sql.insertAggregation, [
    scope.module_type,
    scope.unit_id ?? null,
    scope.year,
    parent.pipeline_id,
    scope.payload ?? null,
    parent.created_by,
    scope.delay_ms ?? null,
  ]);
  const row = rows[0]!;
  if (opts.linear) await db.query(sql.linkNextJob, [parent.id, row.id]);
  return row;
}
