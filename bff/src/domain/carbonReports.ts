// Carbon reports with their modules' status and stats. Totals are shown only to users who may
// see every row they sum: module stats per module, report stats when that holds for all modules.
import { coded, entryTypesOf, isModuleType, MODULE_TYPES, MODULES, quantityOf, type CarbonReportModuleView, type CarbonReportView, type ModuleStats, type ModuleStatus, type ModuleType, type OwnFootprint, type ReportStats } from '@carbon/shared';
import { ownRowsCondition } from './registrySql';
import type { Pool } from '../db/pool';
import { ForbiddenError, NotFoundError } from '../core/errors';
import { canSeeModuleTotals, canSeeReportTotals, canSeeUnit, visibleUnits } from '../policies';
import type { Actor } from './actor';
import { denyUnit } from './context';
import { extrapolateModuleStats, extrapolateReportStats, normalizeModuleStats, normalizeReportStats } from './stats';
import { surveyBases, type SurveyBases } from './surveys';

export interface ReportRow {
  id: number;
  unit_id: number;
  unit: { institutional_id: string; name: string };
  year: number;
  stats: Partial<ReportStats>;
  modules: { id: number; module_type: string; status: ModuleStatus; stats: Partial<ModuleStats>; updated_at: string }[];
  /** The bases of its survey modules' extrapolation (`withSurveys`). */
  surveys: SurveyBases;
}

type StoredReportRow = Omit<ReportRow, 'surveys'>;

/** Report rows with the bases of their survey modules, read in one statement for all of them. */
async function withSurveys(pool: Pool, rows: StoredReportRow[]): Promise<ReportRow[]> {
  const bases = await surveyBases(pool, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, surveys: bases.get(r.id) ?? {} }));
}

/** A module's stats as shown: normalized, and extrapolated when it is a survey. */
export function moduleFigures(row: ReportRow, m: ReportRow['modules'][number] & { module_type: ModuleType }): ModuleStats {
  return extrapolateModuleStats(normalizeModuleStats(m.stats, m.module_type), row.surveys[m.module_type]);
}

const REPORTS = `
  SELECT r.id, r.unit_id, json_build_object('institutional_id', u.institutional_id, 'name', u.name) AS unit, r.year, r.stats,
         coalesce(json_agg(json_build_object('id', m.id, 'module_type', m.module_type, 'status', m.status, 'stats', m.stats, 'updated_at', m.updated_at)
                           ORDER BY m.module_type) FILTER (WHERE m.id IS NOT NULL), '[]') AS modules
    FROM carbon_reports r
    JOIN units u ON u.id = r.unit_id
    LEFT JOIN carbon_report_modules m ON m.carbon_report_id = r.id
   WHERE ($1::boolean OR r.unit_id = ANY($2::bigint[]))
     AND ($3::bigint IS NULL OR r.unit_id = $3)
     AND ($4::int IS NULL OR r.year = $4)
     AND ($5::bigint IS NULL OR r.id = $5)
   GROUP BY r.id, u.id
   ORDER BY r.unit_id, r.year`;

/** The report's totals with its FTE — what the module of its people sums up to (the registry's
 * `summary`) — and the total per FTE. */
function reportFigures(row: ReportRow): NonNullable<CarbonReportView['stats']> {
  const fte = row.modules
    .filter((m) => isModuleType(m.module_type) && MODULES[m.module_type].summary === 'fte')
    .reduce((s, m) => s + quantityOf(normalizeModuleStats(m.stats, m.module_type as ModuleType)), 0);
  const modules = row.modules.filter((m) => isModuleType(m.module_type)).map((m) => ({ module_type: m.module_type as ModuleType, stats: normalizeModuleStats(m.stats, m.module_type as ModuleType) }));
  const totals = extrapolateReportStats(normalizeReportStats(row.stats), modules, row.surveys);
  return { ...totals, fte, kg_co2eq_per_fte: fte > 0 ? totals.kg_co2eq / fte : null };
}

export function reportView(row: ReportRow, actor: Actor): CarbonReportView {
  const modules: CarbonReportModuleView[] = [];
  for (const m of row.modules) {
    if (!isModuleType(m.module_type)) continue;
    const visible = canSeeModuleTotals(actor, m.module_type, row.unit_id);
    modules.push({
      id: m.id,
      module_type: m.module_type,
      status: m.status,
      stats: visible ? moduleFigures(row, { ...m, module_type: m.module_type }) : null,
      updated_at: new Date(m.updated_at).toISOString(),
    });
  }
  const stats: CarbonReportView['stats'] = canSeeReportTotals(actor, row.unit_id) ? reportFigures(row) : null;
  return { id: row.id, unit_id: row.unit_id, unit: row.unit, year: row.year, stats, modules };
}

export async function listReports(pool: Pool, actor: Actor, filter: { unitId?: number; year?: number }): Promise<CarbonReportView[]> {
  if (filter.unitId !== undefined && !canSeeUnit(actor, filter.unitId)) await denyUnit(pool, filter.unitId);
  const v = visibleUnits(actor);
  const { rows } = await pool.query<StoredReportRow>(REPORTS, [v.all, v.all ? [] : v.ids, filter.unitId ?? null, filter.year ?? null, null]);
  if (filter.unitId !== undefined && rows.length === 0) {
    const unit = await pool.query('SELECT 1 FROM units WHERE id = $1', [filter.unitId]);
    if (!unit.rowCount) throw new NotFoundError('No such unit.', coded('no_such_unit'));
  }
  return (await withSurveys(pool, rows)).map((r) => reportView(r, actor));
}

/** A report's row, for a user who may see its unit (404 unknown, 403 another unit's). */
export async function visibleReportRow(pool: Pool, actor: Actor, reportId: number): Promise<ReportRow> {
  const { rows } = await pool.query<StoredReportRow>(REPORTS, [true, [], null, null, reportId]);
  const row = rows[0];
  if (!row) throw new NotFoundError('No such carbon report.', coded('no_such_report'));
  if (!canSeeUnit(actor, row.unit_id)) throw new ForbiddenError();
  return (await withSurveys(pool, [row]))[0]!;
}

export async function getReport(pool: Pool, actor: Actor, reportId: number): Promise<CarbonReportView> {
  return reportView(await visibleReportRow(pool, actor, reportId), actor);
}

/** The signed-in user's own footprint in a report (any user who may see the unit): the
 * emissions of the rows of modules with own rows that carry their person number, and the unit's
 * total per FTE. */
export async function ownFootprint(pool: Pool, actor: Actor, reportId: number): Promise<OwnFootprint> {
  const row = await visibleReportRow(pool, actor, reportId);
  const own: OwnFootprint = { person_number: actor.person_number, kg_co2eq: 0, entries: 0, without_factor: 0, by_module: {}, unit_kg_co2eq_per_fte: reportFigures(row).kg_co2eq_per_fte };
  const types = MODULE_TYPES.filter((m) => MODULES[m].ownRows.length > 0).flatMap((m) => entryTypesOf(m));
  if (actor.person_number === null || !types.length) return own;
  const sums = await pool.query<{ module_type: string; entries: number; kg: number; without_factor: number; not_configured: number }>(
    `SELECT m.module_type, count(DISTINCT e.id)::int AS entries, coalesce(sum(x.kg_co2eq), 0)::float8 AS kg,
            count(DISTINCT e.id) FILTER (WHERE x.kg_co2eq IS NULL)::int AS without_factor,
            count(DISTINCT e.id) FILTER (WHERE x.meta ? 'not_configured')::int AS not_configured
       FROM carbon_report_modules m
       JOIN data_entries e ON e.carbon_report_module_id = m.id
       LEFT JOIN data_entry_emissions x ON x.data_entry_id = e.id
      WHERE m.carbon_report_id = $1 AND ${ownRowsCondition(types, '$2')}
      GROUP BY m.module_type`,
    [reportId, String(actor.person_number)],
  );
  for (const r of sums.rows) {
    own.by_module[r.module_type] = { kg_co2eq: r.kg, entries: r.entries, not_configured: r.not_configured };
    own.kg_co2eq += r.kg;
    own.entries += r.entries;
    own.without_factor += r.without_factor;
  }
  return own;
}
