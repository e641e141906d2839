// Endpoint 9: the headcount members a traveler can be picked from — members with a person
// number, ordered by name; `[]` is a valid answer. Users limited to their own rows get only their
// own member row. The JSON array is built by PostgreSQL and sent as is.
import type { Pool } from '../db/pool';
import type { Actor } from './actor';
import { loadModuleContext } from './context';

const MEMBERS_JSON = `
  SELECT coalesce(json_agg(json_build_object('person_number', (data ->> 'user_institutional_id')::bigint, 'name', coalesce(data ->> 'name', ''))
                           ORDER BY data ->> 'name', data ->> 'user_institutional_id'), '[]')::text AS items
    FROM data_entries
   WHERE carbon_report_module_id = $1 AND data_entry_type = 'member' AND data ? 'user_institutional_id'
     AND data ->> 'user_institutional_id' ~ '^[1-9][0-9]{0,14}$'
     AND ($2::text IS NULL OR data ->> 'user_institutional_id' = $2)`;

/** The members as a JSON array text: `[{person_number, name}]`. */
export async function headcountMembersJson(pool: Pool, actor: Actor, unitId: number, year: number): Promise<string> {
  const ctx = await loadModuleContext(pool, actor, { unitId, year, module: 'headcount' }, { action: 'view' });
  const own = ctx.access.all ? null : String(actor.person_number ?? '');
  const { rows } = await pool.query<{ items: string }>({ name: 'headcount-members', text: MEMBERS_JSON, values: [ctx.moduleId, own] });
  return rows[0]?.items ?? '[]';
}
