// The module summary (GET …/{module}): a module of a unit and year at a glance — status, stats, entry counts, and the
// pipeline recalculating it, if any. Users limited to their own rows get their own counts and
// no module totals.
import { entryTypesOf, FACTOR_SETS, factorSetsUsedBy, MODULES, type ModuleSummary } from '@carbon/shared';
import { takesAnonymousResponses } from './surveySettings';
import type { Pool } from '../db/pool';
import { canSeeModuleTotals } from '../policies';
import type { Actor } from './actor';
import { activePipelineId } from './activePipeline';
import { referenceCacheFor } from './referenceCache';
import { loadModuleContext, type ModuleRef } from './context';
import { ownRowsCondition } from './registrySql';
import { moduleStatsAsShown } from './surveys';

export async function moduleSummary(pool: Pool, actor: Actor, ref: Extract<ModuleRef, { unitId: number }>): Promise<ModuleSummary> {
  const ctx = await loadModuleContext(pool, actor, ref, { action: 'view' });
  const types = entryTypesOf(ref.module);
  const entryCounts: Record<string, number> = Object.fromEntries(types.map((t) => [t.type, 0]));
  let stats: ModuleSummary['stats'] = null;
  const survey = !!MODULES[ref.module].extrapolated;
  // Optional sets are empty by design: their entries add nothing rather than lack a factor
  // (shared/src/modules/notConfigured.ts), so no banner asks for them.
  const needed = [...new Set(types.flatMap(factorSetsUsedBy))].filter((s) => !FACTOR_SETS[s]?.optional);
  if (canSeeModuleTotals(actor, ref.module, ctx.unitId)) {
    const { rows } = await pool.query<{ stats: ModuleSummary['stats'] }>('SELECT stats FROM carbon_report_modules WHERE id = $1', [ctx.moduleId]);
    stats = await moduleStatsAsShown(pool, ctx.reportId, ref.module, rows[0]?.stats);
    for (const t of types) entryCounts[t.type] = stats.by_type[t.type]?.entries ?? 0;
  } else {
    const { rows } = await pool.query<{ data_entry_type: string; n: number }>(
      `SELECT e.data_entry_type, count(*)::int AS n FROM data_entries e
        WHERE e.carbon_report_module_id = $1 AND ${ownRowsCondition(types, '$2')}
        GROUP BY 1`,
      [ctx.moduleId, String(actor.person_number ?? '')],
    );
    for (const r of rows) entryCounts[r.data_entry_type] = r.n;
  }
  return {
    unit_id: ctx.unitId,
    year: ctx.year,
    carbon_report_id: ctx.reportId,
    module_id: ctx.moduleId,
    module_type: ref.module,
    status: ctx.status,
    stats,
    entry_counts: entryCounts,
    active_pipeline_id: await activePipelineId(pool, ref),
    factor_sets_needed: needed,
    factor_sets_without_factors: await setsWithoutFactors(pool, needed, ctx.year),
    anonymous_responses: survey ? await takesAnonymousResponses(pool, ctx.moduleId) : null,
  };
}

/** Those of these sets that have no factor for the year, in the given order (from the reference
 * cache, which Path 1 reads anyway). */
async function setsWithoutFactors(pool: Pool, sets: string[], year: number): Promise<string[]> {
  const bySet = await referenceCacheFor(pool).factorSetsFor(pool, sets, year);
  return sets.filter((s) => !bySet[s]?.length);
}
