// Typed calls to the plans API (/api/v1/plans): targets, the levers, scenarios and the plan.
import type { InstitutionPlans, LeverParamDef, PlanAction, PlanCheck, Scenario, ScenarioLever, ScenarioResult, StoredTarget, TargetSet, UnitTargets } from '@carbon/shared';
import { api } from './client';

/** A lever as GET /v1/plans/levers lists it. */
export interface LeverInfo {
  key: string;
  module: string;
  entry_types: string[];
  params: LeverParamDef[];
}

export async function fetchUnitTargets(unitId: number): Promise<UnitTargets> {
  return (await api.get<UnitTargets>(`/v1/plans/units/${unitId}/targets`)).data;
}

export async function saveUnitTarget(unitId: number, target: TargetSet): Promise<StoredTarget> {
  return (await api.put<StoredTarget>(`/v1/plans/units/${unitId}/targets`, target)).data;
}

export async function fetchLevers(): Promise<LeverInfo[]> {
  return (await api.get<LeverInfo[]>('/v1/plans/levers')).data;
}

export async function fetchScenarios(unitId: number): Promise<Scenario[]> {
  return (await api.get<Scenario[]>(`/v1/plans/units/${unitId}/scenarios`)).data;
}

export async function fetchScenario(id: number): Promise<ScenarioResult> {
  return (await api.get<ScenarioResult>(`/v1/plans/scenarios/${id}`)).data;
}

export interface ScenarioInput {
  name: string;
  year: number;
  levers: ScenarioLever[];
}

/** Creates the scenario, or changes it when `id` is given; answers it computed. */
export async function saveScenario(unitId: number, input: ScenarioInput, id?: number): Promise<ScenarioResult> {
  if (id) return (await api.put<ScenarioResult>(`/v1/plans/scenarios/${id}`, input)).data;
  return (await api.post<ScenarioResult>(`/v1/plans/units/${unitId}/scenarios`, input)).data;
}

export async function adoptScenario(id: number): Promise<ScenarioResult> {
  return (await api.post<ScenarioResult>(`/v1/plans/scenarios/${id}/adopt`)).data;
}

export const planCsvUrl = (id: number): string => `/api/v1/plans/scenarios/${id}/plan.csv`;

export async function fetchInstitutionTarget(): Promise<StoredTarget | null> {
  return (await api.get<StoredTarget | null>('/v1/plans/targets/institution')).data;
}

export async function saveInstitutionTarget(target: TargetSet): Promise<StoredTarget> {
  return (await api.put<StoredTarget>('/v1/plans/targets/institution', target)).data;
}

export async function fetchInstitutionPlans(year: number): Promise<InstitutionPlans> {
  return (await api.get<InstitutionPlans>('/v1/plans/institution', { params: { year } })).data;
}

/** Later years against the plan, per module, up to `toYear`. */
export async function fetchPlanCheck(id: number, toYear: number): Promise<PlanCheck> {
  return (await api.get<PlanCheck>(`/v1/plans/scenarios/${id}/check`, { params: { to_year: toYear } })).data;
}

export async function fetchPlanActions(id: number): Promise<PlanAction[]> {
  return (await api.get<PlanAction[]>(`/v1/plans/scenarios/${id}/actions`)).data;
}

export async function addPlanAction(id: number, action: Omit<PlanAction, 'id' | 'scenario_id'>): Promise<PlanAction> {
  return (await api.post<PlanAction>(`/v1/plans/scenarios/${id}/actions`, action)).data;
}
