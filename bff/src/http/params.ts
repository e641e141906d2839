// Path parameters: ids, years, module and entry type names. A malformed id names nothing that
// exists, so it is a 404 like an unknown one.
import { findEntryType, findModule, type EntryTypeDef, type ModuleDef } from '@carbon/shared';
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
  if (!m) throw new NotFoundError(`No such module: ${value}.`);
  return m;
}

export function entryTypeParam(module: ModuleDef, value: string | undefined): EntryTypeDef {
  const t = value ? findEntryType(module.type, value) : undefined;
  if (!t) throw new NotFoundError(`The ${module.slug} module has no entry type ${value}.`);
  return t;
}
