// aggregation (Path 2): module and report stats recomputed from the sums of the
// emissions with domain/stats.ts — the one definition of stats, so Path 2 ends where Path 1
// would. Writes carbon_report_modules (stats, and the status of a module whose data changed)
// and carbon_reports (stats) only. Shared per scope: built with its dedup key (aggregationJob),
// so concurrent pipelines chain onto one waiting aggregation, held while jobs upstream of it
// still run (holdMs).
import { ENTRY_TYPES, factorSetsUsedBy } from '@carbon/shared';
import { recomputeStats } from '../../../domain/stats';
import type { StatementRunner } from '../../../db/statement';
import { chainJob } from '../../chainJob';
import { PermanentJobError, type ChildJob, type InsertedJob, type JobHandler, type JobOutcome, type JobRow } from '../../types';
import { moduleTypeOfJob, scopeModules, withoutFactorAdvice } from '../shared';
import { reopenChangedModule } from './sql';

export const AGGREGATION = 'aggregation';

/** Longest hold: an upstream job that fails without chaining cannot keep stats stale longer. */
export const AGGREGATION_HOLD_MS = 3000;

/** Scope of an aggregation: at most one waits per scope (de-duplicated). */
export interface AggregationScope {
  module_type: string;
  year: number;
  unit_id?: number | null;
  payload?: Record<string, unknown>;
  /** Not eligible before now + delay: callers arriving meanwhile share the job. */
  delay_ms?: number;
}

/** The aggregation of a scope as a child job, with the key that makes it shared (migration 0023
 * fills the same key into aggregations that waited before it). */
export function aggregationJob(scope: AggregationScope): ChildJob {
  const unitId = scope.unit_id ?? null;
  return {
    job_type: AGGREGATION,
    entity_type: unitId === null ? 'MODULE_PER_YEAR' : 'MODULE_UNIT_SPECIFIC',
    target: 'STATS',
    module_type: scope.module_type,
    unit_id: unitId,
    year: scope.year,
    payload: scope.payload,
    delay_ms: scope.delay_ms,
    dedup_key: `${AGGREGATION}:${scope.module_type}/${scope.year}/${unitId ?? 'all'}`,
  };
}

/** The aggregation of a scope, de-duplicated: an aggregation already waiting is reused. */
export function chainAggregation(db: StatementRunner, parent: JobRow, scope: AggregationScope, opts: { linear?: boolean } = {}): Promise<InsertedJob> {
  return chainJob(db, parent, aggregationJob(scope), opts);
}

export const aggregationHandler: JobHandler = {
  type: AGGREGATION,
  writes: ['carbon_report_modules', 'carbon_reports'],
  timeoutMs: 10 * 60_000,
  holdMs: AGGREGATION_HOLD_MS,
  async run(ctx): Promise<JobOutcome> {
    const { job, db } = ctx;
    moduleTypeOfJob(job);
    if (job.year === null) throw new PermanentJobError('An aggregation needs a year.');
    const modules = await scopeModules(db, job);
    let reopened = 0;
    let last: Awaited<ReturnType<typeof recomputeStats>>;
    // Entries left without a figure, per entry type, over the scope's modules.
    const withoutFactor = new Map<string, number>();
    for (const [i, m] of modules.entries()) {
      reopened += (await reopenChangedModule(db, { moduleId: m.id })).rowCount ?? 0;
      last = await recomputeStats(db, m.id);
      for (const [type, s] of Object.entries(last?.module.by_type ?? {})) {
        if (s.without_factor) withoutFactor.set(type, (withoutFactor.get(type) ?? 0) + Number(s.without_factor));
      }
      await ctx.progress({ phase: 'aggregating', done: i + 1, total: modules.length });
    }
    // One unit's module: the stats travel with the job's final event (migration 0005).
    const stats = job.unit_id !== null && modules.length === 1 && last ? last : undefined;
    // Totals that lack entries say so, with the next step. The aggregation itself succeeded: those
    // entries may be years old and shared by every pipeline of the module, so its outcome does not
    // blame them on the file or factor upload it ends (whose recalculation counts its own).
    const missing = [...withoutFactor.values()].reduce((a, b) => a + b, 0);
    const sets = [...withoutFactor.keys()].flatMap((type) => (ENTRY_TYPES[type] ? factorSetsUsedBy(ENTRY_TYPES[type]) : []));
    return {
      result: 'SUCCESS',
      message:
        `stats of ${modules.length} module${modules.length === 1 ? '' : 's'} recomputed` +
        (reopened ? `, ${reopened} reopened` : '') +
        (missing ? `; ${withoutFactorAdvice(missing, sets, job.year)}` : ''),
      report: { modules: modules.length, reopened, without_factor: missing, ...(stats ? { stats } : {}) },
    };
  },
};
