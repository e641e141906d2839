// aggregation (Path 2): module and report stats recomputed from the sums of the
// emissions with domain/stats.ts — the one definition of stats, so Path 2 ends where Path 1
// would. Writes carbon_report_modules (stats, and the status of a module whose data changed)
// and carbon_reports (stats) only. De-duplicated per scope by the pipeline (chainAggregation).
import { ENTRY_TYPES, factorSetsUsedBy } from '@carbon/shared';
import { recomputeStats } from '../../../domain/stats';
import { PermanentJobError, type JobHandler, type JobOutcome } from '../../types';
import { moduleTypeOfJob, scopeModules, withoutFactorAdvice } from '../shared';
import { reopenChangedModule } from './sql';

export const AGGREGATION = 'aggregation';

export const aggregationHandler: JobHandler = {
  type: AGGREGATION,
  writes: ['carbon_report_modules', 'carbon_reports'],
  timeoutMs: 10 * 60_000,
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
