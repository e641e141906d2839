// Path 1 delete: the entry, its emissions and the stats delta in one statement, conditional on
// the row version that the ownership check saw (when there is one to make).
import { coded } from '@carbon/shared';
import type { EntryTypeDef } from '@carbon/shared';
import type { Pool } from '../../db/pool';
import { ConflictError } from '../../core/errors';
import type { Actor } from '../actor';
import { loadWriteContext, type ModuleRef } from '../context';
import { assertMayTouch, existingEntry, MAX_WRITE_ATTEMPTS } from './common';
import { writeQueueFor } from './writeQueue';

export async function deleteEntry(pool: Pool, actor: Actor, ref: ModuleRef, expected: EntryTypeDef | undefined, id: number): Promise<void> {
  const queue = writeQueueFor(pool);
  const module = await loadWriteContext(pool, actor, ref, { action: 'edit' });
  // Whoever may touch every row of the module needs no look at the entry first. Nothing deleted
  // (no such entry, or not of the type in the path): the path below gives the answer.
  if (module.access.all && (await queue.run(module, { kind: 'delete', input: { id, version: null, type: expected?.type ?? null }, entryId: id })).length) return;
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
    const ctx = await loadWriteContext(pool, actor, ref, { action: 'edit', entryId: id });
    const { entry, entryType } = existingEntry(ctx, expected);
    assertMayTouch(actor, ctx, entryType, entry.data);
    const rows = await queue.run(ctx, { kind: 'delete', input: { id, version: entry.version, type: null }, entryId: id });
    if (rows.length) return;
  }
  throw new ConflictError('The entry kept changing while it was being deleted; reload it and try again.', coded('entry_changed'));
}
