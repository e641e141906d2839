// Plans: targets, scenarios, the adopted plan and its actions. Each function checks the policy
// (bff/src/policies/), runs its statements (bff/src/domain/plans/), writes its audit line in the
// same transaction and answers what the route shapes.
import { coded, isModuleType, type PlanAction, type PlanCheck, type Scenario, type ScenarioLever, type ScenarioResult, type StoredTarget, type TargetSet } from '@carbon/shared';
import { withTransaction, type Pool } from '../db/pool';
import { ConflictError, InvalidError } from '../core/errors';
import { writeAudit } from '../domain/audit';
import type { Actor } from '../domain/actor';
import { authorizeInstitutionTargets, authorizeUnitPlansEdit, authorizeUnitPlansView } from '../policies';
import { assertUnit, checkTarget, readTargets, removeUnitTarget, writeTarget } from '../domain/plans/targets';
import { asScenario, checkLevers, computeScenario, loadScenario } from '../domain/plans/scenarios';
import { planActions, planCheck, planCsv } from '../domain/plans/plan';
import * as q from '../domain/plans/sql';

export async function setInstitutionTarget(pool: Pool, actor: Actor, target: TargetSet): Promise<StoredTarget> {
  authorizeInstitutionTargets(actor);
  checkTarget(target, null, false);
  return withTransaction(pool, async (db) => {
    const saved = await writeTarget(db, null, target, actor.id);
    await writeAudit(db, { actorId: actor.id, action: 'target_set', details: { level: 'institution', baseline_year: target.baseline_year, points: target.points } });
    return saved;
  });
}

/** A unit's own target: refused (422, with why) when it is laxer than the institution's. */
export async function setUnitTarget(pool: Pool, actor: Actor, unitId: number, target: TargetSet): Promise<StoredTarget> {
  await assertUnit(pool, unitId);
  authorizeUnitPlansEdit(actor, unitId);
  return withTransaction(pool, async (db) => {
    const { institution } = await readTargets(db, [unitId]);
    checkTarget(target, institution, true);
    const saved = await writeTarget(db, unitId, target, actor.id);
    await writeAudit(db, { actorId: actor.id, action: 'target_set', unitId, details: { level: 'unit', baseline_year: target.baseline_year, points: target.points } });
    return saved;
  });
}

export async function clearUnitTarget(pool: Pool, actor: Actor, unitId: number): Promise<void> {
  await assertUnit(pool, unitId);
  authorizeUnitPlansEdit(actor, unitId);
  await withTransaction(pool, async (db) => {
    if (await removeUnitTarget(db, unitId)) await writeAudit(db, { actorId: actor.id, action: 'target_set', unitId, details: { level: 'unit', cleared: true } });
  });
}

export interface ScenarioInput {
  name: string;
  year: number;
  levers: ScenarioLever[];
}

async function assertReport(pool: Pool, unitId: number, year: number): Promise<void> {
  if (!(await q.reportOf(pool, { unitId, year })).rows.length) throw new InvalidError(`The unit has no carbon report for ${year}: a scenario works on a year's entries.`, [], coded('invalid'));
}

/** Computes the scenario and keeps its effect for the institution view. */
async function computed(pool: Pool, scenario: Scenario): Promise<ScenarioResult> {
  const result = await computeScenario(pool, scenario);
  await q.recordPlannedDelta(pool, { id: scenario.id, deltaKg: result.delta_kg });
  return result;
}

export async function createScenario(pool: Pool, actor: Actor, unitId: number, input: ScenarioInput): Promise<ScenarioResult> {
  await assertUnit(pool, unitId);
  authorizeUnitPlansEdit(actor, unitId);
  const levers = checkLevers(input.levers);
  await assertReport(pool, unitId, input.year);
  const scenario = await withTransaction(pool, async (db) => {
    const row = (await q.insertScenario(db, { unitId, name: input.name, year: input.year, levers: JSON.stringify(levers), userId: actor.id })).rows[0];
    if (!row) throw new ConflictError(`The unit already has a scenario named "${input.name}".`, coded('conflict'));
    await writeAudit(db, { actorId: actor.id, action: 'scenario_save', unitId, details: { scenario_id: row.id, name: row.name, year: row.year, levers } });
    return asScenario(row);
  });
  return computed(pool, scenario);
}

/** A scenario the actor may read (404 unknown, 403 not theirs). */
async function readable(pool: Pool, actor: Actor, id: number): Promise<Scenario> {
  const s = await loadScenario(pool, id);
  authorizeUnitPlansView(actor, s.unit_id);
  return s;
}

async function editable(pool: Pool, actor: Actor, id: number): Promise<Scenario> {
  const s = await readable(pool, actor, id);
  authorizeUnitPlansEdit(actor, s.unit_id);
  return s;
}

export async function updateScenario(pool: Pool, actor: Actor, id: number, input: ScenarioInput): Promise<ScenarioResult> {
  const before = await editable(pool, actor, id);
  const levers = checkLevers(input.levers);
  await assertReport(pool, before.unit_id, input.year);
  const scenario = await withTransaction(pool, async (db) => {
    let row;
    try {
      row = (await q.updateScenario(db, { id, unitId: before.unit_id, name: input.name, year: input.year, levers: JSON.stringify(levers) })).rows[0]!;
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw new ConflictError(`The unit already has a scenario named "${input.name}".`, coded('conflict'));
      throw err;
    }
    await writeAudit(db, { actorId: actor.id, action: 'scenario_save', unitId: before.unit_id, details: { scenario_id: id, name: row.name, year: row.year, levers, previous: { name: before.name, year: before.year, levers: before.levers } } });
    return asScenario(row);
  });
  return computed(pool, scenario);
}

export async function deleteScenario(pool: Pool, actor: Actor, id: number): Promise<void> {
  const s = await editable(pool, actor, id);
  await withTransaction(pool, async (db) => {
    await q.deleteScenario(db, { id });
    await writeAudit(db, { actorId: actor.id, action: 'scenario_delete', unitId: s.unit_id, details: { scenario_id: id, name: s.name, year: s.year, levers: s.levers } });
  });
}

export async function listScenarios(pool: Pool, actor: Actor, unitId: number): Promise<Scenario[]> {
  await assertUnit(pool, unitId);
  authorizeUnitPlansView(actor, unitId);
  return (await q.scenariosOfUnit(pool, { unitId })).rows.map(asScenario);
}

export async function getScenario(pool: Pool, actor: Actor, id: number): Promise<ScenarioResult> {
  return computeScenario(pool, await readable(pool, actor, id));
}

/** The scenario becomes the unit's plan (the one before, if any, a scenario again). */
export async function adoptScenario(pool: Pool, actor: Actor, id: number): Promise<ScenarioResult> {
  const s = await editable(pool, actor, id);
  await withTransaction(pool, async (db) => {
    await q.adoptScenario(db, { id, unitId: s.unit_id });
    await writeAudit(db, { actorId: actor.id, action: 'plan_adopt', unitId: s.unit_id, details: { scenario_id: id, name: s.name, year: s.year, levers: s.levers } });
  });
  return computed(pool, await loadScenario(pool, id));
}

export interface ActionInput {
  title: string;
  owner: string;
  due_date: string;
  module_type: string;
  expected_kg: number;
}

export async function addPlanAction(pool: Pool, actor: Actor, scenarioId: number, input: ActionInput): Promise<PlanAction> {
  const s = await editable(pool, actor, scenarioId);
  if (!s.adopted_at) throw new InvalidError('Actions belong to a plan: adopt the scenario first.', [], coded('invalid'));
  const module = input.module_type;
  if (!isModuleType(module)) throw new InvalidError(`There is no module "${module}".`, [], coded('invalid'));
  return withTransaction(pool, async (db) => {
    const row = (await q.insertAction(db, { scenarioId, title: input.title, owner: input.owner, dueDate: input.due_date, moduleType: input.module_type, expectedKg: input.expected_kg })).rows[0]!;
    await writeAudit(db, { actorId: actor.id, action: 'plan_action_add', unitId: s.unit_id, details: { scenario_id: scenarioId, action_id: row.id, title: row.title, owner: row.owner, due_date: row.due_date, module: row.module_type, expected_kg: row.expected_kg } });
    return { ...row, module_type: module };
  });
}

export async function listPlanActions(pool: Pool, actor: Actor, scenarioId: number): Promise<PlanAction[]> {
  await readable(pool, actor, scenarioId);
  return planActions(pool, scenarioId);
}

/** Later years against the plan, per module, up to `lastYear`. */
export async function checkPlan(pool: Pool, actor: Actor, scenarioId: number, lastYear: number): Promise<PlanCheck> {
  const plan = await computeScenario(pool, await readable(pool, actor, scenarioId));
  return planCheck(pool, plan, lastYear);
}

export async function exportPlan(pool: Pool, actor: Actor, scenarioId: number): Promise<{ fileName: string; csv: string }> {
  const s = await readable(pool, actor, scenarioId);
  const [plan, actions] = await Promise.all([computeScenario(pool, s), planActions(pool, scenarioId)]);
  return { fileName: `plan-${s.unit_id}-${s.year}-${s.id}.csv`, csv: planCsv(plan, actions) };
}

/** The institution's targets: institution policy, no one's data, for anyone signed in. */
export async function institutionTarget(pool: Pool): Promise<StoredTarget | null> {
  return (await readTargets(pool, [])).institution;
}
