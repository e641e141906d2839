// Chaining a scope's aggregation so that concurrent pipelines share one. The
// de-duplication primitive (chainAggregation: at most one waiting aggregation per scope) is
// combined with a short hold: while other upstream jobs of the scope still wait or run, the
// aggregation is chained with a delay, so they join it instead of each running their own after
// it; the last upstream job makes it due at once. Deciding is serialised per scope by an
// advisory lock held until the deciding job commits, so the last one always sees itself last.
import * as jobSql from './sql';
import type { AggregationScope, JobContext, JobRow } from './types';

/** Longest hold: an upstream job that fails without chaining cannot keep stats stale longer. */
export const AGGREGATION_HOLD_MS = 3000;

export async function chainCoalescedAggregation(ctx: JobContext, scope: Omit<AggregationScope, 'delay_ms'>): Promise<JobRow> {
  const where = { moduleType: scope.module_type, year: scope.year, unitId: scope.unit_id ?? null };
  await jobSql.lockAggregationScope(ctx.db, { scope: JSON.stringify([where.moduleType, where.year, where.unitId]) });
  const { rows } = await jobSql.upstreamOfAggregation(ctx.db, { ...where, jobId: ctx.job.id });
  if (rows[0]!.n > 0) return ctx.chainAggregation({ ...scope, delay_ms: AGGREGATION_HOLD_MS }, { linear: true });
  await jobSql.advanceAggregation(ctx.db, where);
  return ctx.chainAggregation(scope, { linear: true });
}
