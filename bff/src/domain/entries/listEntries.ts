// Lists a module's entries: paginated, sorted by any sortable field of its entry types, filtered
// by free text. Users limited to their own rows see only those.
import {
  entryTypesOf,
  searchableFields,
  sortableFields,
  type DataEntryView,
  type EntryTypeDef,
  type ListQuery,
  type Page,
} from '@carbon/shared';
import type { Pool } from '../../db/pool';
import { coded } from '@carbon/shared';
import { fieldIssue, InvalidError } from '../../core/errors';
import type { Actor } from '../actor';
import { loadModuleContext, type ModuleRef } from '../context';
import { ownRowsCondition, sqlName } from '../registrySql';
import { EMISSION_JSON, entryView, type EntryRow } from './view';

export const ENTRY_COLUMNS = `
  e.id, e.data_entry_type, e.data, e.source, e.created_at, e.updated_at,
  (SELECT json_agg(${EMISSION_JSON} ORDER BY x.emission_type)
     FROM data_entry_emissions x WHERE x.data_entry_id = e.id) AS emissions`;

const KG_OF_ENTRY = '(SELECT sum(x.kg_co2eq) FROM data_entry_emissions x WHERE x.data_entry_id = e.id)';
const COLUMN_SORTS: Record<string, string> = { id: 'e.id', created_at: 'e.created_at', updated_at: 'e.updated_at', kg_co2eq: KG_OF_ENTRY };

export function sortExpression(module: EntryTypeDef['module'], sort: string | undefined): string {
  if (!sort) return 'e.id';
  if (COLUMN_SORTS[sort]) return COLUMN_SORTS[sort];
  if (sortableFields(module).includes(sort)) return `e.data -> ${sqlName(sort)}`;
  const allowed = [...Object.keys(COLUMN_SORTS), ...sortableFields(module)].join(', ');
  throw new InvalidError(`Cannot sort by ${sort}.`, [fieldIssue('sort', `must be one of: ${allowed}`, coded('sort_not_allowed', { options: allowed }))]);
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listEntries(pool: Pool, actor: Actor, ref: ModuleRef, entryType: EntryTypeDef | undefined, query: ListQuery): Promise<Page<DataEntryView>> {
  const orderBy = `${sortExpression(ref.module, query.sort)} ${query.order === 'desc' ? 'DESC' : 'ASC'} NULLS LAST, e.id ${query.order === 'desc' ? 'DESC' : 'ASC'}`;
  const ctx = await loadModuleContext(pool, actor, ref, { action: 'view' });
  const owner = ctx.access.all ? null : String(actor.person_number ?? '');
  const text = searchableFields(ref.module).map((k) => `e.data ->> ${sqlName(k)}`);
  // Own rows only: a condition the planner can serve from an owner index (registrySql.ts).
  const where = `e.carbon_report_module_id = $1
      AND ($2::text IS NULL OR e.data_entry_type = $2)
      AND ${owner === null ? '$3::text IS NULL' : ownRowsCondition(entryTypesOf(ref.module), '$3')}
      AND ($4::text IS NULL OR concat_ws(' ', ${text.join(', ')}) ILIKE $4)`;
  const params = [ctx.moduleId, entryType?.type ?? null, owner, query.q ? `%${likeEscape(query.q)}%` : null];
  const offset = (query.page - 1) * query.limit;
  const [list, count] = await Promise.all([
    pool.query<EntryRow>(`SELECT ${ENTRY_COLUMNS} FROM data_entries e WHERE ${where} ORDER BY ${orderBy} LIMIT $5 OFFSET $6`, [...params, query.limit, offset]),
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM data_entries e WHERE ${where}`, params),
  ]);
  return { items: list.rows.map((r) => entryView(r, ctx.moduleType)), total: count.rows[0]?.n ?? 0, page: query.page, limit: query.limit };
}
