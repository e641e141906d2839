// Path 1 create: validate, resolve locations, compute emissions, then link the traveler and write
// entry + emissions + module stats + report stats in one statement.
import { createSchema, MODULES, type DataEntryView, type EntryData, type EntryTypeDef } from '@carbon/shared';
import type { Pool } from '../../db/pool';
import { parseInput } from '../../core/validate';
import type { Actor } from '../actor';
import { loadWriteContext, type ModuleRef } from '../context';
import { assertMayTouch, mapWriteError } from './common';
import { checkReportYear, compact, computeEmissions, resolveEntryLocations } from './prepare';
import { linkTraveler, unknownTraveler } from './traveler';
import { takesAnonymousResponses } from '../surveySettings';
import { entryView, type EntryRow } from './view';
import { writeQueueFor } from './writeQueue';

export async function createEntry(pool: Pool, actor: Actor, ref: ModuleRef, entryType: EntryTypeDef, body: unknown, source = 'manual'): Promise<DataEntryView> {
  const data = compact({ ...(parseInput(createSchema(entryType), body, `${entryType.type} entry`) as EntryData) });
  const t = entryType.traveler;
  const travelerId = t ? data[t.idField] : undefined;
  const personNumber = typeof travelerId === 'number' ? travelerId : null;
  const ctx = await loadWriteContext(pool, actor, ref, { action: 'edit', entryType: entryType.type, factors: true });
  assertMayTouch(actor, ctx, entryType, data);
  checkReportYear(entryType, data, ctx.year);
  // A person number is looked up and linked by the write statement itself (writeSql.ts);
  // without one, the deprecated name-only rule applies here.
  const anonymous = personNumber === null && !!t && !!MODULES[entryType.module].extrapolated && (await takesAnonymousResponses(pool, ctx.moduleId));
  const problem = linkTraveler(entryType, data, undefined, ctx.year, anonymous);
  if (problem) throw problem.error;
  const locations = await resolveEntryLocations(pool, entryType, data);
  const emissions = computeEmissions(entryType, data, locations, ctx.factorSets, ctx.year);
  let rows: EntryRow[];
  try {
    rows = await writeQueueFor(pool).run<EntryRow>(ctx, {
      kind: 'create',
      input: { type: entryType.type, data, created_by: actor.id, source, emissions, traveler: personNumber === null ? null : String(personNumber), name_field: t?.nameField ?? null },
    });
  } catch (err) {
    throw mapWriteError(err, data, actor);
  }
  // No row: the statement found no member with that person number.
  if (!rows[0]) throw unknownTraveler(t!, personNumber!, ctx.year);
  return entryView(rows[0], ctx.moduleType);
}
