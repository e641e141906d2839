// The totals plans are set against: a report's total as the results show it (its stored total
// with the survey modules extrapolated to the unit, bff/src/domain/surveys.ts), for many units
// and years in two statements.
import { extrapolationExtra } from '@carbon/shared';
import type { SqlRunner } from '../db';
import { SURVEY_MODULES, surveyBases, type SurveyBases } from '../surveys';
import { yearTotals } from './sql';

export interface YearTotal {
  report_id: number;
  kg_co2eq: number;
  /** The survey modules' extrapolation bases (only for reports whose surveys weigh anything). */
  bases: SurveyBases;
}

export const totalKey = (unitId: number, year: number): string => `${unitId}/${year}`;

/** Totals by `unit/year` (totalKey); units null: every unit. A year without a report is absent. */
export async function reportTotals(db: SqlRunner, unitIds: number[] | null, years: readonly number[]): Promise<Map<string, YearTotal>> {
  const out = new Map<string, YearTotal>();
  if (!years.length) return out;
  const { rows } = await yearTotals(db, { unitIds, years: [...new Set(years)], surveyModules: [...SURVEY_MODULES] });
  // A survey that weighs nothing adds nothing, whatever its basis: only the others are read.
  const weighs = (r: (typeof rows)[number]) => Object.values(r.surveys ?? {}).some((s) => Number(s?.kg_co2eq ?? 0) !== 0);
  const bases = await surveyBases(db, rows.filter(weighs).map((r) => r.report_id));
  for (const r of rows) {
    const b = bases.get(r.report_id) ?? {};
    const extra = Object.entries(r.surveys ?? {}).reduce((s, [m, stats]) => s + extrapolationExtra(Number(stats?.kg_co2eq ?? 0), b[m]), 0);
    out.set(totalKey(r.unit_id, r.year), { report_id: r.report_id, kg_co2eq: r.kg_co2eq + extra, bases: b });
  }
  return out;
}
