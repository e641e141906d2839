// factor_carry_over (Path 2): a new year starts with the factors of an earlier one. Every factor
// set of the registry that has factors in the source year (`payload.from_year`) is carried over to
// the job's year, one set per statement with a progress step each: new rows with new ids, a
// factor the target year already has updated in place (so a re-run adds nothing and keeps ids),
// the source year only read. Writes `factors` only; like a factor upload, it then chains one
// emission_recalc per entry type reading a set that gained or changed a factor.
import { FACTOR_SETS, jobFailure } from '@carbon/shared';
import { factorCountsOf } from '../../../domain/factors';
import { PermanentJobError, type JobHandler, type JobOutcome } from '../../types';
import { chainRecalculations } from '../factorIngest';
import { EMISSION_RECALC } from '../emissionRecalc';
import { asQueryable } from '../shared';
import * as q from './sql';

export const FACTOR_CARRY_OVER = 'factor_carry_over';

export interface FactorCarryOverPayload {
  from_year: number;
}

export const factorCarryOverHandler: JobHandler = {
  type: FACTOR_CARRY_OVER,
  writes: ['factors'],
  timeoutMs: 5 * 60_000,
  next: [EMISSION_RECALC],
  async run(ctx): Promise<JobOutcome> {
    const { job, db } = ctx;
    const from = (job.payload as Partial<FactorCarryOverPayload>).from_year;
    if (job.year === null || typeof from !== 'number' || from === job.year) throw new PermanentJobError('A factor carry-over needs a source year and another target year.');
    const counts = await factorCountsOf(asQueryable(db), from);
    const sets = Object.keys(FACTOR_SETS).filter((s) => counts[s]);
    const total = sets.reduce((n, s) => n + counts[s]!, 0);
    if (!total) throw new PermanentJobError(`There is no factor for ${from} to carry over.`, undefined, jobFailure('no_factor_to_carry', { year: from }));
    let done = 0;
    await ctx.progress({ phase: 'copying', done, total });
    const bySet: Record<string, { factors: number; inserted: number; changed: number }> = {};
    for (const set of sets) {
      const { rows } = await q.carryOverFactors(db, { factorSet: set, fromYear: from, toYear: job.year, jobId: job.id });
      bySet[set] = { factors: rows.length, inserted: rows.filter((r) => r.inserted).length, changed: rows.filter((r) => r.values_changed).length };
      done += rows.length;
      await ctx.progress({ phase: 'copying', done, total });
    }
    const inserted = sets.reduce((n, s) => n + bySet[s]!.inserted, 0);
    const changed = sets.reduce((n, s) => n + bySet[s]!.changed, 0);
    const stale = sets.filter((s) => bySet[s]!.inserted + bySet[s]!.changed > 0);
    const recalcs = await chainRecalculations(ctx, stale, job.year);
    return {
      message:
        `${done} factors of ${sets.length} set${sets.length === 1 ? '' : 's'} carried over from ${from} to ${job.year} (${inserted} new, ${changed} changed)` +
        (recalcs.length ? '; emissions recalculated' : '; emissions are current'),
      report: { from_year: from, to_year: job.year, factors: done, inserted, changed, unchanged: done - inserted - changed, sets: bySet, recalculation_jobs: recalcs },
    };
  },
};
