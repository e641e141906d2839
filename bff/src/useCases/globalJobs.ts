// Path 2 jobs over every unit, started by the back office: the unit directory sync and the
// carry-over of a year's factors. The job and its audit line commit together (runner.createJob).
import { coded, type JobStarted } from '@carbon/shared';
import { writeAudit } from '../domain/audit';
import { factorCountsOf } from '../domain/factors';
import type { Actor } from '../domain/actor';
import { fieldIssue, InvalidError } from '../core/errors';
import { UNIT_SYNC } from '../jobs/handlers/unitSync';
import { FACTOR_CARRY_OVER, type FactorCarryOverPayload } from '../jobs/handlers/factorCarryOver';
import { authorizeBackoffice } from '../policies';
import type { JobDeps } from './deps';

export async function startUnitSync(d: JobDeps, actor: Actor, year: number): Promise<JobStarted> {
  authorizeBackoffice(actor, 'units', 'edit');
  const job = await d.runner.createJob({ job_type: UNIT_SYNC, entity_type: 'GLOBAL_PER_YEAR', target: 'UNITS', year, created_by: actor.id }, (db, row) =>
    writeAudit(db, { actorId: actor.id, action: 'unit_sync', details: { year, job_id: row.id, pipeline_id: row.pipeline_id } }),
  );
  return { job_id: job.id, pipeline_id: job.pipeline_id };
}

/** 422 naming from_year when that year has no factor to carry. */
export async function startFactorCarryOver(d: JobDeps, actor: Actor, years: { from_year: number; to_year: number }): Promise<JobStarted> {
  authorizeBackoffice(actor, 'factors', 'edit');
  const { from_year, to_year } = years;
  const counts = await factorCountsOf(d.pool, from_year);
  if (!Object.keys(counts).length) throw new InvalidError(`There is no factor for ${from_year} to carry over.`, [fieldIssue('from_year', 'has no factor', coded('no_factor_to_carry', { year: from_year }))]);
  const payload: FactorCarryOverPayload = { from_year };
  const job = await d.runner.createJob(
    { job_type: FACTOR_CARRY_OVER, entity_type: 'GLOBAL_PER_YEAR', target: 'FACTORS', year: to_year, payload: { ...payload }, created_by: actor.id },
    (db, row) => writeAudit(db, { actorId: actor.id, action: 'factor_carry_over', details: { from_year, to_year, job_id: row.id, pipeline_id: row.pipeline_id } }),
  );
  return { job_id: job.id, pipeline_id: job.pipeline_id };
}
