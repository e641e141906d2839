// The catalogue: every module's light descriptor (its folder's module.ts), without entry types or
// formulas. Screens that only list modules (the unit home, permissions) import this file, so that
// their first load does not carry every entry type and formula; the registry (registry.ts) adds
// the entry types of each module listed here.
import { buildingsModule } from './buildings/module';
import { commutingModule } from './commuting/module';
import { digitalServicesModule } from './digitalServices/module';
import { equipmentModule } from './equipment/module';
import type { ModuleDef } from './fields';
import { headcountModule } from './headcount/module';
import { professionalTravelModule } from './professionalTravel/module';
import { purchasesModule } from './purchases/module';

/** The service's modules, in registration order (the order of tabs, cards and lists). Adding a
 * module: one line here, its folder beside this file (docs/architecture.md). */
const MODULE_LIST = [
  headcountModule,
  professionalTravelModule,
  buildingsModule,
  equipmentModule,
  purchasesModule,
  digitalServicesModule,
  commutingModule,
] as const;

export type ModuleType = (typeof MODULE_LIST)[number]['type'];

/** Module types in registration order. A test may add a throwaway module (registry.ts). */
export const MODULE_TYPES: readonly ModuleType[] = MODULE_LIST.map((m) => m.type);
export const MODULES = Object.fromEntries(MODULE_LIST.map((m) => [m.type, m])) as Record<ModuleType, ModuleDef>;

/** The catalogue's own modules: the registry gives each its entry types. */
export const CATALOGUE: readonly ModuleDef[] = MODULE_LIST;

/** Why a module cannot join the catalogue (its type or slug is taken), or null. */
export function catalogueClash(module: ModuleDef): string | null {
  return MODULE_TYPES.includes(module.type) || Object.values(MODULES).some((m) => m.slug === module.slug) ? `module ${module.type} (or its slug ${module.slug}) is already registered` : null;
}

/** Adds a module the catalogue does not list (a test's throwaway one: registry.ts's registerModule). */
export function addToCatalogue(module: ModuleDef): void {
  const clash = catalogueClash(module);
  if (clash) throw new Error(clash);
  (MODULE_TYPES as ModuleType[]).push(module.type);
  MODULES[module.type] = module;
}

export function isModuleType(value: string): value is ModuleType {
  return (MODULE_TYPES as readonly string[]).includes(value);
}

/** A module by its type (`professional_travel`) or its URL slug (`professional-travel`). */
export function findModule(typeOrSlug: string): ModuleDef | undefined {
  return MODULE_TYPES.map((m) => MODULES[m]).find((m) => m.type === typeOrSlug || m.slug === typeOrSlug);
}
