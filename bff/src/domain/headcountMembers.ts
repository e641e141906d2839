// The member list (GET …/headcount/members): the headcount members a traveler can be picked from — members with a person
// number, ordered by name; `[]` is a valid answer. Users limited to their own rows get only their
// own member row. The JSON array is built by PostgreSQL and sent as is. Every traveler selector
// asks for it, so the whole list is kept ready to send (JSON, gzip, entity tag) in the
// instance's reference cache until a statement touching member entries announces a change.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { peopleEntryType } from '@carbon/shared';
import type { Pool } from '../db/pool';
import type { Actor } from './actor';
import { resolveModule } from './context';
import { referenceCacheFor, type MembersList } from './referenceCache';
import { ownRowsCondition, sqlName } from './registrySql';

const gzip = promisify(zlib.gzip);

// The people's entry type and fields come from the registry (the headcount's members).
const people = peopleEntryType();
const number = `e.data ->> ${sqlName(people.person.numberField)}`;
const name = `e.data ->> ${sqlName(people.person.nameField)}`;
const membersJsonOf = (where: string) => `
  SELECT coalesce(json_agg(json_build_object('person_number', (${number})::bigint, 'name', coalesce(${name}, ''))
                           ORDER BY ${name}, ${number}), '[]')::text AS items
    FROM data_entries e
   WHERE e.carbon_report_module_id = $1 AND ${where} AND ${number} ~ '^[1-9][0-9]{0,14}$'`;
// Every member with a person number: in name order from the index on (module, name, number).
const ALL_MEMBERS = membersJsonOf(`e.data_entry_type = ${sqlName(people.type)} AND e.data ? ${sqlName(people.person.numberField)}`);
// A user's own row ($2: their person number), found by the person number index.
const OWN_MEMBER = membersJsonOf(ownRowsCondition([people], '$2'));

export const MEMBERS_MODULE = people.module;

async function membersJson(pool: Pool, moduleId: number, own: string | null): Promise<string> {
  const query = own === null ? { name: 'headcount-members', text: ALL_MEMBERS, values: [moduleId] } : { name: 'headcount-own-member', text: OWN_MEMBER, values: [moduleId, own] };
  const { rows } = await pool.query<{ items: string }>(query);
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
