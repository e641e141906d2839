// Chaining a scope's aggregation so that concurrent pipelines share one (DESIGN §9). The
// de-duplication primitive (chainAggregation: at most one waiting aggregation per scope) is
// combined with a short hold: while other upstream jobs of the scope still wait or run, the
// aggregation is chained with a delay, so they join it instead of each running their own after
// it; the last upstream job makes it due at once. Deciding is serialised per scope by an
// advisory lock held until the deciding job commits, so the last one always sees itself last.
import fs from 'node:fs';
import type { AggregationScope, JobContext, JobRow } from './types';

const read = (name: string) => fs.readFileSync(new URL(`./sql/${name}.sql`, import.meta.url), 'utf8');
const q = {
  lockAggregationScope: read('lockAggregationScope'),
  upstreamOfAggregation: read('upstreamOfAggregation'),
  advanceAggregation: read('advanceAggregation'),
} as const;

/** Longest hold: an upstream job that fails without chaining cannot keep stats stale longer. */
export const AGGREGATION_HOLD_MS = 3000;

export async function chainCoalescedAggregation(ctx: JobContext, scope: Omit<AggregationScope, 'delay_ms'>): Promise<JobRow> {
  const unitId = scope.unit_id ?? null;
  await ctx.db.query(q.lockAggregationScope, [JSON.stringify([scope.module_type, scope.year, unitId])]);
  const { rows } = await ctx.db.query<{ n: number }>(q.upstreamOfAggregation, [scope.module_type, scope.year, unitId, ctx.job.id]);
  if (rows[0]!.n > 0) return ctx.chainAggregation({ ...scope, delay_ms: AGGREGATION_HOLD_MS }, { linear: true });
  await ctx.db.query(q.advanceAggregation, [scope.module_type, scope.year, unitId]);
  return ctx.chainAggregation(scope, { linear: true });
}
