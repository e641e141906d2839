// The uncertainty of a report's results, from the uncertainty each factor row states
// (`factors.uncertainty_pct`, docs/formulas.md "Uncertainty of the results"). Emissions computed
// with the same factor row share its error, so their uncertainties add linearly; different rows
// are taken as independent, so theirs add in quadrature:
//   σ = sqrt(Σ_f (u_f / 100 × Σ kg of the emissions computed with f)²).
// Emissions whose row states no uncertainty, or that name no single row, are summed apart as the
// uncovered part: never counted as exact. Computed when read (factor uploads change it at once,
// and nothing is stored that could go stale), with one grouped query per report.
import { coded, extrapolationExtra, MODULE_TYPES, type ReportUncertainty, type UncertaintyFigure } from '@carbon/shared';
import type { Pool } from '../db/pool';
import { ForbiddenError, NotFoundError } from '../core/errors';
import { canSeeReportTotals, canSeeUnit } from '../policies';
import type { Actor } from './actor';
import { surveyBases } from './surveys';

/** The kg of a report's emissions with a figure, per module and factor row. */
export interface FactorSum {
  module_type: string;
  /** null: the emission names no single row (a blend, several per-FTE factors). */
  factor_id: number | null;
  /** The row's stated uncertainty in %; null: none published. */
  uncertainty_pct: number | null;
  kg: number;
}

// By module and factor row: the module rows of the report, their entries by the
// (module, type, id) index, their emissions by the (entry, emission type) one.
const FACTOR_SUMS = `
  SELECT m.module_type, x.factor_id, f.uncertainty_pct::float8 AS uncertainty_pct, sum(x.kg_co2eq)::float8 AS kg
    FROM carbon_report_modules m
    JOIN data_entries e ON e.carbon_report_module_id = m.id
    JOIN data_entry_emissions x ON x.data_entry_id = e.id
    LEFT JOIN factors f ON f.id = x.factor_id
   WHERE m.carbon_report_id = $1 AND x.kg_co2eq IS NOT NULL
   GROUP BY m.module_type, x.factor_id, f.uncertainty_pct`;

/** The uncertainty of the total of `sums`: the kg of each factor row are added first (fully
 * correlated), then the rows combined in quadrature. */
export function uncertaintyOf(sums: readonly FactorSum[]): UncertaintyFigure {
  const byFactor = new Map<number, { u: number; kg: number }>();
  let total = 0;
  let uncovered = 0;
  for (const s of sums) {
    total += s.kg;
    if (s.factor_id === null || s.uncertainty_pct === null) {
      uncovered += s.kg;
      continue;
    }
    const f = byFactor.get(s.factor_id) ?? { u: s.uncertainty_pct, kg: 0 };
    f.kg += s.kg;
    byFactor.set(s.factor_id, f);
  }
  let variance = 0;
  for (const f of byFactor.values()) variance += ((f.u / 100) * f.kg) ** 2;
  const sigma = Math.sqrt(variance);
  return { kg_co2eq: total, sigma_kg: sigma, sigma_pct: total !== 0 ? (100 * sigma) / total : null, uncovered_kg: uncovered };
}

/** The report total's uncertainty and each module's (every module of the registry, 0 when empty).
 * A factor row read by two modules (the grid mix of buildings and of devices) is one error in the
 * total, so the total is not the quadrature sum of the modules'. */
export function reportUncertaintyOf(reportId: number, sums: readonly FactorSum[]): ReportUncertainty {
  const by_module = Object.fromEntries(MODULE_TYPES.map((m) => [m, uncertaintyOf(sums.filter((s) => s.module_type === m))]));
  return { report_id: reportId, ...uncertaintyOf(sums), by_module };
}

/** GET /api/v1/carbon_reports/{id}/uncertainty: for whoever sees the report's totals (404 unknown,
 * 403 another unit's or a user who sees only their own rows). */
export async function reportUncertainty(pool: Pool, actor: Actor, reportId: number): Promise<ReportUncertainty> {
  const { rows } = await pool.query<{ unit_id: number }>('SELECT unit_id FROM carbon_reports WHERE id = $1', [reportId]);
  const unitId = rows[0]?.unit_id;
  if (unitId === undefined) throw new NotFoundError('No such carbon report.', coded('no_such_report'));
  if (!canSeeUnit(actor, unitId) || !canSeeReportTotals(actor, unitId)) throw new ForbiddenError();
  const [sums, bases] = await Promise.all([pool.query<FactorSum>(FACTOR_SUMS, [reportId]), surveyBases(pool, [reportId])]);
  // A survey module's kg as its total shows them: extrapolated to the unit (the same factor rows).
  const surveys = bases.get(reportId) ?? {};
  return reportUncertaintyOf(reportId, sums.rows.map((s) => ({ ...s, kg: s.kg + extrapolationExtra(s.kg, surveys[s.module_type]) })));
}
