// The registry: every module and data entry type the service knows. Routes, validation, CSV
// parsing and the web pages look things up here; adding a module adds entries here only (plus
// its formula and a migration for its factors).
import type { EntryTypeDef, FieldDef, ModuleDef } from './fields';
import { headcountModule, memberEntry } from './headcount';
import { planeEntry, professionalTravelModule, trainEntry } from './professionalTravel';
import { MODULE_TYPES, type ModuleType } from './types';

export const MODULES: Record<ModuleType, ModuleDef> = {
  headcount: headcountModule,
  professional_travel: professionalTravelModule,
};

export const ENTRY_TYPES: Record<string, EntryTypeDef> = {
  member: memberEntry,
  plane: planeEntry,
  train: trainEntry,
};

export const DATA_ENTRY_TYPES = Object.keys(ENTRY_TYPES);

/** A module by its type (`professional_travel`) or its URL slug (`professional-travel`). */
export function findModule(typeOrSlug: string): ModuleDef | undefined {
  return MODULE_TYPES.map((m) => MODULES[m]).find((m) => m.type === typeOrSlug || m.slug === typeOrSlug);
}

/** An entry type of a module by its type or slug; undefined when the module has no such type. */
export function findEntryType(module: ModuleType, typeOrSlug: string): EntryTypeDef | undefined {
  const def = Object.values(ENTRY_TYPES).find((e) => e.type === typeOrSlug || e.slug === typeOrSlug);
  return def && def.module === module ? def : undefined;
}

export function entryTypesOf(module: ModuleType): EntryTypeDef[] {
  return MODULES[module].entryTypes.map((t) => ENTRY_TYPES[t]!);
}

export function fieldOf(entryType: EntryTypeDef, key: string): FieldDef | undefined {
  return entryType.fields.find((x) => x.key === key);
}

/** Fields a list may be sorted by, for every entry type of a module (union). */
export function sortableFields(module: ModuleType): string[] {
  return [...new Set(entryTypesOf(module).flatMap((t) => t.fields.filter((x) => x.sortable).map((x) => x.key)))];
}

/** Fields a free-text filter (`q`) looks into. */
export function searchableFields(module: ModuleType): string[] {
  const textual = new Set(['text', 'select', 'location']);
  return [...new Set(entryTypesOf(module).flatMap((t) => t.fields.filter((x) => textual.has(x.type)).map((x) => x.key)))];
}
