// The results of a unit's year: the one function that computes them (`unitResults`), for the
// results page and whatever else presents them (exports, uncertainty ranges). Two grouped
// statements over the report's rows, whatever their number: the breakdown by module, entry type,
// scope and category, and what the members of each position category weigh.
//
// Per position category (docs/decisions.md#results-per-position-category): the emissions
// attributable to a category's members — their own rows (per-FTE estimates) and the rows linked
// to them by person number (their trips) — over the category's FTE. The rest of the total (the
// unit's buildings, equipment, purchases and digital services, rows of people no longer in the
// headcount) is not spread over anyone: it is shown as unattributed.
import {
  CATEGORIES,
  coded,
  DATA_ENTRY_TYPES,
  ENTRY_TYPES,
  GHG_SCOPES,
  isModuleType,
  MODULE_TYPES,
  peopleEntryType,
  personLinkedEntryTypes,
  personLinkKey,
  positionCategoryField,
  UNSPECIFIED_POSITION,
  extrapolationExtra,
  type ModuleStats,
  type ModuleType,
  type PositionFigure,
  type ResultFigure,
  type UnitResults,
} from '@carbon/shared';
import type { Pool } from '../../db/pool';
import { ForbiddenError } from '../../core/errors';
import { canSeeReportTotals } from '../../policies';
import type { Actor } from '../actor';
import { visibleReportRow } from '../carbonReports';
import { normalizeModuleStats } from '../stats';
import type { SurveyBases } from '../surveys';
import { resultsBreakdown, resultsByPosition, type BreakdownRow, type PositionRow } from './sql';

const zero = (): ResultFigure => ({ kg_co2eq: 0, entries: 0, without_factor: 0 });
const figure = (r: ResultFigure | undefined): ResultFigure => (r ? { kg_co2eq: r.kg_co2eq, entries: r.entries, without_factor: r.without_factor } : zero());
const ratio = (kg: number, over: number): number | null => (over > 0 ? kg / over : null);

async function positionRows(pool: Pool, reportId: number): Promise<PositionRow[]> {
  const people = peopleEntryType();
  const linked = personLinkedEntryTypes();
  const person = people.person;
  if (!person.categoryField) return [];
  const { rows } = await resultsByPosition(pool, {
    reportId,
    peopleType: people.type,
    numberField: person.numberField,
    fteField: person.fteField,
    categoryField: person.categoryField,
    linkedTypes: linked.map((t) => t.type),
    linkKey: personLinkKey(),
    unspecified: UNSPECIFIED_POSITION,
  });
  return rows;
}

/** The position categories the people's select offers, then members without one. */
function positionKeys(): string[] {
  return [...(positionCategoryField()?.options ?? []), UNSPECIFIED_POSITION];
}

/** What is left of `total` once `parts` are taken out (never below zero by rounding). */
function remainder(total: ResultFigure, parts: readonly ResultFigure[]): ResultFigure {
  const sum = (k: keyof ResultFigure) => parts.reduce((s, p) => s + p[k], 0);
  const kg = total.kg_co2eq - sum('kg_co2eq');
  return { kg_co2eq: Math.abs(kg) < 1e-9 ? 0 : kg, entries: total.entries - sum('entries'), without_factor: total.without_factor - sum('without_factor') };
}

/** The results from the statements' rows and the modules' statuses (exported for unit tests of
 * the arithmetic; `unitResults` is the entry point). */
export function assembleResults(
  report: {
    id: number;
    unit_id: number;
    year: number;
    modules: readonly { module_type: string; status: UnitResults['by_module'][string]['status']; stats?: Partial<ModuleStats> }[];
    surveys?: SurveyBases;
  },
  breakdown: readonly BreakdownRow[],
  positions: readonly PositionRow[],
): UnitResults {
  const of = (dimension: BreakdownRow['dimension']) => new Map(breakdown.filter((r) => r.dimension === dimension && (r.key !== null || dimension === 'total')).map((r) => [r.key, r]));
  const [modules, types, scopes, categories] = [of('module'), of('type'), of('scope'), of('category')];
  const total = figure(breakdown.find((r) => r.dimension === 'total'));
  const surveys = report.surveys ?? {};

  const statuses = new Map(report.modules.filter((m) => isModuleType(m.module_type)).map((m) => [m.module_type as ModuleType, m.status]));
  const reportModules = MODULE_TYPES.filter((m) => statuses.has(m));
  const by_module: UnitResults['by_module'] = {};
  for (const m of reportModules) by_module[m] = { ...figure(modules.get(m)), status: statuses.get(m)! };
  const by_type: UnitResults['by_type'] = {};
  for (const t of DATA_ENTRY_TYPES) by_type[t] = { ...figure(types.get(t)), module: ENTRY_TYPES[t]!.module };
  const by_scope = Object.fromEntries(GHG_SCOPES.map((s) => [String(s), figure(scopes.get(String(s)))]));
  // Every category of the registry in report order, then any other a stored row names.
  const by_category = Object.fromEntries(CATEGORIES.map((c) => [c.key, figure(categories.get(c.key))]));
  for (const [k, r] of categories) if (k !== null && !(k in by_category)) by_category[k] = figure(r);

  const by_position: Record<string, PositionFigure> = {};
  const rows = new Map(positions.map((r) => [r.category, r]));
  for (const key of [...positionKeys(), ...rows.keys()]) {
    if (key in by_position) continue;
    const r = rows.get(key);
    by_position[key] = { ...figure(r), head_count: r?.head_count ?? 0, fte: r?.fte ?? 0, kg_co2eq_per_fte: r ? ratio(r.kg_co2eq, r.fte) : null };
  }
  // Survey modules: their extrapolation added where their respondents' kg is (stats.ts does the
  // same to the stats); what the respondents' own rows weigh stays with their position.
  for (const m of reportModules) {
    const basis = surveys[m];
    if (!basis) continue;
    const stats = normalizeModuleStats(report.modules.find((x) => x.module_type === m)?.stats, m);
    const add = (f: ResultFigure, kg: number) => (f.kg_co2eq += extrapolationExtra(kg, basis));
    add(total, stats.kg_co2eq);
    add(by_module[m]!, stats.kg_co2eq);
    by_module[m]!.extrapolation = basis;
    for (const [t, x] of Object.entries(stats.by_type)) if (by_type[t]) add(by_type[t], x.kg_co2eq);
    for (const [k, kg] of Object.entries(stats.by_scope)) if (by_scope[k]) add(by_scope[k], kg);
    for (const [k, kg] of Object.entries(stats.by_category)) if (by_category[k]) add(by_category[k], kg);
  }
  const fte = positions.reduce((s, r) => s + r.fte, 0);
  const head_count = positions.reduce((s, r) => s + r.head_count, 0);

  return {
    report_id: report.id,
    unit_id: report.unit_id,
    year: report.year,
    total,
    fte,
    head_count,
    kg_co2eq_per_fte: ratio(total.kg_co2eq, fte),
    kg_co2eq_per_person: ratio(total.kg_co2eq, head_count),
    by_module,
    by_scope,
    by_category,
    by_type,
    modules_empty: reportModules.filter((m) => by_module[m]!.entries === 0),
    modules_not_validated: reportModules.filter((m) => by_module[m]!.status !== 'validated'),
    by_position,
    unattributed: remainder(total, positions),
  };
}

/** A report's results, for users who may see the unit's totals (404 unknown report, 403 other). */
export async function unitResults(pool: Pool, actor: Actor, reportId: number): Promise<UnitResults> {
  const report = await visibleReportRow(pool, actor, reportId);
  if (!canSeeReportTotals(actor, report.unit_id)) {
    throw new ForbiddenError('The unit’s results are for those who may see every row of it; your own footprint is at /own.', coded('may_not_see_results'));
  }
  const [breakdown, positions] = await Promise.all([resultsBreakdown(pool, { reportId }).then((r) => r.rows), positionRows(pool, reportId)]);
  return assembleResults(report, breakdown, positions);
}
