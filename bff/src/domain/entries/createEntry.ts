// Path 1 create: validate, link the traveler, resolve locations, compute emissions, then write
// entry + emissions + module stats + report stats in one statement.
import { createSchema, type DataEntryView, type EntryData, type EntryTypeDef } from '@carbon/shared';
import type { Pool } from '../../db/pool';
import { parseBody } from '../../http/validate';
import type { Actor } from '../actor';
import { loadWriteContext, type ModuleRef } from '../context';
import { assertMayTouch, mapWriteError } from './common';
import { compact, computeEmissions, linkTraveler, resolveEntryLocations } from './prepare';
import { entryView, type EntryRow } from './view';
import { writeQueueFor } from './writeQueue';

export async function createEntry(pool: Pool, actor: Actor, ref: ModuleRef, entryType: EntryTypeDef, body: unknown, source = 'manual'): Promise<DataEntryView> {
  const data = compact({ ...(parseBody(createSchema(entryType), body, `${entryType.type} entry`) as EntryData) });
  const travelerId = entryType.traveler ? data[entryType.traveler.idField] : undefined;
  const ctx = await loadWriteContext(pool, actor, ref, {
    action: 'edit',
    entryType: entryType.type,
    factors: true,
    travelerPersonNumber: typeof travelerId === 'number' ? travelerId : null,
  });
  assertMayTouch(actor, ctx, entryType, data);
  linkTraveler(entryType, data, typeof travelerId === 'number' ? ctx.traveler : undefined, ctx.year);
  const locations = await resolveEntryLocations(pool, entryType, data);
  const emissions = computeEmissions(entryType, data, locations, ctx.factors);
  try {
    const rows = await writeQueueFor(pool).run<EntryRow>(ctx, {
      kind: 'create',
      input: { type: entryType.type, data, created_by: actor.id, source, emissions },
    });
    return entryView(rows[0]!, ctx.moduleType);
  } catch (err) {
    throw mapWriteError(err, data);
  }
}
