// Endpoint 9: the headcount members a traveler can be picked from — members with a person
// number, ordered by name; `[]` is a valid answer. Users limited to their own rows get only their
// own member row. The JSON array is built by PostgreSQL and sent as is. Every traveler selector
// asks for it, so the whole list is kept ready to send (JSON, gzip, entity tag) in the
// instance's reference cache until a statement touching member entries announces a change.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { ModuleType } from '@carbon/shared';
import type { Pool } from '../db/pool';
import type { Actor } from './actor';
import { resolveModule } from './context';
import { referenceCacheFor, type MembersList } from './referenceCache';

const gzip = promisify(zlib.gzip);

const MEMBERS_JSON = `
  SELECT coalesce(json_agg(json_build_object('person_number', (data ->> 'user_institutional_id')::bigint, 'name', coalesce(data ->> 'name', ''))
                           ORDER BY data ->> 'name', data ->> 'user_institutional_id'), '[]')::text AS items
    FROM data_entries
   WHERE carbon_report_module_id = $1 AND data_entry_type = 'member' AND data ? 'user_institutional_id'
     AND data ->> 'user_institutional_id' ~ '^[1-9][0-9]{0,14}$'
     AND ($2::text IS NULL OR data ->> 'user_institutional_id' = $2)`;

export const MEMBERS_MODULE: ModuleType = 'headcount';

async function membersJson(pool: Pool, moduleId: number, own: string | null): Promise<string> {
  const { rows } = await pool.query<{ items: string }>({ name: 'headcount-members', text: MEMBERS_JSON, values: [moduleId, own] });
  return rows[0]?.items ?? '[]';
}

/** The members as a JSON array text `[{person_number, name}]`; with its gzip and entity tag
 * when it is the whole list (the one that is remembered). */
export async function headcountMembers(pool: Pool, actor: Actor, unitId: number, year: number): Promise<{ json: string } | MembersList> {
  const { address, access } = await resolveModule(pool, actor, { unitId, year, module: MEMBERS_MODULE }, 'view');
  if (!access.all) return { json: await membersJson(pool, address.moduleId, String(actor.person_number ?? '')) };
  const cache = referenceCacheFor(pool);
  const known = cache.membersOf(address.moduleId);
  if (known) return known;
  const mark = cache.membersMark();
  const json = await membersJson(pool, address.moduleId, null);
  const list = { json, gzip: await gzip(json), etag: `W/"${createHash('sha1').update(json).digest('base64url')}"` };
  cache.rememberMembers(address.moduleId, list, mark);
  return list;
}
