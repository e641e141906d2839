// The registry: every module and data entry type the service knows. Routes, validation, CSV
// parsing, permissions, demo data and the web pages look things up here; nothing else in the
// code names a module or an entry type. The modules themselves (light descriptors, their order)
// are the catalogue's (catalogue.ts); this file adds their entry types, each module's from its
// folder (`<module>/entryTypes.ts`). Adding a module: docs/architecture.md.
import { addToCatalogue, CATALOGUE, catalogueClash, MODULES } from './catalogue';
import type { EmissionRow, EntryTypeDef, FactorSetDef, FieldDef, ModuleDef, ReportedEmission } from './fields';
import { entryTypes as buildings } from './buildings/entryTypes';
import { entryTypes as commuting } from './commuting/entryTypes';
import { entryTypes as digitalServices } from './digitalServices/entryTypes';
import { entryTypes as equipment } from './equipment/entryTypes';
import { entryTypes as headcount } from './headcount/entryTypes';
import { entryTypes as professionalTravel } from './professionalTravel/entryTypes';
import { entryTypes as purchases } from './purchases/entryTypes';
import type { ModuleType } from './types';

export { findModule, isModuleType, MODULE_TYPES, MODULES } from './catalogue';

/** Each catalogued module's entry types. Typed by ModuleType: a module added to the catalogue
 * without its entry types here does not compile. */
const ENTRY_TYPES_OF: { readonly [M in ModuleType]: readonly EntryTypeDef[] } = {
  headcount,
  professional_travel: professionalTravel,
  buildings,
  equipment,
  purchases,
  digital_services: digitalServices,
  commuting,
};

export const ENTRY_TYPES: Record<string, EntryTypeDef> = {};
/** Entry types of every module, in registration order. */
export const DATA_ENTRY_TYPES: readonly string[] = [];
/** Factor sets by name: each entry type's own (named after the type), then each module's others.
 * The name is what `factors.data_entry_type` holds. */
export const FACTOR_SETS: Record<string, FactorSetDef> = {};

/**
 * Adds a module the catalogue does not list, and its entry types (in the order
 * `module.entryTypes` names them). A test may register a throwaway module this way, before the
 * code under test is loaded, to show that the generic code serves it.
 */
export function registerModule(module: ModuleDef, entryTypes: readonly EntryTypeDef[]): void {
  const clash = catalogueClash(module);
  if (clash) throw new Error(clash);
  const sets = checkedSets(module, entryTypes);
  addToCatalogue(module);
  addEntryTypes(entryTypes, sets);
}

/** The module's factor sets, after checking its entry types fit it and the registry. */
function checkedSets(module: ModuleDef, entryTypes: readonly EntryTypeDef[]): FactorSetDef[] {
  const named = entryTypes.map((t) => t.type);
  if (named.join() !== module.entryTypes.join()) throw new Error(`module ${module.type} names entry types ${module.entryTypes.join(', ')}, got ${named.join(', ')}`);
  for (const t of entryTypes) {
    if (ENTRY_TYPES[t.type]) throw new Error(`entry type ${t.type} is already registered`);
    if (t.module !== module.type) throw new Error(`entry type ${t.type} belongs to ${t.module}, not ${module.type}`);
  }
  const sets = [...entryTypes.map(ownFactorSet), ...(module.factorSets ?? []).map((s) => ({ ...s, module: module.type, options: s.options ?? {} }))];
  for (const s of sets) {
    if (FACTOR_SETS[s.name] || sets.filter((x) => x.name === s.name).length > 1) throw new Error(`factor set ${s.name} is already registered`);
  }
  return sets;
}

function addEntryTypes(entryTypes: readonly EntryTypeDef[], sets: readonly FactorSetDef[]): void {
  for (const t of entryTypes) {
    ENTRY_TYPES[t.type] = t;
    (DATA_ENTRY_TYPES as string[]).push(t.type);
  }
  for (const s of sets) FACTOR_SETS[s.name] = s;
}

/** An entry type's own factor set: named and labelled after the type; its classification keys
 * named like a select field take that field's options. */
function ownFactorSet(t: EntryTypeDef): FactorSetDef {
  const options: Record<string, readonly string[]> = {};
  for (const key of t.factorSet.keys) {
    const f = t.fields.find((x) => x.key === key);
    if (f?.type === 'select' && f.options) options[key] = f.options;
  }
  return { ...t.factorSet, name: t.type, module: t.module, i18nKey: t.i18nKey, entryType: t.type, options: { ...options, ...t.factorSet.options } };
}

for (const module of CATALOGUE) {
  const types = ENTRY_TYPES_OF[module.type];
  addEntryTypes(types, checkedSets(module, types));
}

/** An entry type of a module by its type or slug; undefined when the module has no such type. */
export function findEntryType(module: ModuleType, typeOrSlug: string): EntryTypeDef | undefined {
  // Within the module: another module's type may be named like this one's slug.
  return (MODULES[module] ? entryTypesOf(module) : []).find((e) => e.type === typeOrSlug || e.slug === typeOrSlug);
}

export function entryTypesOf(module: ModuleType): EntryTypeDef[] {
  return MODULES[module].entryTypes.map((t) => ENTRY_TYPES[t]!);
}

export function fieldOf(entryType: EntryTypeDef, key: string): FieldDef | undefined {
  return entryType.fields.find((x) => x.key === key);
}

/** The entry type listing the unit's people (the headcount's members), which every person link
 * (`traveler`) points at and the member list lists. */
export function peopleEntryType(): EntryTypeDef & { person: NonNullable<EntryTypeDef['person']> } {
  const t = Object.values(ENTRY_TYPES).find((x) => x.person);
  if (!t?.person) throw new Error('the registry has no entry type listing people');
  return t as EntryTypeDef & { person: NonNullable<EntryTypeDef['person']> };
}

/** The entry types whose rows belong to a person of the people's entry type (trips, by their
 * traveler), in registration order. */
export function personLinkedEntryTypes(): EntryTypeDef[] {
  const people = peopleEntryType().type;
  return DATA_ENTRY_TYPES.map((t) => ENTRY_TYPES[t]!).filter((t) => t.traveler?.entryType === people);
}

/** The key under which a linked row keeps its person's number: the same for every linked entry
 * type (registryProblems checks it), the people's own number field when none is registered. */
export function personLinkKey(): string {
  return personLinkedEntryTypes()[0]?.traveler?.idField ?? peopleEntryType().person.numberField;
}

/** The people's position category field (a select), if the registry gives them one. */
export function positionCategoryField(): FieldDef | undefined {
  const people = peopleEntryType();
  return people.person.categoryField ? fieldOf(people, people.person.categoryField) : undefined;
}

/** The member list's path under /modules/{unit}/{year}/: the people's module, then `members`. */
export const membersSegment = (): string => `${MODULES[peopleEntryType().module].slug}/members`;

/** Fields a list may be sorted by, for every entry type of a module (union). */
export function sortableFields(module: ModuleType): string[] {
  return [...new Set(entryTypesOf(module).flatMap((t) => t.fields.filter((x) => x.sortable).map((x) => x.key)))];
}

/** Fields a free-text filter (`q`) looks into. */
export function searchableFields(module: ModuleType): string[] {
  const textual = new Set(['text', 'select', 'unit', 'location']);
  return [...new Set(entryTypesOf(module).flatMap((t) => t.fields.filter((x) => textual.has(x.type)).map((x) => x.key)))];
}

/** The factor sets an entry type's formula reads: its own first, then those it names. */
export function factorSetsUsedBy(entryType: EntryTypeDef): string[] {
  return [entryType.type, ...(entryType.usesFactorSets ?? [])];
}

/** The entry types whose emissions depend on a factor set (the ones to recalculate after it
 * changed), in registration order. */
export function entryTypesUsingSet(setName: string): EntryTypeDef[] {
  return DATA_ENTRY_TYPES.map((t) => ENTRY_TYPES[t]!).filter((t) => factorSetsUsedBy(t).includes(setName));
}

/** The factor sets listed under a module: its entry types' own, then its others. */
export function factorSetsOf(module: ModuleType): FactorSetDef[] {
  return Object.values(FACTOR_SETS).filter((s) => s.module === module);
}

/** A factor set of a module by its name, or by the type or slug of the entry type it belongs to. */
export function findFactorSet(module: ModuleType, nameOrSlug: string): FactorSetDef | undefined {
  const own = findEntryType(module, nameOrSlug);
  const set = FACTOR_SETS[own ? own.type : nameOrSlug];
  return set && set.module === module ? set : undefined;
}

/** A formula's rows with the scope and category the registry declares for their emission types.
 * A row of an undeclared type is a defect of the formula or of its registry entry. */
export function reportEmissions(entryType: EntryTypeDef, rows: readonly EmissionRow[]): ReportedEmission[] {
  return rows.map((row) => {
    const declared = entryType.emissionTypes.find((e) => e.type === row.emission_type);
    if (!declared) throw new Error(`entry type ${entryType.type}: its formula produced emission type ${row.emission_type}, which its registry entry does not declare`);
    return { ...row, scope: declared.scope, category: declared.category };
  });
}
