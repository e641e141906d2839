// The job console's reads: back-office sees every job, principals the jobs of their units.
import { coded, type JobState } from '@carbon/shared';
import type { Pool } from '../db/pool';
import type { CurrentUser } from '../auth/currentUser';
import * as jobSql from '../jobs/sql';
import type { JobRow } from '../jobs/types';
import { ForbiddenError, NotFoundError } from '../core/errors';
import { canSeeJob, jobScope } from '../policies';

export type ListedJob = JobRow & jobSql.Submitted;

export interface JobFilters {
  state: JobState | null;
  jobType: string | null;
  year: number | null;
  pipelineId: string | null;
  unitId: number | null;
  sort: 'id' | 'started_at' | 'finished_at';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export async function listJobs(pool: Pool, user: CurrentUser, f: JobFilters): Promise<{ items: ListedJob[]; total: number }> {
  const scope = jobScope(user);
  const { rows } = await jobSql.listJobs(pool, { ...f, allUnits: scope.all, unitIds: scope.all ? [] : scope.unitIds });
  // Past the last page the one row has null job columns: it carries the total only.
  return { items: rows.filter((row): row is ListedJob & { total: number } => row.id !== null), total: rows[0]?.total ?? 0 };
}

export async function getJob(pool: Pool, user: CurrentUser, id: number): Promise<ListedJob> {
  const job = (await jobSql.getJob(pool, { id })).rows[0];
  if (!job) throw new NotFoundError(`Job ${id} does not exist.`, coded('no_such_job', { id }));
  if (!canSeeJob(user, job)) throw new ForbiddenError('You may not see this job.');
  return job;
}
