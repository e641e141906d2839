// Path 1 update: merge the change into the stored entry, apply the traveler rules again when
// traveler_id changes (never otherwise: the stored name is kept), recompute the emissions, and
// write entry + emissions + stats in one statement. The write is conditional on the row version
// read, so a concurrent change makes us read again instead of overwriting it; so does an emission
// that a recalculation wrote while the update waited for the entry.
import { coded, entryRuleIssues, MODULES, updateSchema, type DataEntryView, type EntryData, type EntryTypeDef } from '@carbon/shared';
import { ConflictError } from '../../core/errors';
import { invalidInput, parseInput } from '../../core/validate';
import type { Pool } from '../../db/pool';
import type { Actor } from '../actor';
import { loadWriteContext, type ModuleRef, type StoredEntry } from '../context';
import { assertMayTouch, existingEntry, isEmissionWrittenMeanwhile, mapWriteError, MAX_WRITE_ATTEMPTS } from './common';
import { checkReportYear, compact, computeEmissions, resolveEntryLocations } from './prepare';
import { linkTraveler } from './traveler';
import { takesAnonymousResponses } from '../surveySettings';
import { entryView, type EntryRow } from './view';
import { writeQueueFor } from './writeQueue';

/** The person number the body asks for, read before validation so the lookup rides along with
 * the first query; validation of the body comes right after. */
function requestedTraveler(body: unknown): number | null {
  const v = (body as { traveler_id?: unknown } | null)?.traveler_id;
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : null;
}

function merge(entryType: EntryTypeDef, stored: StoredEntry, patch: EntryData): { data: EntryData; travelerChanged: boolean } {
  const data: EntryData = { ...stored.data };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    if (v === null) delete data[k];
    else data[k] = v;
  }
  // A new place name is looked up afresh, not inside the country of the place it replaces.
  for (const f of entryType.fields) {
    const cf = f.location?.countryField;
    if (cf && f.key in patch && !(cf in patch)) delete data[cf];
  }
  const t = entryType.traveler;
  let travelerChanged = false;
  if (t) {
    travelerChanged = t.idField in patch && patch[t.idField] !== undefined && patch[t.idField] !== (stored.data[t.idField] ?? null);
    // A linked entry keeps the name resolved by the server; the client cannot overwrite it.
    if (!travelerChanged && typeof data[t.idField] === 'number') data[t.nameField] = stored.data[t.nameField] ?? '';
  }
  return { data: compact(data), travelerChanged };
}

export async function updateEntry(pool: Pool, actor: Actor, ref: ModuleRef, expected: EntryTypeDef | undefined, id: number, body: unknown): Promise<DataEntryView> {
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
    const ctx = await loadWriteContext(pool, actor, ref, { action: 'edit', entryId: id, factors: true, travelerPersonNumber: requestedTraveler(body) });
    const { entry, entryType } = existingEntry(ctx, expected);
    assertMayTouch(actor, ctx, entryType, entry.data);
    const patch = parseInput(updateSchema(entryType), body, `${entryType.type} entry`) as EntryData;
    // The dates the change sets; a row stored before the rule keeps its date until it is changed.
    checkReportYear(entryType, patch, ctx.year);
    const { data, travelerChanged } = merge(entryType, entry, patch);
    // The entry as it will be must still be the user's, checked before the traveler is linked:
    // a person number that is not one's own gets the same 403 whether it names a member or not
    // (a 422 for a non-member would tell a standard user who is in the headcount).
    assertMayTouch(actor, ctx, entryType, data);
    // The rules between fields hold for the entry as it will be, not for the change alone.
    const ruleIssues = entryRuleIssues(entryType, data);
    if (ruleIssues.length) throw invalidInput(`${entryType.type} entry`, ruleIssues);
    const t = entryType.traveler;
    const newTraveler = t ? data[t.idField] : undefined;
    const anonymous = !!t && typeof newTraveler !== 'number' && !!MODULES[entryType.module].extrapolated && (await takesAnonymousResponses(pool, ctx.moduleId));
    const problem = linkTraveler(entryType, data, travelerChanged && typeof newTraveler === 'number' ? ctx.traveler : undefined, ctx.year, anonymous);
    if (problem) throw problem.error;
    const locations = await resolveEntryLocations(pool, entryType, data);
    const emissions = computeEmissions(entryType, data, locations, ctx.factorSets, ctx.year);
    try {
      const rows = await writeQueueFor(pool).run<EntryRow>(ctx, {
        kind: 'update',
        input: { id, version: entry.version, data, emissions },
        entryId: id,
      });
      if (rows[0]) return entryView(rows[0], ctx.moduleType);
    } catch (err) {
      if (isEmissionWrittenMeanwhile(err)) continue;
      throw mapWriteError(err, data, actor);
    }
  }
  throw new ConflictError('The entry kept changing while it was being saved; reload it and try again.', coded('entry_changed'));
}
