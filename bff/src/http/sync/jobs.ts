// The job console: GET /api/sync/jobs (filters state, job_type, year, pipeline_id, unit_id;
// paginated) and GET /api/sync/jobs/{id}. Back-office sees every job; principals the jobs of
// their units.
import { Router } from 'express';
import { z } from 'zod';
import { coded, JOB_STATES, type JobList } from '@carbon/shared';
import type { Pool } from '../../useCases/deps';
import { getJob, listJobs } from '../../useCases/jobs';
import { requireJobsView, userOf } from '../../policies';
import { fieldIssue, InvalidError } from '../../core/errors';
import { parseInput } from '../../core/validate';
import { presentJob } from './presentJob';

/** A job id from the path: a positive integer, else 422 (never a database error). */
export function parseJobId(raw: unknown): number {
  const id = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new InvalidError('job_id must be a positive integer.', [fieldIssue('job_id', 'must be a positive integer', coded('number_too_small', { minimum: 1 }))]);
  return id;
}

const listQuery = z.object({
  state: z.enum(JOB_STATES).optional(),
  job_type: z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, 'unknown job type').optional(),
  year: z.coerce.number().int().min(1990).max(2100).optional(),
  pipeline_id: z.uuid().optional(),
  unit_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  sort: z.enum(['id', 'started_at', 'finished_at']).default('id'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export function jobRoutes(pool: Pool): Router {
  const r = Router();
  r.get('/', requireJobsView, async (req, res) => {
    const q = parseInput(listQuery, req.query, 'query');
    const { items, total } = await listJobs(pool, userOf(req), {
      state: q.state ?? null,
      jobType: q.job_type ?? null,
      year: q.year ?? null,
      pipelineId: q.pipeline_id ?? null,
      unitId: q.unit_id ?? null,
      sort: q.sort,
      order: q.order,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    const list: JobList = {
      items: items.map(presentJob),
      total,
      page: q.page,
      limit: q.limit,
    };
    res.json(list);
  });

  r.get('/:job_id', requireJobsView, async (req, res) => {
    const id = parseJobId(req.params.job_id);
    res.json(presentJob(await getJob(pool, userOf(req), id)));
  });
  return r;
}
