// Module types known to the service. The full registry (entry types, fields, CSV columns,
// factor keys) lives beside this file; adding a module starts by adding its type here.
export const MODULE_TYPES = ['headcount', 'professional_travel'] as const;
export type ModuleType = (typeof MODULE_TYPES)[number];

export function isModuleType(value: string): value is ModuleType {
  return (MODULE_TYPES as readonly string[]).includes(value);
}
