// Carbon reports with their modules' status and stats. Totals are shown only to users who may
// see every row they sum: module stats per module, report stats when that holds for all modules.
import { coded, isModuleType, MODULE_TYPES, MODULES, quantityOf, type CarbonReportModuleView, type CarbonReportView, type ModuleStats, type ModuleStatus, type ReportStats } from '@carbon/shared';
import type { Pool } from '../db/pool';
import { ForbiddenError, NotFoundError } from '../core/errors';
import { canSeeModuleTotals, canSeeUnit, visibleUnits } from '../policies';
import type { Actor } from './actor';
import { denyUnit } from './context';
import { normalizeModuleStats, normalizeReportStats } from './stats';

interface ReportRow {
  id: number;
  unit_id: number;
  unit: { institutional_id: string; name: string };
  year: number;
  stats: Partial<ReportStats>;
  modules: { id: number; module_type: string; status: ModuleStatus; stats: Partial<ModuleStats>; updated_at: string }[];
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

export function reportView(row: ReportRow, actor: Actor): CarbonReportView {
  const modules: CarbonReportModuleView[] = [];
  for (const m of row.modules) {
    if (!isModuleType(m.module_type)) continue;
    const visible = canSeeModuleTotals(actor, m.module_type, row.unit_id);
    modules.push({
      id: m.id,
      module_type: m.module_type,
      status: m.status,
      stats: visible ? normalizeModuleStats(m.stats, m.module_type) : null,
      updated_at: new Date(m.updated_at).toISOString(),
    });
  }
  const allVisible = MODULE_TYPES.every((t) => canSeeModuleTotals(actor, t, row.unit_id));
  let stats: CarbonReportView['stats'] = null;
  if (allVisible) {
    // The unit's FTE: what the module of its people sums up to (the registry's `summary`).
    const fte = modules.filter((m) => MODULES[m.module_type].summary === 'fte').reduce((s, m) => s + quantityOf(m.stats), 0);
    const totals = normalizeReportStats(row.stats);
    stats = { ...totals, fte, kg_co2eq_per_fte: fte > 0 ? totals.kg_co2eq / fte : null };
  }
  return { id: row.id, unit_id: row.unit_id, unit: row.unit, year: row.year, stats, modules };
}

export async function listReports(pool: Pool, actor: Actor, filter: { unitId?: number; year?: number }): Promise<CarbonReportView[]> {
  if (filter.unitId !== undefined && !canSeeUnit(actor, filter.unitId)) await denyUnit(pool, filter.unitId);
  const v = visibleUnits(actor);
  const { rows } = await pool.query<ReportRow>(REPORTS, [v.all, v.all ? [] : v.ids, filter.unitId ?? null, filter.year ?? null, null]);
  if (filter.unitId !== undefined && rows.length === 0) {
    const unit = await pool.query('SELECT 1 FROM units WHERE id = $1', [filter.unitId]);
    if (!unit.rowCount) throw new NotFoundError('No such unit.', coded('no_such_unit'));
  }
  return rows.map((r) => reportView(r, actor));
}

export async function getReport(pool: Pool, actor: Actor, reportId: number): Promise<CarbonReportView> {
  const { rows } = await pool.query<ReportRow>(REPORTS, [true, [], null, null, reportId]);
  const row = rows[0];
  if (!row) throw new NotFoundError('No such carbon report.', coded('no_such_report'));
  if (!canSeeUnit(actor, row.unit_id)) throw new ForbiddenError();
  return reportView(row, actor);
}
