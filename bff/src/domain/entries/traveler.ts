// The traveler rule of travel entries, defined once for every writer — Path 1 create and update,
// and the CSV ingest: a trip's person number (`traveler_id`) names the member whose person number
// is `String(traveler_id)` in the headcount of the trip's own unit and year. Found, the trip
// stores the member's name (never the client's); not found, the trip is refused. The stored name
// is not resolved again on read.
//
// The lookup is one SQL fragment, which each writer places where it costs no extra round trip:
// inside the create statement, inside the update's context read, and in one statement per CSV
// batch. `linkTraveler` applies its answer.
import { ENTRY_TYPES, type EntryData, type EntryTypeDef } from '@carbon/shared';
import { coded } from '@carbon/shared';
import { fieldIssue, InvalidError } from '../../core/errors';
import type { SqlRunner } from '../db';

/** What the lookup found: the member's name ('' when the member has none). */
export interface Member {
  name: string;
}

/** The people every linked entry type finds its person among (the registry's `traveler` names
 * their module and entry type; that type's `person` names their fields). The statements below
 * serve all linked types, so there must be exactly one such list. */
const MEMBERS = (() => {
  const targets = new Set(Object.values(ENTRY_TYPES).flatMap((t) => (t.traveler ? [`${t.traveler.module}/${t.traveler.entryType}`] : [])));
  const [only, ...others] = targets;
  if (!only || others.length) throw new Error('The traveler lookup expects exactly one people list in the registry.');
  const [module, entryType] = only.split('/') as [string, string];
  const person = ENTRY_TYPES[entryType]?.person;
  if (!person) throw new Error(`Entry type ${entryType} is linked to but lists no people (no \`person\`).`);
  return { module, entryType, personNumberField: person.numberField, nameField: person.nameField };
})();

/** A registry name as an SQL literal. A literal rather than a parameter: with it every plan,
 * generic ones included, can use the partial index on members' person numbers (migration 0003). */
function nameLiteral(name: string): string {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`not a registry name: ${name}`);
  return `'${name}'`;
}

/**
 * SQL: the member with person number `personNumber` (text) in the headcount of report
 * `reportId`, as one row `(name)`, or no row. Both arguments are SQL expressions.
 *
 * The headcount module's id is a scalar subquery, not a join: so it is known before the member
 * index is searched and both of the index's columns bound the search. As a join, the planner
 * could bind the person number alone and filter on the module afterwards, which walks the whole
 * index for every trip (measured: 3,333 lookups among 100,000 entries, 286 ms as a join, 11 ms
 * this way).
 *
 * `LIMIT 1` (there is at most one such member) keeps the planner from pulling the subquery up into
 * the statement that uses it: pulled up into the Path 1 create, the generic plan hashed the
 * batch's trips and read the whole headcount to match them (2,000 members, 3 of the 5 ms of a
 * batch of 11 trips); kept apart, each trip probes the index with both columns.
 */
export const memberOfReport = (reportId: string, personNumber: string) => `
    SELECT coalesce(m.data ->> ${nameLiteral(MEMBERS.nameField)}, '') AS name
      FROM data_entries m
     WHERE m.carbon_report_module_id = (SELECT hm.id FROM carbon_report_modules hm
                                         WHERE hm.carbon_report_id = ${reportId} AND hm.module_type = ${nameLiteral(MEMBERS.module)})
       AND m.data_entry_type = ${nameLiteral(MEMBERS.entryType)}
       AND m.data ->> ${nameLiteral(MEMBERS.personNumberField)} = ${personNumber}
     LIMIT 1`;

const MEMBERS_OF_REPORTS = `
  SELECT w.report_id, w.person_number, tr.name
    FROM unnest($1::bigint[], $2::text[]) AS w(report_id, person_number)
   CROSS JOIN LATERAL (${memberOfReport('w.report_id', 'w.person_number')}) tr`;

export const memberKey = (reportId: number, personNumber: number) => `${reportId}:${personNumber}`;

/** The members of many (report, person number) pairs in one statement, by `memberKey`; a pair
 * without a member is absent. */
export async function findMembers(db: SqlRunner, wanted: { reportId: number; personNumber: number }[]): Promise<Map<string, Member>> {
  const found = new Map<string, Member>();
  if (!wanted.length) return found;
  // Each pair once: a file names the same people many times, and every pair is an index probe.
  const pairs = [...new Map(wanted.map((w) => [memberKey(w.reportId, w.personNumber), w])).values()];
  const { rows } = await db.query<{ report_id: number; person_number: string; name: string }>(MEMBERS_OF_REPORTS, [
    pairs.map((w) => w.reportId),
    pairs.map((w) => String(w.personNumber)),
  ]);
  for (const r of rows) found.set(memberKey(r.report_id, Number(r.person_number)), { name: r.name });
  return found;
}

/** The answer to a person number that names no member of the unit's headcount that year. */
export function unknownTraveler(t: NonNullable<EntryTypeDef['traveler']>, personNumber: number, year: number): InvalidError {
  const detail = `The traveler's person number ${personNumber} was not found in this unit's headcount for ${year}.`;
  return new InvalidError(detail, [fieldIssue(t.idField, detail, coded('traveler_not_in_headcount', { personNumber, year }))]);
}

/** Why the traveler rule refuses a trip: `unknown`, its person number names no member (Path 1
 * answers 422, the CSV ingest skips the row with a warning); `missing`, it names no traveler. */
export interface TravelerProblem {
  kind: 'unknown' | 'missing';
  error: InvalidError;
}

/**
 * Applies the traveler rule to `data` (the entry as it will be stored).
 * - `member`: what the lookup of `data[idField]` found (null: no member), or undefined when the
 *   person number is not to be resolved (unchanged on an update, or resolved by the create
 *   statement itself).
 * - Without a person number the deprecated path applies: the client's `traveler_name` is kept,
 *   and it must not be empty (our decision, docs/decisions.md) — unless `anonymous`: the module
 *   takes anonymous responses (surveySettings.ts), and the row is stored naming nobody.
 */
export function linkTraveler(entryType: EntryTypeDef, data: EntryData, member: Member | null | undefined, year: number, anonymous = false): TravelerProblem | undefined {
  const t = entryType.traveler;
  if (!t) return undefined;
  const personNumber = data[t.idField];
  if (typeof personNumber === 'number') {
    if (member === undefined) return undefined;
    if (member === null) return { kind: 'unknown', error: unknownTraveler(t, personNumber, year) };
    data[t.nameField] = member.name;
    return undefined;
  }
  delete data[t.idField];
  // A survey module whose unit takes anonymous responses: a response may name nobody.
  if (anonymous) {
    delete data[t.nameField];
    return undefined;
  }
  const name = typeof data[t.nameField] === 'string' ? (data[t.nameField] as string).trim() : '';
  if (!name) {
    const error = new InvalidError(`Give the traveler: ${t.idField} (a person number from the headcount).`, [
      fieldIssue(t.idField, `is required (or, deprecated, ${t.nameField})`, coded('traveler_required')),
    ]);
    return { kind: 'missing', error };
  }
  data[t.nameField] = name;
  return undefined;
}
