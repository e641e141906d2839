// Reduction targets and the trajectory they draw, shared by the BFF (which checks and stores
// them) and the SPA (which draws them). A target set is a baseline year and points: a year, a
// reduction in % of the baseline year's emissions, for every scope (`scope` null) or one.
// Between the baseline (0 %) and the first point, and from one point to the next, the trajectory
// is a straight line; after the last point it stays at the last reduction.
import type { LeverParams, LeverOutcome } from './modules/leverKit';
import type { ModuleType } from './modules/types';

export const TARGET_SCOPES = [1, 2, 3] as const;
export type TargetScope = (typeof TARGET_SCOPES)[number] | null;

export interface TargetPoint {
  year: number;
  /** 0–100: the reduction from the baseline year's emissions reached by `year`. */
  reduction_pct: number;
  scope: TargetScope;
}

export interface TargetSet {
  baseline_year: number;
  points: TargetPoint[];
}

/** A stored target set: the institution's (`unit_id` null) or a unit's. */
export interface StoredTarget extends TargetSet {
  unit_id: number | null;
  updated_at: string;
}

/** The points of one scope (null: every scope), by year. */
export function pointsOf(target: TargetSet, scope: TargetScope): TargetPoint[] {
  return target.points.filter((p) => p.scope === scope).sort((a, b) => a.year - b.year);
}

/** The reduction in % the trajectory asks for in `year`, for `scope`; null before the baseline
 * year or when the set has no point for the scope. */
export function reductionAt(target: TargetSet, year: number, scope: TargetScope): number | null {
  const points = pointsOf(target, scope);
  if (!points.length || year < target.baseline_year) return null;
  let from = { year: target.baseline_year, reduction_pct: 0 };
  for (const p of points) {
    if (year <= p.year) {
      if (p.year === from.year) return p.reduction_pct;
      return from.reduction_pct + ((p.reduction_pct - from.reduction_pct) * (year - from.year)) / (p.year - from.year);
    }
    from = p;
  }
  return from.reduction_pct;
}

/** What a target set must be, whoever sets it: points after the baseline year, one per year and
 * scope, reductions between 0 and 100 that never go back down. Answers the first problem in
 * words, or null. */
export function targetProblem(target: TargetSet): string | null {
  if (!target.points.length) return 'A target needs at least one year with its reduction.';
  const seen = new Set<string>();
  for (const p of target.points) {
    if (p.year <= target.baseline_year) return `The target year ${p.year} must come after the baseline year ${target.baseline_year}.`;
    const key = `${p.scope ?? 'all'}/${p.year}`;
    if (seen.has(key)) return `The year ${p.year} is given twice for ${p.scope === null ? 'every scope' : `scope ${p.scope}`}.`;
    seen.add(key);
  }
  for (const scope of [null, ...TARGET_SCOPES] as TargetScope[]) {
    const points = pointsOf(target, scope);
    for (let i = 1; i < points.length; i++) {
      if (points[i]!.reduction_pct < points[i - 1]!.reduction_pct) {
        return `The reduction for ${points[i]!.year} (${points[i]!.reduction_pct} %) is smaller than the one for ${points[i - 1]!.year} (${points[i - 1]!.reduction_pct} %).`;
      }
    }
  }
  return null;
}

/** Why a unit's target is laxer than the institution's, or null when it is at least as strict:
 * in every year either names, for every scope the institution sets, the unit's trajectory (its
 * own points for that scope, else its points for every scope) asks for at least the
 * institution's reduction. Both must start from the same baseline year, or the percentages would
 * not be of the same thing. */
export interface LaxerTarget {
  detail: string;
  /** Set when the figures compare: the year, the unit's reduction and the institution's. */
  figures?: { year: number; own: number; wanted: number };
}

export function laxerThan(unit: TargetSet, institution: TargetSet): LaxerTarget | null {
  if (unit.baseline_year !== institution.baseline_year) {
    return { detail: `The unit's baseline year must be the institution's (${institution.baseline_year}), so that the reductions compare.` };
  }
  const scopes = [...new Set(institution.points.map((p) => p.scope))];
  const years = [...new Set([...unit.points, ...institution.points].map((p) => p.year))].sort((a, b) => a - b);
  for (const scope of scopes) {
    for (const year of years) {
      const wanted = reductionAt(institution, year, scope);
      if (wanted === null) continue;
      const own = reductionAt(unit, year, scope) ?? reductionAt(unit, year, null);
      const what = scope === null ? '' : ` for scope ${scope}`;
      if (own === null) return { detail: `The unit's target says nothing${what}, where the institution asks for −${fmt(wanted)} % by ${year}.` };
      if (own + 1e-9 < wanted) return { detail: `The unit's target${what} (−${fmt(own)} % by ${year}) is laxer than the institution's (−${fmt(wanted)} %): a unit may only set a stricter one.`, figures: { year, own: Number(fmt(own)), wanted: Number(fmt(wanted)) } };
    }
  }
  return null;
}

const fmt = (pct: number) => String(Math.round(pct * 10) / 10);

/** One year of a trajectory: what the target allows and what was measured. */
export interface TrajectoryYear {
  year: number;
  /** The reduction the trajectory asks for (every scope). */
  reduction_pct: number;
  /** The baseline's kg × (1 − reduction); null without a baseline figure. */
  allowed_kg: number | null;
  /** The year's measured total; null without a report. */
  measured_kg: number | null;
}

/** The trajectory of a target set from its baseline to its last year, for every scope. */
export function trajectory(target: TargetSet, baselineKg: number | null, measured: ReadonlyMap<number, number>): TrajectoryYear[] {
  const points = pointsOf(target, null);
  const last = Math.max(target.baseline_year, ...target.points.map((p) => p.year));
  const out: TrajectoryYear[] = [];
  for (let year = target.baseline_year; year <= last; year++) {
    const reduction = points.length ? reductionAt(target, year, null)! : 0;
    out.push({ year, reduction_pct: reduction, allowed_kg: baselineKg === null ? null : baselineKg * (1 - reduction / 100), measured_kg: measured.get(year) ?? null });
  }
  return out;
}

/** GET /api/v1/plans/units/{unit}/targets: the targets that bind the unit and its trajectory. */
export interface UnitTargets {
  unit_id: number;
  institution: StoredTarget | null;
  unit: StoredTarget | null;
  /** The one that applies: the unit's own when it has one, else the institution's. */
  applies: 'unit' | 'institution' | null;
  baseline_kg: number | null;
  trajectory: TrajectoryYear[];
}

/** A lever as a scenario stores it. */
export interface ScenarioLever {
  key: string;
  params: LeverParams;
}

/** One lever's effect in a computed scenario. */
export interface LeverEffect extends Omit<LeverOutcome, 'by_factor'> {
  /** −delta as a share of the year's total, in %. */
  reduction_pct: number | null;
  /** The ± (one standard deviation) of `delta_kg` from the factors' uncertainties. */
  sigma_kg: number;
}

export interface Scenario {
  id: number;
  unit_id: number;
  name: string;
  year: number;
  levers: ScenarioLever[];
  /** When it became the unit's plan, if it did. */
  adopted_at: string | null;
  updated_at: string;
}

/** A scenario computed on the unit's entries of its year, set against the trajectory. */
export interface ScenarioResult extends Scenario {
  /** The year's measured total (the results'). */
  total_kg: number;
  effects: LeverEffect[];
  /** Sum of the effects (negative: a reduction) and its ±. */
  delta_kg: number;
  sigma_kg: number;
  by_module: Partial<Record<ModuleType, number>>;
  /** The total with the plan, and its reduction from the baseline year's total. */
  planned_kg: number;
  baseline_year: number | null;
  baseline_kg: number | null;
  reduction_from_baseline_pct: number | null;
  /** The target's last point (every scope), if any: "reaches −34 % by 2030, the target is −55 %". */
  target_year: number | null;
  target_pct: number | null;
}

/** An action of an adopted plan. */
export interface PlanAction {
  id: number;
  scenario_id: number;
  title: string;
  owner: string;
  due_date: string;
  module_type: ModuleType;
  /** The reduction the action is expected to bring, in kg (positive). */
  expected_kg: number;
}

/** A later year set against the plan, per module: the plan's change from its year and the
 * change measured (negative: less emitted). */
export interface PlanCheck {
  scenario_id: number;
  from_year: number;
  years: {
    year: number;
    /** null: no report that year. */
    by_module: Partial<Record<ModuleType, { planned_kg: number; measured_kg: number | null }>>;
  }[];
}

/** One unit in the institution view. */
export interface InstitutionUnitPosition {
  unit_id: number;
  name: string;
  institutional_id: string;
  applies: 'unit' | 'institution' | null;
  baseline_kg: number | null;
  measured_kg: number | null;
  /** What the binding trajectory allows in the year. */
  allowed_kg: number | null;
  /** measured − allowed: above the trajectory when positive. */
  gap_kg: number | null;
  plan: { scenario_id: number; name: string; year: number; delta_kg: number | null; computed_at: string | null } | null;
}

/** GET /api/v1/plans/institution?year=: every unit against the trajectory, and the sum of the
 * plans against the institution's target. */
export interface InstitutionPlans {
  year: number;
  target: StoredTarget | null;
  units: InstitutionUnitPosition[];
  totals: {
    baseline_kg: number;
    measured_kg: number;
    /** What the institution's trajectory allows in the year (Σ baselines × (1 − its reduction)). */
    allowed_kg: number | null;
    /** Σ of every unit's measured total with its adopted plan's change. */
    planned_kg: number;
    /** The institution's last target: year and kg (Σ baselines × (1 − its reduction)). */
    target_year: number | null;
    target_kg: number | null;
    /** planned − target: still to find when positive. */
    gap_kg: number | null;
  };
}
