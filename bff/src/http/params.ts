// Path parameters: ids, years, module and entry type names. A malformed id names nothing that
// exists, so it is a 404 like an unknown one.
import { coded, factorSetsOf, findEntryType, findFactorSet, findModule, type EntryTypeDef, type FactorSetDef, type ModuleDef } from '@carbon/shared';
import { NotFoundError } from '../core/errors';

export function idParam(value: string | undefined, what: string): number {
  if (!value || !/^[1-9][0-9]{0,15}$/.test(value) || !Number.isSafeInteger(Number(value))) throw new NotFoundError(`No such ${what}.`);
  return Number(value);
}

export function yearParam(value: string | undefined): number {
  if (!value || !/^[0-9]{4}$/.test(value)) throw new NotFoundError('No carbon report for that year.');
  return Number(value);
}

export function moduleParam(value: string | undefined): ModuleDef {
  const m = value ? findModule(value) : undefined;
  if (!m) throw new NotFoundError(`No such module: ${value}.`, coded('no_such_module', { module: String(value) }));
  return m;
}

export function entryTypeParam(module: ModuleDef, value: string | undefined): EntryTypeDef {
  const t = value ? findEntryType(module.type, value) : undefined;
  if (!t) throw new NotFoundError(`The ${module.slug} module has no entry type ${value}.`, coded('no_such_entry_type', { module: module.slug, type: String(value) }));
  return t;
}

/** A factor set of the module, by its name or by the type or slug of the entry type it is the
 * own set of. */
export function factorSetParam(module: ModuleDef, value: string | undefined): FactorSetDef {
  const set = value ? findFactorSet(module.type, value) : undefined;
  if (!set) throw new NotFoundError(`The ${module.slug} module has no factor set ${value} (it has: ${factorSetsOf(module.type).map((s) => s.name).join(', ')}).`, coded('no_such_factor_set', { module: module.slug, set: String(value) }));
  return set;
}
