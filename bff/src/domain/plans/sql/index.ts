// The plans' SQL (targets, scenarios, actions, and the reads a scenario computes from), one
// statement per file, each wrapped in a typed function.
import type { ResolvedLocation, ScenarioLever, TargetPoint } from '@carbon/shared';
import { sqlFolder, type NoParams } from '../../../db/statement';

const define = sqlFolder(import.meta.url, 'plans');

export interface TargetRow {
  unit_id: number | null;
  baseline_year: number;
  points: TargetPoint[];
  updated_at: Date;
}

export const upsertTarget = define<{ unitId: number | null; baselineYear: number; points: string; userId: number | null }, TargetRow>('upsertTarget', { unitId: 1, baselineYear: 2, points: 3, userId: 4 });
export const targetsFor = define<{ unitIds: number[] | null }, TargetRow>('targetsFor', { unitIds: 1 });
export const deleteUnitTarget = define<{ unitId: number }>('deleteUnitTarget', { unitId: 1 });

export interface YearTotalRow {
  report_id: number;
  unit_id: number;
  year: number;
  kg_co2eq: number;
  surveys: Record<string, { kg_co2eq?: number }> | null;
}
export const yearTotals = define<{ unitIds: number[] | null; years: number[]; surveyModules: string[] }, YearTotalRow>('yearTotals', { unitIds: 1, years: 2, surveyModules: 3 });

/** What changes whenever the unit's entries of the year, or their figures, may have. */
export const scenarioVersion = define<{ unitId: number; year: number }, { version: string }>('scenarioVersion', { unitId: 1, year: 2 });

/** One emission of an entry a scenario reads (or the entry alone, without one): id, type, data,
 * module, kg, quantity, quantity unit, factor id, location ids. */
export type ScenarioEntryLine = [number, string, Record<string, unknown>, string, number | null, number | null, string | null, number | null, number[] | null];
export const scenarioRows = define<{ unitId: number; year: number; types: string[] }, { rows: string }>('scenarioRows', { unitId: 1, year: 2, types: 3 });
export const locationsById = define<{ ids: number[] }, ResolvedLocation>('locationsById', { ids: 1 });
export const reportOf = define<{ unitId: number; year: number }, { id: number }>('reportOf', { unitId: 1, year: 2 });
export const unitExists = define<{ unitId: number }, { id: number }>('unitExists', { unitId: 1 });

export interface ScenarioRowDb {
  id: number;
  unit_id: number;
  name: string;
  year: number;
  levers: ScenarioLever[];
  adopted_at: Date | null;
  updated_at: Date;
}
export const insertScenario = define<{ unitId: number; name: string; year: number; levers: string; userId: number | null }, ScenarioRowDb>('insertScenario', { unitId: 1, name: 2, year: 3, levers: 4, userId: 5 });
export const updateScenario = define<{ id: number; unitId: number; name: string; year: number; levers: string }, ScenarioRowDb>('updateScenario', { id: 1, unitId: 2, name: 3, year: 4, levers: 5 });
export const scenarioById = define<{ id: number }, ScenarioRowDb>('scenarioById', { id: 1 });
export const scenariosOfUnit = define<{ unitId: number }, ScenarioRowDb>('scenariosOfUnit', { unitId: 1 });
export const deleteScenario = define<{ id: number }, { id: number }>('deleteScenario', { id: 1 });
export const adoptScenario = define<{ id: number; unitId: number }, { id: number; adopted_at: Date | null }>('adoptScenario', { id: 1, unitId: 2 });
export const adoptedScenarios = define<{ unitIds: number[] | null }, ScenarioRowDb & { planned_delta_kg: number | null; computed_at: Date | null }>('adoptedScenarios', { unitIds: 1 });

export interface ActionRow {
  id: number;
  scenario_id: number;
  title: string;
  owner: string;
  due_date: string;
  module_type: string;
  expected_kg: number;
}
export const insertAction = define<{ scenarioId: number; title: string; owner: string; dueDate: string; moduleType: string; expectedKg: number }, ActionRow>('insertAction', {
  scenarioId: 1,
  title: 2,
  owner: 3,
  dueDate: 4,
  moduleType: 5,
  expectedKg: 6,
});
export const actionsOf = define<{ scenarioId: number }, ActionRow>('actionsOf', { scenarioId: 1 });
export const moduleTotals = define<{ unitId: number; years: number[] }, { year: number; module_type: string; kg_co2eq: number; report_id: number }>('moduleTotals', { unitId: 1, years: 2 });
export const factorUncertainty = define<{ ids: number[] }, { id: number; uncertainty_pct: number | null }>('factorUncertainty', { ids: 1 });
export const recordPlannedDelta = define<{ id: number; deltaKg: number }>('recordPlannedDelta', { id: 1, deltaKg: 2 });
export const activeUnits = define<NoParams, { id: number; name: string; institutional_id: string }>('activeUnits', {});
