// Reduction targets: the institution's (administrators) and a unit's own, stricter one
// (principals), and the trajectory they draw for a unit (shared/src/plans.ts).
import { coded, laxerThan, pointsOf, targetProblem, trajectory, type StoredTarget, type TargetSet, type UnitTargets } from '@carbon/shared';
import { InvalidError, NotFoundError } from '../../core/errors';
import type { SqlRunner } from '../db';
import type { Actor } from '../actor';
import { authorizeUnitPlansView } from '../../policies';
import { reportTotals, totalKey } from './totals';
import { deleteUnitTarget, targetsFor, unitExists, upsertTarget, type TargetRow } from './sql';

const stored = (r: TargetRow): StoredTarget => ({ unit_id: r.unit_id, baseline_year: r.baseline_year, points: r.points, updated_at: r.updated_at.toISOString() });

/** 404 for a unit that does not exist (before any 403, as the other unit routes). */
export async function assertUnit(db: SqlRunner, unitId: number): Promise<void> {
  if (!(await unitExists(db, { unitId })).rows.length) throw new NotFoundError('No such unit.', coded('no_such_unit'));
}

/** The institution's target set and the units' own, by unit (null: the institution's). */
export async function readTargets(db: SqlRunner, unitIds: number[] | null): Promise<{ institution: StoredTarget | null; units: Map<number, StoredTarget> }> {
  const { rows } = await targetsFor(db, { unitIds });
  const units = new Map<number, StoredTarget>();
  let institution: StoredTarget | null = null;
  for (const r of rows) {
    if (r.unit_id === null) institution = stored(r);
    else units.set(r.unit_id, stored(r));
  }
  return { institution, units };
}

/** The target that binds a unit: its own when it has one, else the institution's. */
export const applicable = (own: StoredTarget | null | undefined, institution: StoredTarget | null): StoredTarget | null => own ?? institution;

const invalid = (detail: string) => new InvalidError(detail, [], coded('invalid'));

/** Refuses a target set that is not well formed, and a unit's that is laxer than the institution's. */
export function checkTarget(target: TargetSet, institution: StoredTarget | null, forUnit: boolean): void {
  const problem = targetProblem(target);
  if (problem) throw invalid(problem);
  if (forUnit && institution) {
    const laxer = laxerThan(target, institution);
    if (laxer) throw new InvalidError(laxer.detail, [], laxer.figures ? coded('target_laxer', laxer.figures) : coded('invalid'));
  }
}

export async function writeTarget(db: SqlRunner, unitId: number | null, target: TargetSet, userId: number | null): Promise<StoredTarget> {
  const { rows } = await upsertTarget(db, { unitId, baselineYear: target.baseline_year, points: JSON.stringify(target.points), userId });
  return stored(rows[0]!);
}

export async function removeUnitTarget(db: SqlRunner, unitId: number): Promise<number> {
  return (await deleteUnitTarget(db, { unitId })).rowCount ?? 0;
}

/** GET …/units/{unit}/targets: the targets binding the unit and its trajectory, with the totals
 * measured each year since the baseline. */
export async function unitTargets(db: SqlRunner, actor: Actor, unitId: number): Promise<UnitTargets> {
  await assertUnit(db, unitId);
  authorizeUnitPlansView(actor, unitId);
  const { institution, units } = await readTargets(db, [unitId]);
  const unit = units.get(unitId) ?? null;
  const target = applicable(unit, institution);
  if (!target) return { unit_id: unitId, institution, unit, applies: null, baseline_kg: null, trajectory: [] };
  const last = Math.max(...target.points.map((p) => p.year));
  const years = Array.from({ length: last - target.baseline_year + 1 }, (_, i) => target.baseline_year + i);
  const totals = await reportTotals(db, [unitId], years);
  const measured = new Map(years.flatMap((y) => { const t = totals.get(totalKey(unitId, y)); return t ? [[y, t.kg_co2eq] as const] : []; }));
  const baseline = measured.get(target.baseline_year) ?? null;
  return { unit_id: unitId, institution, unit, applies: unit ? 'unit' : 'institution', baseline_kg: baseline, trajectory: pointsOf(target, null).length || target.points.length ? trajectory(target, baseline, measured) : [] };
}
