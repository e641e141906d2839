// The uncertainty of a report's results, from the uncertainty each factor row states
// (`factors.uncertainty_pct`, docs/formulas.md "Uncertainty of the results"). Emissions computed
// with the same factor row share its error, so their uncertainties add linearly; different rows
// are taken as independent, so theirs add in quadrature:
//   σ = sqrt(Σ_f (u_f / 100 × Σ kg of the emissions computed with f)²).
// Two figures come of it. The stated one sums only the rows whose source states u_f: it covers the
// kg of those rows, which it names, and never the total (most rows state none, and a ± over a few
// tonnes read beside the whole total looks like a precision the total does not have). The whole
// total's range takes every other row in its factor set's default class (the registry's
// `uncertaintyClass`), and the emissions naming no single row (a blend, several per-FTE factors)
// as one error per factor set, in that set's class. Computed when read (factor uploads change it
// at once, and nothing is stored that could go stale), with one grouped query per report.
import {
  coded,
  extrapolationExtra,
  MODULE_TYPES,
  FACTOR_SETS,
  UNCERTAINTY_CLASS_PCT,
  UNCERTAINTY_CLASSES,
  UNKNOWN_SET_UNCERTAINTY_CLASS,
  type ReportUncertainty,
  type UncertaintyClass,
  type UncertaintyFigure,
} from '@carbon/shared';
import type { Pool } from '../db/pool';
import { ForbiddenError, NotFoundError } from '../core/errors';
import { canSeeReportTotals, canSeeUnit } from '../policies';
import type { Actor } from './actor';
import { surveyBases } from './surveys';

/** The kg of a report's emissions with a figure, per module and factor row. */
export interface FactorSum {
  module_type: string;
  /** The factor set of the row; for an emission naming no row, its entry type's own set. */
  factor_set: string;
  /** null: the emission names no single row (a blend, several per-FTE factors). */
  factor_id: number | null;
  /** The row's stated uncertainty in %; null: none published. */
  uncertainty_pct: number | null;
  kg: number;
}

// By module and factor row: the module rows of the report, their entries by the
// (module, type, id) index, their emissions by the (entry, emission type) one. An entry type's
// own factor set is named after it, so an emission naming no row falls in its entry's set.
const FACTOR_SUMS = `
  SELECT m.module_type, coalesce(f.data_entry_type, e.data_entry_type) AS factor_set, x.factor_id,
         f.uncertainty_pct::float8 AS uncertainty_pct, sum(x.kg_co2eq)::float8 AS kg
    FROM carbon_report_modules m
    JOIN data_entries e ON e.carbon_report_module_id = m.id
    JOIN data_entry_emissions x ON x.data_entry_id = e.id
    LEFT JOIN factors f ON f.id = x.factor_id
   WHERE m.carbon_report_id = $1 AND x.kg_co2eq IS NOT NULL
   GROUP BY m.module_type, coalesce(f.data_entry_type, e.data_entry_type), x.factor_id, f.uncertainty_pct`;

/** One error of the propagation: a factor row, or the emissions of a set that name no row. */
interface ErrorSource {
  kg: number;
  /** The stated uncertainty in %; null: none stated, the class applies. */
  stated: number | null;
  class: UncertaintyClass;
}

/** The default uncertainty class of a factor set's rows whose source states none (the widest for
 * a set the registry no longer knows). */
export function uncertaintyClassOf(setName: string): UncertaintyClass {
  return FACTOR_SETS[setName]?.uncertaintyClass ?? UNKNOWN_SET_UNCERTAINTY_CLASS;
}

const pctOf = (part: number, whole: number): number | null => (whole !== 0 ? (100 * part) / whole : null);
const quadrature = (contributions: Iterable<number>): number => Math.sqrt([...contributions].reduce((v, c) => v + c * c, 0));

/** The uncertainty of the total of `sums`: the kg of each factor row are added first (fully
 * correlated), then the rows combined in quadrature; once over the rows that state an
 * uncertainty, once over all of them with the default class where none is stated. */
export function uncertaintyOf(sums: readonly FactorSum[]): UncertaintyFigure {
  const sources = new Map<string, ErrorSource>();
  let total = 0;
  for (const s of sums) {
    total += s.kg;
    const key = s.factor_id !== null ? `row ${s.factor_id}` : `set ${s.factor_set}`;
    const source = sources.get(key) ?? { kg: 0, stated: s.factor_id !== null ? s.uncertainty_pct : null, class: uncertaintyClassOf(s.factor_set) };
    source.kg += s.kg;
    sources.set(key, source);
  }
  const all = [...sources.values()];
  const stated = all.filter((x) => x.stated !== null);
  const covered = stated.reduce((kg, x) => kg + x.kg, 0);
  const uncovered_by_class = Object.fromEntries(UNCERTAINTY_CLASSES.map((c) => [c, 0])) as Record<UncertaintyClass, number>;
  let uncovered = 0;
  for (const x of all) {
    if (x.stated !== null) continue;
    uncovered_by_class[x.class] += x.kg;
    uncovered += x.kg;
  }
  const statedSigma = quadrature(stated.map((x) => (x.stated! / 100) * x.kg));
  const sigma = quadrature(all.map((x) => ((x.stated ?? UNCERTAINTY_CLASS_PCT[x.class]) / 100) * x.kg));
  return {
    kg_co2eq: total,
    stated: { covered_kg: covered, covered_pct: pctOf(covered, total), sigma_kg: statedSigma, sigma_pct: pctOf(statedSigma, covered) },
    uncovered_kg: uncovered,
    uncovered_by_class,
    whole: { sigma_kg: sigma, sigma_pct: pctOf(sigma, total), low_kg: Math.max(0, total - sigma), high_kg: total + sigma },
  };
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
