// One entry by id, with the same visibility rules as the list.
import { coded } from '@carbon/shared';
import type { DataEntryView, EntryTypeDef } from '@carbon/shared';
import type { Pool } from '../../db/pool';
import { NotFoundError } from '../../core/errors';
import type { Actor } from '../actor';
import { loadModuleContext, type ModuleRef } from '../context';
import { assertMayTouch, existingEntry } from './common';
import { ENTRY_COLUMNS } from './listEntries';
import { entryView, type EntryRow } from './view';

export async function getEntry(pool: Pool, actor: Actor, ref: ModuleRef, expected: EntryTypeDef | undefined, id: number): Promise<DataEntryView> {
  const ctx = await loadModuleContext(pool, actor, ref, { action: 'view', entryId: id });
  const { entry, entryType } = existingEntry(ctx, expected);
  assertMayTouch(actor, ctx, entryType, entry.data);
  const { rows } = await pool.query<EntryRow>(`SELECT ${ENTRY_COLUMNS} FROM data_entries e WHERE e.id = $1`, [id]);
  if (!rows[0]) throw new NotFoundError('No such entry in this module.', coded('no_such_entry'));
  return entryView(rows[0], ctx.moduleType);
}
