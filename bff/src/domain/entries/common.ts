// Pieces shared by the entry services: picking the entry type, error mapping, ownership.
import { ENTRY_TYPES, PERSON_LINK_KEY, type EntryData, type EntryTypeDef } from '@carbon/shared';
import { coded } from '@carbon/shared';
import { fieldIssue, ForbiddenError, InvalidError, NotFoundError } from '../../core/errors';
import { mayTouchRow } from '../../policies';
import type { Actor } from '../actor';
import type { ModuleContext, StoredEntry } from '../context';

export const MAX_WRITE_ATTEMPTS = 3;

/** The entry addressed by id, checked against the module and the type named in the path. */
export function existingEntry(ctx: Pick<ModuleContext, 'entry'>, expected: EntryTypeDef | undefined): { entry: StoredEntry; entryType: EntryTypeDef } {
  const entry = ctx.entry;
  const entryType = entry ? ENTRY_TYPES[entry.data_entry_type] : undefined;
  if (!entry || !entryType || (expected && expected.type !== entryType.type)) throw new NotFoundError('No such entry in this module.', coded('no_such_entry'));
  return { entry, entryType };
}

/** Users limited to their own rows may touch only rows that carry their person number. */
export function assertMayTouch(actor: Actor, ctx: Pick<ModuleContext, 'access'>, entryType: EntryTypeDef, data: EntryData): void {
  if (mayTouchRow(actor, ctx.access, data[entryType.ownerField] as number | string | undefined)) return;
  throw new ForbiddenError(
    entryType.traveler
      ? 'You may only record and change your own trips (traveler_id must be your person number).'
      : 'You may only change your own rows of this module.',
    coded('not_your_entry'),
  );
}

interface PgError {
  code?: string;
  constraint?: string;
}

/**
 * An update's statement found the entry's emission written by someone else after the statement
 * began: a recalculation wrote the first emission of an entry that had none, and committed while
 * the update waited for the entry's lock. The statement's snapshot predates that emission, so it
 * could not delete it first. Read again and write again: the next statement sees it.
 */
export function isEmissionWrittenMeanwhile(err: unknown): boolean {
  const e = err as PgError;
  return e.code === '23505' && e.constraint === 'data_entry_emissions_data_entry_id_emission_type_key';
}

/** The index that keeps one row per person of the `onePerPerson` entry types (migration 0018). */
const ONE_PER_PERSON_INDEX = 'data_entries_one_response_per_person_uq';

/** A second row of a person where one per person is allowed (a survey's response): the user is
 * told to edit the one there is, in their own words when it is theirs. */
export function responseTaken(actor: Pick<Actor, 'person_number'>, personNumber: number): InvalidError {
  if (personNumber === actor.person_number) {
    const message = 'you already answered for this year; edit your response instead of adding another';
    return new InvalidError(`You already answered for this year: edit your response instead of adding another.`, [
      fieldIssue(PERSON_LINK_KEY, message, coded('already_answered')),
    ]);
  }
  const message = `person number ${personNumber} already answered for this year; edit that response instead of adding another`;
  return new InvalidError(`Person number ${personNumber} already answered for this year: edit that response instead of adding another.`, [
    fieldIssue(PERSON_LINK_KEY, message, coded('response_exists', { personNumber })),
  ]);
}

/** Database refusals that are the user's doing become 422; anything else stays an error. */
export function mapWriteError(err: unknown, data: EntryData, actor: Pick<Actor, 'person_number'>): unknown {
  const e = err as PgError;
  if (e.code === '23505' && e.constraint === ONE_PER_PERSON_INDEX) return responseTaken(actor, Number(data[PERSON_LINK_KEY]));
  if (e.code === '23505' && e.constraint === 'data_entries_member_person_number_uq') {
    const n = String(data.user_institutional_id ?? '');
    return new InvalidError(`A member with person number ${n} is already in this headcount.`, [
      fieldIssue('user_institutional_id', `person number ${n} is already used by another member`, coded('person_number_taken', { personNumber: n })),
    ]);
  }
  return err;
}
