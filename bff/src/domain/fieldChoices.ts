// The choices a form offers for a field whose value picks a factor row (`factorChoices` in the
// registry): the values of the year's factor rows of the set it names (by default the entry
// type's own), with the keys they must match. Anyone who may view the module may read them: they
// are the classification of published factors, not data of the unit.
import { factorChoiceItems, type EntryTypeDef, type FieldChoices } from '@carbon/shared';
import { NotFoundError } from '../core/errors';
import type { Pool } from '../db/pool';
import type { Actor } from './actor';
import { loadModuleContext, type ModuleRef } from './context';
import { referenceCacheFor } from './referenceCache';

export async function fieldChoices(pool: Pool, actor: Actor, ref: Extract<ModuleRef, { unitId: number }>, entryType: EntryTypeDef, fieldKey: string): Promise<FieldChoices> {
  const field = entryType.fields.find((f) => f.key === fieldKey && f.factorChoices);
  if (!field) throw new NotFoundError(`The ${entryType.type} entry type offers no choices for ${fieldKey}.`);
  const ctx = await loadModuleContext(pool, actor, ref, { action: 'view' });
  const set = field.factorChoices?.set ?? entryType.type;
  const sets = await referenceCacheFor(pool).factorSetsFor(pool, [set], ctx.year);
  return { field: field.key, items: factorChoiceItems(field, sets[set] ?? []) };
}
