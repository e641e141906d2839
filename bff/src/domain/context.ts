// Resolves which carbon report module a request addresses, whether the actor may act on it, and
// — in the same round trip — the entry asked for; a Path 1 write also gets the factors of the
// year, of every factor set its entry type uses, and the traveler's headcount member
// (loadWriteContext). Unknown unit or report → 404; known unit without right → 403; report or
// module missing for the year → 404.
import type { Action, FactorSets, ModuleAccess, ModuleStatus, ModuleType } from '@carbon/shared';
import { coded, ENTRY_TYPES, factorSetsUsedBy, MODULES } from '@carbon/shared';
import { ForbiddenError, NotFoundError } from '../core/errors';
import { moduleAccessOf, type PolicySubject } from '../policies';
import type { Pool } from '../db/pool';
import type { Queryable } from './db';
import { referenceCacheFor, type ModuleAddress } from './referenceCache';
import { entryReadsFor } from './entries/entryReads';
import { entryOfModule } from './entries/lookupSql';
import type { Member } from './entries/traveler';

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
  /** The entry asked for, when it belongs to this module. */
  entry: StoredEntry | null;
}

export interface ContextNeeds {
  action: Action;
  /** Entry type whose factor sets a write loads; defaults to the type of `entryId`'s entry. */
  entryType?: string;
  /** A write: load the factor sets the entry type uses. */
  factors?: boolean;
  /** A write: the person number whose headcount member to look up. */
  travelerPersonNumber?: number | null;
  entryId?: number;
}

const EXTRAS = `
  LEFT JOIN LATERAL (${entryOfModule('$4', 'base.module_id')}) en ON true`;

const SELECT = `SELECT base.*, en.entry FROM`;

/** Where a module lives: $1 report id, $2 year (null), $3 module type. */
const BASE_BY_REPORT = `
    SELECT r.unit_id, r.id AS report_id, r.year, m.id AS module_id, m.status
      FROM carbon_reports r
      LEFT JOIN carbon_report_modules m ON m.carbon_report_id = r.id AND m.module_type = $3
     WHERE r.id = $1 AND ($2::int IS NULL OR r.year = $2)`;

/** Where a module lives: $1 unit id, $2 year, $3 module type. */
const BASE_BY_UNIT_YEAR = `
    SELECT u.id AS unit_id, r.id AS report_id, $2::int AS year, m.id AS module_id, m.status
      FROM units u
      LEFT JOIN carbon_reports r ON r.unit_id = u.id AND r.year = $2
      LEFT JOIN carbon_report_modules m ON m.carbon_report_id = r.id AND m.module_type = $3
     WHERE u.id = $1`;

const BY_REPORT = `${SELECT} (${BASE_BY_REPORT}) base ${EXTRAS}`;
const BY_UNIT_YEAR = `${SELECT} (${BASE_BY_UNIT_YEAR}) base ${EXTRAS}`;

interface BaseRow {
  unit_id: number;
  report_id: number | null;
  year: number;
  module_id: number | null;
  status: ModuleStatus | null;
}

interface Row extends BaseRow {
  entry: StoredEntry | null;
}

/** The rights of the actor on an addressed module; 404 for what does not exist, 403 for what
 * exists but is not theirs. */
function checkAddress(row: BaseRow | undefined, actor: PolicySubject, ref: ModuleRef, action: Action): ModuleAddress & { access: ModuleAccess; status: ModuleStatus } {
  if (!row) throw 'reportId' in ref ? new NotFoundError('No such carbon report.', coded('no_such_report')) : new NotFoundError('No such unit.', coded('no_such_unit'));
  const access = moduleAccessOf(actor, ref.module, row.unit_id, action);
  if (!access.own) throw new ForbiddenError();
  if (row.report_id === null) throw new NotFoundError(`There is no carbon report for this unit in ${row.year}.`, coded('no_report_for_year', { year: row.year }));
  if (row.module_id === null || row.status === null) throw new NotFoundError(`This carbon report has no ${MODULES[ref.module].slug} module.`, coded('no_such_module', { module: MODULES[ref.module].slug }));
  return { access, unitId: row.unit_id, reportId: row.report_id, year: row.year, moduleId: row.module_id, status: row.status };
}

/** 404 for an unknown unit, 403 for a known unit the actor has no right on. */
export async function denyUnit(db: Queryable, unitId: number): Promise<never> {
  const { rowCount } = await db.query('SELECT 1 FROM units WHERE id = $1', [unitId]);
  throw rowCount ? new ForbiddenError() : new NotFoundError('No such unit.', coded('no_such_unit'));
}

export async function loadModuleContext(db: Queryable, actor: PolicySubject, ref: ModuleRef, needs: ContextNeeds): Promise<ModuleContext> {
  const byReport = 'reportId' in ref;
  // Unit-addressed: the permission map answers without a query; only a refusal needs the unit.
  if (!byReport && !moduleAccessOf(actor, ref.module, ref.unitId, needs.action).own) await denyUnit(db, ref.unitId);
  const params = [byReport ? ref.reportId : ref.unitId, byReport ? null : ref.year, ref.module, needs.entryId ?? null];
  // Named statements: parsed and planned once per connection on this hot path.
  const { rows } = await db.query<Row>({ name: byReport ? 'ctx-by-report' : 'ctx-by-unit-year', text: byReport ? BY_REPORT : BY_UNIT_YEAR, values: params });
  const address = checkAddress(rows[0], actor, ref, needs.action);
  const row = rows[0] as Row;
  return { ...address, moduleType: ref.module, entry: row.entry };
}

/** What a Path 1 write needs: the module's address and rights, and, as asked, the entry being
 * changed, the factors of the year by set and the traveler's member (null: none, or not asked
 * for). */
export type WriteContext = Omit<ModuleContext, 'status'> & { traveler: Member | null; factorSets: FactorSets };

/**
 * Where a module lives and the actor's rights on it, with the same answers (404, 403) as
 * `loadModuleContext`, from the instance's reference cache when it knows the address.
 */
export async function resolveModule(pool: Pool, actor: PolicySubject, ref: ModuleRef, action: Action): Promise<{ address: ModuleAddress; access: ModuleAccess }> {
  const byReport = 'reportId' in ref;
  if (!byReport && !moduleAccessOf(actor, ref.module, ref.unitId, action).own) await denyUnit(pool, ref.unitId);
  const cache = referenceCacheFor(pool);
  const key = byReport ? `r:${ref.reportId}:${ref.module}` : `u:${ref.unitId}:${ref.year}:${ref.module}`;
  const known = cache.address(key);
  if (known) {
    const access = moduleAccessOf(actor, ref.module, known.unitId, action);
    if (!access.own) throw new ForbiddenError();
    return { address: known, access };
  }
  const mark = cache.mark();
  const { rows } = await pool.query<BaseRow>({
    name: byReport ? 'address-by-report' : 'address-by-unit-year',
    text: byReport ? BASE_BY_REPORT : BASE_BY_UNIT_YEAR,
    values: [byReport ? ref.reportId : ref.unitId, byReport ? null : ref.year, ref.module],
  });
  const checked = checkAddress(rows[0], actor, ref, action);
  const address = { unitId: checked.unitId, reportId: checked.reportId, year: checked.year, moduleId: checked.moduleId };
  cache.rememberAddress(key, address, mark);
  return { address, access: checked.access };
}

/**
 * The context of a Path 1 write, with the same answers (404, 403) as `loadModuleContext`. Where
 * the module lives and the year's factors come from the instance's reference cache; the entry
 * and the traveler are always read, only when asked for, in one light query shared with the
 * other writes of the moment (entryReads.ts).
 */
export async function loadWriteContext(pool: Pool, actor: PolicySubject, ref: ModuleRef, needs: ContextNeeds): Promise<WriteContext> {
  const { address, access } = await resolveModule(pool, actor, ref, needs.action);
  const cache = referenceCacheFor(pool);
  const personNumber = needs.travelerPersonNumber ?? null;
  let entry: StoredEntry | null = null;
  let traveler: Member | null = null;
  if (needs.entryId !== undefined || personNumber !== null) {
    ({ entry, traveler } = await entryReadsFor(pool).read({ entryId: needs.entryId ?? null, moduleId: address.moduleId, reportId: address.reportId, personNumber }));
  }
  const factorType = ENTRY_TYPES[needs.entryType ?? entry?.data_entry_type ?? ''];
  const factorSets = needs.factors && factorType ? await cache.factorSetsFor(pool, factorSetsUsedBy(factorType), address.year) : {};
  return { ...address, moduleType: ref.module, access, factorSets, traveler, entry };
}
