// The institution view: every unit's position against the trajectory that binds it in a year,
// and the sum of the units' adopted plans against the institution's target. Three statements
// whatever the number of units. A plan's effect is the one computed at its last save or adoption
// (docs/decisions.md, "The institution view reads each plan's last computed effect").
import { pointsOf, reductionAt, type InstitutionPlans, type InstitutionUnitPosition } from '@carbon/shared';
import type { SqlRunner } from '../db';
import type { Actor } from '../actor';
import { authorizeInstitutionPlans } from '../../policies';
import { applicable, readTargets } from './targets';
import { reportTotals, totalKey } from './totals';
import { activeUnits, adoptedScenarios } from './sql';

export async function institutionPlans(db: SqlRunner, actor: Actor, year: number): Promise<InstitutionPlans> {
  authorizeInstitutionPlans(actor);
  const [{ rows: units }, targets, { rows: plans }] = await Promise.all([activeUnits(db), readTargets(db, null), adoptedScenarios(db, { unitIds: null })]);
  const baselineYears = new Set<number>([year]);
  if (targets.institution) baselineYears.add(targets.institution.baseline_year);
  for (const t of targets.units.values()) baselineYears.add(t.baseline_year);
  const totals = await reportTotals(db, null, [...baselineYears]);
  const planOf = new Map(plans.map((p) => [p.unit_id, p]));
  const out: InstitutionUnitPosition[] = [];
  const sum = { baseline_kg: 0, measured_kg: 0, planned_kg: 0, instBaseline: 0 };
  for (const u of units) {
    const own = targets.units.get(u.id);
    const target = applicable(own, targets.institution);
    const baseline = target ? (totals.get(totalKey(u.id, target.baseline_year))?.kg_co2eq ?? null) : null;
    const measured = totals.get(totalKey(u.id, year))?.kg_co2eq ?? null;
    const r = target ? (reductionAt(target, year, null) ?? null) : null;
    const allowed = baseline !== null && r !== null ? baseline * (1 - r / 100) : null;
    const p = planOf.get(u.id);
    out.push({
      unit_id: u.id,
      name: u.name,
      institutional_id: u.institutional_id,
      applies: own ? 'unit' : target ? 'institution' : null,
      baseline_kg: baseline,
      measured_kg: measured,
      allowed_kg: allowed,
      gap_kg: measured !== null && allowed !== null ? measured - allowed : null,
      plan: p ? { scenario_id: p.id, name: p.name, year: p.year, delta_kg: p.planned_delta_kg, computed_at: p.computed_at?.toISOString() ?? null } : null,
    });
    if (targets.institution) sum.instBaseline += totals.get(totalKey(u.id, targets.institution.baseline_year))?.kg_co2eq ?? 0;
    sum.baseline_kg += baseline ?? 0;
    sum.measured_kg += measured ?? 0;
    sum.planned_kg += (measured ?? 0) + (p?.planned_delta_kg ?? 0);
  }
  const inst = targets.institution;
  const instR = inst ? reductionAt(inst, year, null) : null;
  const last = inst ? pointsOf(inst, null).at(-1) : undefined;
  const targetKg = last ? sum.instBaseline * (1 - last.reduction_pct / 100) : null;
  return {
    year,
    target: inst,
    units: out,
    totals: {
      baseline_kg: inst ? sum.instBaseline : sum.baseline_kg,
      measured_kg: sum.measured_kg,
      allowed_kg: inst && instR !== null ? sum.instBaseline * (1 - instR / 100) : null,
      planned_kg: sum.planned_kg,
      target_year: last?.year ?? null,
      target_kg: targetKg,
      gap_kg: targetKg === null ? null : sum.planned_kg - targetKg,
    },
  };
}
