// Lists a module's entries: paginated, sorted by any sortable field of its entry types, filtered
// by free text. Users limited to their own rows see only those. Pages are read by key from a page
// index kept until the module changes (pageIndex.ts): any page costs what the first does.
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
/** Sort keys that are columns (or computed), with the SQL type their text form is read back as. */
const COLUMN_SORTS: Record<string, { expr: string; type: string }> = {
  id: { expr: 'e.id', type: 'bigint' },
  created_at: { expr: 'e.created_at', type: 'timestamptz' },
  updated_at: { expr: 'e.updated_at', type: 'timestamptz' },
  kg_co2eq: { expr: KG_OF_ENTRY, type: 'numeric' },
};

/** The SQL of a sort key and the type its text form is cast back to (a field's value is jsonb). */
export function sortKey(module: EntryTypeDef['module'], sort: string | undefined): { expr: string; type: string } {
  if (!sort) return COLUMN_SORTS.id!;
  if (COLUMN_SORTS[sort]) return COLUMN_SORTS[sort];
  if (sortableFields(module).includes(sort)) return { expr: `(e.data -> ${sqlName(sort)})`, type: 'jsonb' };
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
  const desc = query.order === 'desc';
  const dir = desc ? 'DESC' : 'ASC';
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
  const version = versions[0]?.version ?? '';
  const indexKey = JSON.stringify([ctx.moduleId, entryType?.type ?? null, owner, query.q ?? null, query.sort ?? 'id', dir, query.limit]);
  let index = pageIndexes.get(indexKey, version);
  if (!index) {
    // One pass over the listed rows' keys only (no emissions read): the total and every page's first key.
    const { rows } = await pool.query<{ k: string | null; id: string; total: number }>(
      `SELECT k, id, total FROM (
         SELECT ${key.expr}::text AS k, e.id::text AS id, count(*) OVER () AS total, row_number() OVER (ORDER BY ${orderBy}) - 1 AS n
           FROM data_entries e WHERE ${where}) s
        WHERE n % $5 = 0 ORDER BY n`,
      [...params, query.limit],
    );
    index = { version, total: Number(rows[0]?.total ?? 0), starts: rows.map((r) => ({ k: r.k, id: r.id })) };
    pageIndexes.set(indexKey, index);
  }
  const start = index.starts[query.page - 1];
  if (!start) return { items: [], total: index.total, page: query.page, limit: query.limit };
  // From the page's first row on, in the list's order (NULL keys last in either direction).
  const after = desc ? '<' : '>';
  const idFrom = desc ? '<=' : '>=';
  const seek =
    start.k === null
      ? `($5::text IS NULL AND ${key.expr} IS NULL AND e.id ${idFrom} $6::bigint)`
      : `(${key.expr} ${after} $5::${key.type} OR (${key.expr} = $5::${key.type} AND e.id ${idFrom} $6::bigint) OR ${key.expr} IS NULL)`;
  const list = await pool.query<EntryRow>(`SELECT ${ENTRY_COLUMNS} FROM data_entries e WHERE ${where} AND ${seek} ORDER BY ${orderBy} LIMIT $7`, [...params, start.k, start.id, query.limit]);
  return { items: list.rows.map((r) => entryView(r, ctx.moduleType)), total: index.total, page: query.page, limit: query.limit };
}
