// Lists a module's entries: paginated, sorted by any sortable field of its entry types, filtered
// by free text. Users limited to their own rows see only those. Pages are read by primary key from
// a page index kept until the module changes (pageIndex.ts): any page costs what the first does.
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
import { pageIndexes } from './pageIndex';

export const ENTRY_COLUMNS = `
  e.id, e.data_entry_type, e.data, e.source, e.created_at, e.updated_at,
  (SELECT json_agg(${EMISSION_JSON} ORDER BY x.emission_type)
     FROM data_entry_emissions x WHERE x.data_entry_id = e.id) AS emissions`;

const KG_OF_ENTRY = '(SELECT sum(x.kg_co2eq) FROM data_entry_emissions x WHERE x.data_entry_id = e.id)';
const COLUMN_SORTS: Record<string, { expr: string }> = {
  id: { expr: 'e.id' },
  created_at: { expr: 'e.created_at' },
  updated_at: { expr: 'e.updated_at' },
  kg_co2eq: { expr: KG_OF_ENTRY },
};

/** The SQL of a sort key. */
export function sortKey(module: EntryTypeDef['module'], sort: string | undefined): { expr: string } {
  if (!sort) return COLUMN_SORTS.id!;
  if (COLUMN_SORTS[sort]) return COLUMN_SORTS[sort];
  if (sortableFields(module).includes(sort)) return { expr: `(e.data -> ${sqlName(sort)})` };
  const allowed = [...Object.keys(COLUMN_SORTS), ...sortableFields(module)].join(', ');
  throw new InvalidError(`Cannot sort by ${sort}.`, [fieldIssue('sort', `must be one of: ${allowed}`, coded('sort_not_allowed', { options: allowed }))]);
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What changes when the listed rows may have (pageIndex.ts): the module row's xmin and the
 * largest id of each listed type (one backward step of the (module, type, id) index each). */
const LIST_VERSION = `
  SELECT m.xmin::text || '/' || coalesce((SELECT string_agg(coalesce(last.id::text, '-'), ',' ORDER BY t.type)
                                            FROM unnest($2::text[]) t(type)
                                            CROSS JOIN LATERAL (SELECT max(e.id) AS id FROM data_entries e
                                                                 WHERE e.carbon_report_module_id = m.id AND e.data_entry_type = t.type) last), '') AS version
    FROM carbon_report_modules m WHERE m.id = $1`;

export async function listEntries(pool: Pool, actor: Actor, ref: ModuleRef, entryType: EntryTypeDef | undefined, query: ListQuery): Promise<Page<DataEntryView>> {
  const key = sortKey(ref.module, query.sort);
  const dir = query.order === 'desc' ? 'DESC' : 'ASC';
  const orderBy = `${key.expr} ${dir} NULLS LAST, e.id ${dir}`;
  const ctx = await loadModuleContext(pool, actor, ref, { action: 'view' });
  const owner = ctx.access.all ? null : String(actor.person_number ?? '');
  const text = searchableFields(ref.module).map((k) => `e.data ->> ${sqlName(k)}`);
  // Own rows only: a condition the planner can serve from an owner index (registrySql.ts).
  const where = `e.carbon_report_module_id = $1
      AND ($2::text IS NULL OR e.data_entry_type = $2)
      AND ${owner === null ? '$3::text IS NULL' : ownRowsCondition(entryTypesOf(ref.module), '$3')}
      AND ($4::text IS NULL OR concat_ws(' ', ${text.join(', ')}) ILIKE $4)`;
  const params = [ctx.moduleId, entryType?.type ?? null, owner, query.q ? `%${likeEscape(query.q)}%` : null];

  const types = entryType ? [entryType.type] : entryTypesOf(ref.module).map((t) => t.type);
  const { rows: versions } = await pool.query<{ version: string }>(LIST_VERSION, [ctx.moduleId, types]);
  const listing = JSON.stringify([ctx.moduleId, entryType?.type ?? null, owner, query.q ?? null, query.sort ?? 'id', dir]);
  const index = await pageIndexes.get(listing, versions[0]?.version ?? '', async () => {
    // The ids as one text value: one row to read instead of one per entry.
    const { rows } = await pool.query<{ ids: string | null }>(`SELECT string_agg(e.id::text, ',' ORDER BY ${orderBy}) AS ids FROM data_entries e WHERE ${where}`, params);
    return rows[0]?.ids ? Float64Array.from(rows[0].ids.split(','), Number) : new Float64Array(0);
  });
  const total = index.ids.length;
  const slice = Array.from(index.ids.subarray((query.page - 1) * query.limit, query.page * query.limit));
  if (!slice.length) return { items: [], total, page: query.page, limit: query.limit };
  // The page's rows by primary key (still of this module: an id list never leaves its listing).
  const list = await pool.query<EntryRow>(`SELECT ${ENTRY_COLUMNS} FROM data_entries e WHERE e.id = ANY($1::bigint[]) AND e.carbon_report_module_id = $2`, [slice, ctx.moduleId]);
  const byId = new Map(list.rows.map((r) => [Number(r.id), r]));
  // A row deleted since the index was built is left out (its delete changed the version: the next read rebuilds).
  const items = slice.flatMap((id) => {
    const row = byId.get(id);
    return row ? [entryView(row, ctx.moduleType)] : [];
  });
  return { items, total, page: query.page, limit: query.limit };
}
