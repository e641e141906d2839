// An adopted plan's actions, its verification in later years, and its export. The verification
// sets, per module, the change the plan's levers compute (on the plan year's entries) against the
// change measured since (the module totals of each later year minus the plan year's, survey
// modules extrapolated as in the results).
import { csvLine, extrapolationExtra, isModuleType, toHundredths, type ModuleType, type PlanAction, type PlanCheck, type ScenarioResult } from '@carbon/shared';
import type { SqlRunner } from '../db';
import { surveyBases } from '../surveys';
import { actionsOf, moduleTotals } from './sql';

export async function planActions(db: SqlRunner, scenarioId: number): Promise<PlanAction[]> {
  return (await actionsOf(db, { scenarioId })).rows.map((r) => ({ ...r, module_type: r.module_type as ModuleType }));
}

/** The module totals of the plan year and the later years up to `lastYear`, by year. */
async function totalsByYear(db: SqlRunner, unitId: number, years: number[]): Promise<Map<number, Map<string, number>>> {
  const { rows } = await moduleTotals(db, { unitId, years });
  const bases = await surveyBases(db, [...new Set(rows.map((r) => r.report_id))]);
  const out = new Map<number, Map<string, number>>();
  for (const r of rows) {
    const m = out.get(r.year) ?? new Map<string, number>();
    m.set(r.module_type, r.kg_co2eq + extrapolationExtra(r.kg_co2eq, bases.get(r.report_id)?.[r.module_type]));
    out.set(r.year, m);
  }
  return out;
}

export async function planCheck(db: SqlRunner, plan: ScenarioResult, lastYear: number): Promise<PlanCheck> {
  const years = Array.from({ length: Math.max(0, lastYear - plan.year) + 1 }, (_, i) => plan.year + i);
  const totals = await totalsByYear(db, plan.unit_id, years);
  const from = totals.get(plan.year);
  const modules = Object.keys(plan.by_module).filter(isModuleType);
  return {
    scenario_id: plan.id,
    from_year: plan.year,
    years: years.slice(1).map((year) => {
      const now = totals.get(year);
      return {
        year,
        by_module: Object.fromEntries(modules.map((m) => [m, { planned_kg: plan.by_module[m]!, measured_kg: now && from ? (now.get(m) ?? 0) - (from.get(m) ?? 0) : null }])),
      };
    }),
  };
}

export const PLAN_CSV_COLUMNS = ['section', 'name', 'module', 'settings', 'change_kg', 'sigma_kg', 'change_pct', 'changed_entries', 'entries_without_factor', 'not_computed', 'owner', 'due_date'] as const;

/** The plan as CSV: its levers with their effect, the total against the target, its actions. */
export function planCsv(plan: ScenarioResult, actions: readonly PlanAction[]): string {
  const out = [csvLine(PLAN_CSV_COLUMNS)];
  for (const e of plan.effects) {
    out.push(csvLine(['lever', e.key, e.module, JSON.stringify(e.params), toHundredths(e.delta_kg), toHundredths(e.sigma_kg), toHundredths(e.reduction_pct), e.changed, e.no_factor, e.unsupported ?? '', '', '']));
  }
  out.push(csvLine(['total', plan.name, '', `year ${plan.year}`, toHundredths(plan.delta_kg), toHundredths(plan.sigma_kg), plan.total_kg > 0 ? toHundredths((-100 * plan.delta_kg) / plan.total_kg) : null, '', '', '', '', '']));
  if (plan.baseline_year !== null) {
    out.push(csvLine(['trajectory', `from baseline ${plan.baseline_year}`, '', `target ${plan.target_year ?? ''}: -${plan.target_pct ?? ''} %`, toHundredths(plan.planned_kg - (plan.baseline_kg ?? 0)), '', toHundredths(plan.reduction_from_baseline_pct === null ? null : -plan.reduction_from_baseline_pct), '', '', '', '', '']));
  }
  for (const a of actions) out.push(csvLine(['action', a.title, a.module_type, '', toHundredths(-a.expected_kg), '', '', '', '', '', a.owner, a.due_date]));
  return out.join('');
}
