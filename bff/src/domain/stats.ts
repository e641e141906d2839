// Module and report stats: the one definition of their shape and of how they are computed.
//
//   module: {kg_co2eq, entries, without_factor,
//            by_type: {<entry type>: {kg_co2eq, entries, quantity, without_factor}},
//            by_scope: {"1"|"2"|"3": kg_co2eq}, by_category: {<category>: kg_co2eq}}
//   report: {kg_co2eq, entries, without_factor, by_module: {<module type>: {kg_co2eq, entries, without_factor}},
//            by_scope, by_category}
//
// kg_co2eq and quantity are sums of data_entry_emissions (numeric, so sums are exact); entries
// counts data entries; without_factor counts the entries that have an emission row without a
// figure (kg_co2eq null: no factor for the year, or none converting the entry's unit), whose
// emissions the totals therefore lack. Scope and category are those each emission row carries (declared per
// emission type in the registry), so by_scope and by_category each add up to kg_co2eq. Two ways
// to keep them, giving identical numbers:
//  - Path 1 adds the difference of sums that its own statement deleted and inserted
//    (`applyStatsDelta`). The module row is updated before the report row, and an UPDATE
//    re-reads the latest committed stats under the row lock, so concurrent writers never lose a
//    delta and a write to a module with 10,000 entries costs the same as to an empty one.
//  - The aggregation job (and any repair) recomputes a module from the sums of its emissions, then
//    its report from its modules' stats (`recomputeStats`): a report is the sum of its modules,
//    which each way keeps, so one module's aggregation reads that module's rows only.
//    `reportStatsFromSums` is the report's definition from the emissions, which tests hold it to.
// Stored objects hold the keys their writer touched; presenters fill the rest with zeros
// (`normalizeModuleStats`, `normalizeReportStats`), so both ways read the same.
// A survey module's stored stats are its respondents' sums, like any module's; what is shown is
// extrapolated to the unit (`extrapolateModuleStats`, `extrapolateReportStats`), on read, from
// the stored sums and the survey's basis (surveys.ts) — so Path 1 and Path 2 still read the same.
// Lock order everywhere: module row, then report row. That order rules out deadlocks between
// Path 1 writers and aggregation.
import { addExtras, CATEGORIES, entryTypesOf, extrapolationExtra, GHG_SCOPES, MODULE_TYPES, type ModuleStats, type ModuleType, type ReportingStats, type ReportStats, type SurveyBasis } from '@carbon/shared';
import type { SqlRunner } from './db';

const num = (expr: string) => `coalesce((${expr})::numeric, 0)`;

/** A stored object of kg by key (`stored`, jsonb) with the kg of `cte`'s rows summed by `key`
 * added to it; keys the rows do not name are left as they are. */
const addByKey = (stored: string, cte: string, key: string) =>
  `coalesce(${stored}, '{}') || coalesce((SELECT jsonb_object_agg(d.k, ${num(`${stored} ->> d.k`)} + d.kg)
                                            FROM (SELECT ${key} AS k, sum(kg) AS kg FROM ${cte} GROUP BY 1) d), '{}')`;

/** The `by_scope` and `by_category` entries of a stats object, added to what `stats` holds. */
const addReporting = (stats: string, cte: string) =>
  `'by_scope', ${addByKey(`${stats} -> 'by_scope'`, cte, 'scope')},
   'by_category', ${addByKey(`${stats} -> 'by_category'`, cte, 'category')}`;

/**
 * The CTE body of a write's differences per scope and category, for `applyStatsDelta`: the
 * emissions `added` (a CTE of inserted rows, or null) minus those `removed` (of deleted rows).
 */
export function reportingDelta(added: string | null, removed: string | null): string {
  const parts = [
    ...(added ? [`SELECT scope, category, kg_co2eq AS kg FROM ${added}`] : []),
    ...(removed ? [`SELECT scope, category, -kg_co2eq AS kg FROM ${removed}`] : []),
  ];
  return `SELECT scope::text AS scope, category, coalesce(sum(kg), 0) AS kg FROM (${parts.join(' UNION ALL ')}) rows GROUP BY 1, 2`;
}

/** 1 when entry `e.id` has an emission row without a figure in `cte` (emission rows), else 0:
 * what an entry adds to `without_factor`. */
export const lacksFigure = (cte: string) => `(EXISTS (SELECT 1 FROM ${cte} WHERE ${cte}.data_entry_id = e.id AND ${cte}.kg_co2eq IS NULL))::int`;

/**
 * SQL for the Path 1 stats update, appended as CTEs to a write statement. `deltas` names a CTE of
 * rows (type text, kg numeric, n bigint, qty numeric, wf bigint: the change of `without_factor`),
 * one per entry type touched; `reporting` a
 * CTE of rows (scope text, category text, kg numeric), see `reportingDelta`; `moduleId` is an SQL
 * expression (a parameter). `touched` is a CTE that returns a row only when the write changed
 * something, so a no-op (entry already gone) leaves stats and status alone.
 */
export function applyStatsDelta(o: { deltas: string; reporting: string; moduleId: string; touched: string }): string {
  const t = (field: string) => `coalesce((m.stats #>> array['by_type', d.type, '${field}'])::numeric, 0)`;
  const rm = `coalesce(r.stats #> array['by_module', um.module_type], '{}')`;
  return `
  delta_total AS (
    SELECT coalesce(sum(kg), 0) AS kg, coalesce(sum(n), 0) AS n, coalesce(sum(wf), 0) AS wf FROM ${o.deltas}
  ),
  um AS (
    UPDATE carbon_report_modules m
       SET stats = m.stats || jsonb_build_object(
             'kg_co2eq', ${num("m.stats ->> 'kg_co2eq'")} + dt.kg,
             'entries', ${num("m.stats ->> 'entries'")} + dt.n,
             'without_factor', ${num("m.stats ->> 'without_factor'")} + dt.wf,
             'by_type', coalesce(m.stats -> 'by_type', '{}') || (
               SELECT jsonb_object_agg(d.type, jsonb_build_object(
                        'kg_co2eq', ${t('kg_co2eq')} + d.kg,
                        'entries', ${t('entries')} + d.n,
                        'quantity', ${t('quantity')} + d.qty,
                        'without_factor', ${t('without_factor')} + d.wf))
                 FROM ${o.deltas} d),
             ${addReporting('m.stats', o.reporting)}),
           -- any data change returns a validated (or untouched) module to in progress
           status = 'in_progress',
           updated_at = now()
      FROM delta_total dt
     WHERE m.id = ${o.moduleId} AND EXISTS (SELECT 1 FROM ${o.touched})
    RETURNING m.carbon_report_id, m.module_type
  ),
  ur AS (
    UPDATE carbon_reports r
       SET stats = r.stats || jsonb_build_object(
             'kg_co2eq', ${num("r.stats ->> 'kg_co2eq'")} + dt.kg,
             'entries', ${num("r.stats ->> 'entries'")} + dt.n,
             'without_factor', ${num("r.stats ->> 'without_factor'")} + dt.wf,
             'by_module', coalesce(r.stats -> 'by_module', '{}') || jsonb_build_object(um.module_type, jsonb_build_object(
               'kg_co2eq', ${num(`${rm} ->> 'kg_co2eq'`)} + dt.kg,
               'entries', ${num(`${rm} ->> 'entries'`)} + dt.n,
               'without_factor', ${num(`${rm} ->> 'without_factor'`)} + dt.wf)),
             ${addReporting('r.stats', o.reporting)}),
           updated_at = now()
      FROM um, delta_total dt
     WHERE r.id = um.carbon_report_id
    RETURNING r.id
  )`;
}

/** The `by_scope` and `by_category` entries of a stats object from a CTE of rows (scope,
 * category, kg): the same sums added to nothing. */
const reportingFromSums = (cte: string) => addReporting(`'{}'::jsonb`, cte);

/** Sums per scope and category of the emissions of the entries that `where` picks (alias e). */
const perReporting = (from: string, where: string) => `
  per_reporting AS (
    SELECT x.scope, x.category, coalesce(sum(x.kg_co2eq), 0) AS kg
      FROM ${from} JOIN data_entry_emissions x ON x.data_entry_id = e.id
     WHERE ${where}
     GROUP BY x.scope, x.category
  )`;

const MODULE_STATS_FROM_SUMS = `
  WITH ${perReporting('data_entries e', 'e.carbon_report_module_id = $1')}, per_entry AS (
    SELECT e.data_entry_type, sum(x.kg_co2eq) AS kg, sum(x.quantity) AS qty,
           coalesce(bool_or(x.data_entry_id IS NOT NULL AND x.kg_co2eq IS NULL), false) AS lacks
      FROM data_entries e LEFT JOIN data_entry_emissions x ON x.data_entry_id = e.id
     WHERE e.carbon_report_module_id = $1
     GROUP BY e.id, e.data_entry_type
  ), per_type AS (
    SELECT t.type, count(p.data_entry_type) AS n, coalesce(sum(p.kg), 0) AS kg, coalesce(sum(p.qty), 0) AS qty,
           count(*) FILTER (WHERE p.lacks) AS wf
      FROM (SELECT unnest($2::text[]) AS type UNION SELECT DISTINCT data_entry_type FROM per_entry) t
      LEFT JOIN per_entry p ON p.data_entry_type = t.type
     GROUP BY t.type
  )
  SELECT jsonb_build_object(
           'kg_co2eq', coalesce(sum(kg), 0),
           'entries', coalesce(sum(n), 0),
           'without_factor', coalesce(sum(wf), 0),
           'by_type', coalesce(jsonb_object_agg(type, jsonb_build_object('kg_co2eq', kg, 'entries', n, 'quantity', qty, 'without_factor', wf)), '{}'),
           ${reportingFromSums('per_reporting')}) AS stats
    FROM per_type`;

/** A report's stats object from a CTE `per_module` (module_type, kg, n, wf) and its `by_scope`
 * and `by_category` entries (`reporting`): the one shape of both ways of computing it. */
const reportStatsOf = (reporting: string) => `
  SELECT jsonb_build_object(
           'kg_co2eq', coalesce(sum(kg), 0),
           'entries', coalesce(sum(n), 0),
           'without_factor', coalesce(sum(wf), 0),
           'by_module', coalesce(jsonb_object_agg(module_type, jsonb_build_object('kg_co2eq', kg, 'entries', n, 'without_factor', wf)), '{}'),
           ${reporting}) AS stats
    FROM per_module`;

const REPORT_STATS_FROM_SUMS = `
  WITH ${perReporting('carbon_report_modules m JOIN data_entries e ON e.carbon_report_module_id = m.id', 'm.carbon_report_id = $1')}, per_entry AS (
    SELECT m.module_type, e.id, s.kg, s.lacks
      FROM carbon_report_modules m JOIN data_entries e ON e.carbon_report_module_id = m.id
      CROSS JOIN LATERAL (SELECT sum(x.kg_co2eq) AS kg, coalesce(bool_or(x.kg_co2eq IS NULL), false) AS lacks
                            FROM data_entry_emissions x WHERE x.data_entry_id = e.id) s
     WHERE m.carbon_report_id = $1
  ), per_module AS (
    SELECT m.module_type, count(p.id) AS n, coalesce(sum(p.kg), 0) AS kg, count(p.id) FILTER (WHERE p.lacks) AS wf
      FROM carbon_report_modules m LEFT JOIN per_entry p ON p.module_type = m.module_type
     WHERE m.carbon_report_id = $1
     GROUP BY m.module_type
  )
  ${reportStatsOf(reportingFromSums('per_reporting'))}`;

/** Sums of one key's values (kg by scope, or by category) over the stats of `m`'s modules. */
const sumByKey = (key: string) =>
  `(SELECT coalesce(jsonb_object_agg(k, kg), '{}') FROM (SELECT j.key AS k, sum(j.value::numeric) AS kg
                                                        FROM m, jsonb_each_text(m.stats -> '${key}') j GROUP BY 1) z)`;

const REPORT_STATS_FROM_MODULES = `
  WITH m AS (SELECT module_type, stats FROM carbon_report_modules WHERE carbon_report_id = $1),
  per_module AS (
    SELECT module_type, sum(${num("stats ->> 'kg_co2eq'")}) AS kg, sum(${num("stats ->> 'entries'")}) AS n,
           sum(${num("stats ->> 'without_factor'")}) AS wf
      FROM m GROUP BY module_type
  )
  ${reportStatsOf(`'by_scope', ${sumByKey('by_scope')}, 'by_category', ${sumByKey('by_category')}`)}`;

/** Module stats computed from the sums of its emissions (read only). */
export async function moduleStatsFromSums(db: SqlRunner, moduleId: number, moduleType: ModuleType): Promise<ModuleStats> {
  const types = entryTypesOf(moduleType).map((t) => t.type);
  const { rows } = await db.query<{ stats: ModuleStats }>(MODULE_STATS_FROM_SUMS, [moduleId, types]);
  return rows[0]!.stats;
}

/** Report stats computed from the sums of all its modules' emissions (read only). */
export async function reportStatsFromSums(db: SqlRunner, reportId: number): Promise<ReportStats> {
  const { rows } = await db.query<{ stats: ReportStats }>(REPORT_STATS_FROM_SUMS, [reportId]);
  return rows[0]!.stats;
}

/** Report stats summed from its modules' stored stats (read only). */
async function reportStatsFromModules(db: SqlRunner, reportId: number): Promise<ReportStats> {
  const { rows } = await db.query<{ stats: ReportStats }>(REPORT_STATS_FROM_MODULES, [reportId]);
  return rows[0]!.stats;
}

/**
 * Rewrites a module's stats from the sums of its emissions, then its report's stats from its
 * modules' stats. Call inside a transaction. Each row is locked first and read by a later
 * statement, whose snapshot then holds every write that committed before the lock was granted;
 * writers that come later wait for the lock and add their delta on top of the recomputed value.
 * A writer to another module of the report that waits for the report's lock has not committed
 * its module either: the report is summed without its change, and it adds its delta after.
 */
export async function recomputeStats(db: SqlRunner, moduleId: number): Promise<{ module: ModuleStats; report: ReportStats } | undefined> {
  const locked = await db.query<{ carbon_report_id: number; module_type: ModuleType }>(
    'SELECT carbon_report_id, module_type FROM carbon_report_modules WHERE id = $1 FOR NO KEY UPDATE',
    [moduleId],
  );
  const m = locked.rows[0];
  if (!m) return undefined;
  const module = await moduleStatsFromSums(db, moduleId, m.module_type);
  await db.query('UPDATE carbon_report_modules SET stats = $2, updated_at = now() WHERE id = $1', [moduleId, module]);
  await db.query('SELECT 1 FROM carbon_reports WHERE id = $1 FOR NO KEY UPDATE', [m.carbon_report_id]);
  const report = await reportStatsFromModules(db, m.carbon_report_id);
  await db.query('UPDATE carbon_reports SET stats = $2, updated_at = now() WHERE id = $1', [m.carbon_report_id, report]);
  return { module, report };
}

const zeroType = () => ({ kg_co2eq: 0, entries: 0, quantity: 0, without_factor: 0 });

/** The categories the emission types of these modules are reported under, in report order. */
function categoriesOf(modules: readonly ModuleType[]): string[] {
  const used = new Set(modules.flatMap((m) => entryTypesOf(m).flatMap((t) => t.emissionTypes.map((e) => e.category))));
  return CATEGORIES.filter((c) => used.has(c.key)).map((c) => c.key);
}

/** Every scope, and every category the modules report under, with zeros where nothing is stored. */
function normalizeReporting(stats: Partial<ReportingStats> | null | undefined, modules: readonly ModuleType[]): ReportingStats {
  const byScope = Object.fromEntries(GHG_SCOPES.map((s) => [String(s), stats?.by_scope?.[`${s}`] ?? 0])) as ReportingStats['by_scope'];
  const byCategory: Record<string, number> = Object.fromEntries(categoriesOf(modules).map((c) => [c, 0]));
  return { by_scope: byScope, by_category: { ...byCategory, ...stats?.by_category } };
}

/** Stored module stats with every entry type of the module present (zeros when untouched), every
 * scope and every category its entry types report under. */
export function normalizeModuleStats(stats: Partial<ModuleStats> | null | undefined, moduleType: ModuleType): ModuleStats {
  const byType: ModuleStats['by_type'] = {};
  for (const t of entryTypesOf(moduleType)) byType[t.type] = { ...zeroType(), ...stats?.by_type?.[t.type] };
  return { kg_co2eq: stats?.kg_co2eq ?? 0, entries: stats?.entries ?? 0, without_factor: stats?.without_factor ?? 0, by_type: byType, ...normalizeReporting(stats, [moduleType]) };
}

/** Stored report stats with every module type, scope and category present. */
export function normalizeReportStats(stats: Partial<ReportStats> | null | undefined): ReportStats {
  const byModule: ReportStats['by_module'] = {};
  for (const m of MODULE_TYPES) byModule[m] = { kg_co2eq: 0, entries: 0, without_factor: 0, ...stats?.by_module?.[m] };
  return { kg_co2eq: stats?.kg_co2eq ?? 0, entries: stats?.entries ?? 0, without_factor: stats?.without_factor ?? 0, by_module: byModule, ...normalizeReporting(stats, MODULE_TYPES) };
}

const scaleKg = (kg: number, basis: SurveyBasis) => kg + extrapolationExtra(kg, basis);

/** A survey module's normalized stats extrapolated to the unit, with the basis they stand on;
 * other modules' (no basis) as they are. */
export function extrapolateModuleStats(stats: ModuleStats, basis: SurveyBasis | undefined): ModuleStats {
  if (!basis) return stats;
  const byType: ModuleStats['by_type'] = {};
  for (const [t, x] of Object.entries(stats.by_type)) byType[t] = { ...x, kg_co2eq: scaleKg(x.kg_co2eq, basis) };
  return {
    ...stats,
    kg_co2eq: scaleKg(stats.kg_co2eq, basis),
    by_type: byType,
    by_scope: addExtras(stats.by_scope, stats.by_scope, basis) as ModuleStats['by_scope'],
    by_category: addExtras(stats.by_category, stats.by_category, basis),
    extrapolation: basis,
  };
}

/** Normalized report stats with each survey module's extrapolation added: its extra kg (from its
 * own normalized stats, `modules`) in the total, its module line, its scopes and categories. */
export function extrapolateReportStats(stats: ReportStats, modules: readonly { module_type: ModuleType; stats: ModuleStats }[], bases: Partial<Record<string, SurveyBasis>>): ReportStats {
  let out = stats;
  for (const m of modules) {
    const basis = bases[m.module_type];
    if (!basis) continue;
    const extra = extrapolationExtra(m.stats.kg_co2eq, basis);
    const line = out.by_module[m.module_type] ?? { kg_co2eq: 0, entries: 0, without_factor: 0 };
    out = {
      ...out,
      kg_co2eq: out.kg_co2eq + extra,
      by_module: { ...out.by_module, [m.module_type]: { ...line, kg_co2eq: line.kg_co2eq + extra } },
      by_scope: addExtras(out.by_scope, m.stats.by_scope, basis) as ReportStats['by_scope'],
      by_category: addExtras(out.by_category, m.stats.by_category, basis),
    };
  }
  return out;
}
