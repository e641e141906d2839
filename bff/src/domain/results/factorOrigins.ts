// What a report's total rests on: the factor library's defaults, an operator's factors, or no
// factor at all (docs/formulas.md, "The factor library"). Read by the results page beside the
// results, for the users who may see them.
import { coded, extrapolationExtra, isModuleType, type FactorOrigins } from '@carbon/shared';
import type { Pool } from '../../db/pool';
import { ForbiddenError } from '../../core/errors';
import { canSeeReportTotals } from '../../policies';
import type { Actor } from '../actor';
import { visibleReportRow } from '../carbonReports';
import { surveyBases } from '../surveys';
import { resultsByFactorOrigin } from './sql';

export async function reportFactorOrigins(pool: Pool, actor: Actor, reportId: number): Promise<FactorOrigins> {
  const report = await visibleReportRow(pool, actor, reportId);
  if (!canSeeReportTotals(actor, report.unit_id)) {
    throw new ForbiddenError('The unit’s results are for those who may see every row of it; your own footprint is at /own.', coded('may_not_see_results'));
  }
  const [{ rows }, bases] = await Promise.all([resultsByFactorOrigin(pool, { reportId }), surveyBases(pool, [reportId])]);
  const surveys = bases.get(reportId) ?? {};
  const out: FactorOrigins = { report_id: reportId, library: { kg_co2eq: 0, entries: 0 }, operator: { kg_co2eq: 0, entries: 0 }, without_factor: 0 };
  for (const r of rows) {
    if (r.origin === 'none') {
      out.without_factor += r.entries;
      continue;
    }
    // A survey module's figures stand for the whole unit, as in its results.
    const basis = isModuleType(r.module_type) ? surveys[r.module_type] : undefined;
    out[r.origin].kg_co2eq += r.kg_co2eq + extrapolationExtra(r.kg_co2eq, basis);
    out[r.origin].entries += r.entries;
  }
  return out;
}
