// Resolves which carbon report module a request addresses, whether the actor may act on it, and
// — in the same round trip — what a Path 1 write needs: the entry being changed, the factors of
// the year and the traveler's headcount member. Unknown unit or report → 404; known unit
// without right → 403; report or module missing for the year → 404.
import type { Action, FactorRow, ModuleAccess, ModuleStatus, ModuleType } from '@carbon/shared';
import { MODULES } from '@carbon/shared';
import { forbidden, notFound } from '../http/errors';
import { moduleAccessOf, type PolicySubject } from '../policies';
import type { Queryable } from './db';

/** A module addressed by report id (`/v1/carbon_reports/{id}/modules/{module}`) or by unit and
 * year (`/modules/{unit_id}/{year}/{module}`). */
export type ModuleRef = { reportId: number; module: ModuleType } | { unitId: number; year: number; module: ModuleType };

export interface StoredEntry {
  id: number;
  data_entry_type: string;
  data: Record<string, unknown>;
  source: string;
  created_at: string;
  updated_at: string;
  /** Row version (xmin) for optimistic concurrency between the read and the write. */
  version: string;
}

export interface ModuleContext {
  unitId: number;
  year: number;
  reportId: number;
  moduleId: number;
  moduleType: ModuleType;
  status: ModuleStatus;
  access: ModuleAccess;
  /** Present when asked for (`needs.factors`). */
  factors: FactorRow[];
  /** The member whose person number was asked for; null when there is none. */
  traveler: { name: string } | null;
  /** The entry asked for, when it belongs to this module. */
  entry: StoredEntry | null;
}

export interface ContextNeeds {
  action: Action;
  /** Entry type whose factors to load; defaults to the type of `entryId`'s entry. */
  entryType?: string;
  factors?: boolean;
  travelerPersonNumber?: number | null;
  entryId?: number;
}

const EXTRAS = `
  LEFT JOIN LATERAL (
    SELECT json_build_object('id', e.id, 'data_entry_type', e.data_entry_type, 'data', e.data, 'source', e.source,
                             'created_at', e.created_at, 'updated_at', e.updated_at, 'version', e.xmin::text) AS entry
      FROM data_entries e
     WHERE e.id = $7 AND e.carbon_report_module_id = base.module_id
  ) en ON true
  LEFT JOIN LATERAL (
    SELECT coalesce(json_agg(json_build_object('id', f.id, 'classification', f.classification, 'values', f."values") ORDER BY f.id), '[]') AS factors
      FROM factors f
     WHERE f.data_entry_type = coalesce($4, en.entry ->> 'data_entry_type') AND f.year = base.year
  ) fa ON $5
  LEFT JOIN LATERAL (
    SELECT json_build_object('name', coalesce(t.data ->> 'name', '')) AS traveler
      FROM carbon_report_modules hm
      JOIN data_entries t ON t.carbon_report_module_id = hm.id
     WHERE hm.carbon_report_id = base.report_id AND hm.module_type = 'headcount'
       AND t.data_entry_type = 'member' AND t.data ->> 'user_institutional_id' = $6
  ) tr ON $6 IS NOT NULL`;

const SELECT = `SELECT base.*, en.entry, fa.factors, tr.traveler FROM`;

const BY_REPORT = `${SELECT} (
    SELECT r.unit_id, r.id AS report_id, r.year, m.id AS module_id, m.status
      FROM carbon_reports r
      LEFT JOIN carbon_report_modules m ON m.carbon_report_id = r.id AND m.module_type = $3
     WHERE r.id = $1 AND ($2::int IS NULL OR r.year = $2)
  ) base ${EXTRAS}`;

const BY_UNIT_YEAR = `${SELECT} (
    SELECT u.id AS unit_id, r.id AS report_id, $2::int AS year, m.id AS module_id, m.status
      FROM units u
      LEFT JOIN carbon_reports r ON r.unit_id = u.id AND r.year = $2
      LEFT JOIN carbon_report_modules m ON m.carbon_report_id = r.id AND m.module_type = $3
     WHERE u.id = $1
  ) base ${EXTRAS}`;

interface Row {
  unit_id: number;
  report_id: number | null;
  year: number;
  module_id: number | null;
  status: ModuleStatus | null;
  entry: StoredEntry | null;
  factors: FactorRow[] | null;
  traveler: { name: string } | null;
}

/** 404 for an unknown unit, 403 for a known unit the actor has no right on. */
export async function denyUnit(db: Queryable, unitId: number): Promise<never> {
  const { rowCount } = await db.query('SELECT 1 FROM units WHERE id = $1', [unitId]);
  throw rowCount ? forbidden() : notFound('No such unit.');
}

export async function loadModuleContext(db: Queryable, actor: PolicySubject, ref: ModuleRef, needs: ContextNeeds): Promise<ModuleContext> {
  const byReport = 'reportId' in ref;
  // Unit-addressed: the permission map answers without a query; only a refusal needs the unit.
  if (!byReport && !moduleAccessOf(actor, ref.module, ref.unitId, needs.action).own) await denyUnit(db, ref.unitId);
  const params = [
    byReport ? ref.reportId : ref.unitId,
    byReport ? null : ref.year,
    ref.module,
    needs.entryType ?? null,
    needs.factors ?? false,
    needs.travelerPersonNumber === undefined || needs.travelerPersonNumber === null ? null : String(needs.travelerPersonNumber),
    needs.entryId ?? null,
  ];
  // Named statements: parsed and planned once per connection on this hot path.
  const { rows } = await db.query<Row>({ name: byReport ? 'ctx-by-report' : 'ctx-by-unit-year', text: byReport ? BY_REPORT : BY_UNIT_YEAR, values: params });
  const row = rows[0];
  if (!row) throw notFound(byReport ? 'No such carbon report.' : 'No such unit.');
  const access = moduleAccessOf(actor, ref.module, row.unit_id, needs.action);
  if (!access.own) throw forbidden();
  if (row.report_id === null) throw notFound(`There is no carbon report for this unit in ${row.year}.`);
  if (row.module_id === null || row.status === null) throw notFound(`This carbon report has no ${MODULES[ref.module].slug} module.`);
  return {
    unitId: row.unit_id,
    year: row.year,
    reportId: row.report_id,
    moduleId: row.module_id,
    moduleType: ref.module,
    status: row.status,
    access,
    factors: row.factors ?? [],
    traveler: row.traveler,
    entry: row.entry,
  };
}
