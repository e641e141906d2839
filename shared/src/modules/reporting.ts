// How emissions are reported: every emission carries a GHG Protocol scope and a reporting
// category, both declared in the registry for each emission type a formula can produce (never
// written by the formula itself). Also the units a quantity field may be given in. Adding a
// category or a unit is a line here plus its messages (`reporting.*` in web/src/i18n/).

/** GHG Protocol scopes: 1 direct emissions, 2 purchased energy, 3 every other indirect emission. */
export const GHG_SCOPES = [1, 2, 3] as const;
export type GhgScope = (typeof GHG_SCOPES)[number];

export interface CategoryDef {
  key: string;
  /** The scope every emission of this category belongs to. */
  scope: GhgScope;
  /** `reporting.categories.<key>`. */
  i18nKey: string;
}

const category = (key: string, scope: GhgScope): CategoryDef => ({ key, scope, i18nKey: `reporting.categories.${key}` });

/**
 * Reporting categories, in report order. Scope 1 and 2 follow the GHG Protocol's corporate
 * standard; scope 3 its fifteen categories, of which those a research unit's footprint needs.
 * Digital services are purchased services (`purchased_goods_services`).
 */
export const CATEGORIES: readonly CategoryDef[] = [
  // Scope 1: fuels burnt on site (heating), refrigerant leaks.
  category('stationary_combustion', 1),
  category('fugitive_emissions', 1),
  // Scope 2: electricity and district heat or cooling bought.
  category('purchased_electricity', 2),
  category('purchased_heat', 2),
  // Scope 3.
  category('purchased_goods_services', 3),
  category('capital_goods', 3),
  category('business_travel', 3),
  category('employee_commuting', 3),
  // Per-FTE factors (food, commuting… as estimated per person): what the headcount's members
  // weigh when no module measures it. Indirect, and not any one GHG category: their own line.
  category('per_fte_estimates', 3),
];

export function findCategory(key: string): CategoryDef | undefined {
  return CATEGORIES.find((c) => c.key === key);
}

/** One kind of emission an entry type's formula produces (`EmissionRow.emission_type`). */
export interface EmissionTypeDef {
  type: string;
  scope: GhgScope;
  /** A key of CATEGORIES, whose scope is `scope`. */
  category: string;
  /** When the entry's data picks the emission type (a fuel burnt on site is scope 1, district heat
   * bought is scope 2): the select field and the option values that make an entry of this type.
   * An entry type's emission types with `when` on one field cover each of its options once. */
  when?: { field: string; values: readonly string[] };
}

/** The emission type an entry's data makes, among those its entry type declares: the first whose
 * `when` names the value of its select field, else the first without `when`. Undefined when none
 * fits (a defect of the registry entry, which `registryProblems` reports). */
export function emissionTypeFor(emissionTypes: readonly EmissionTypeDef[], data: Readonly<Record<string, unknown>>): string | undefined {
  const picked = emissionTypes.find((e) => e.when?.values.includes(String(data[e.when.field])));
  return (picked ?? emissionTypes.find((e) => !e.when))?.type;
}

/** Units a quantity may be given in; `reporting.units.<unit>` names them. Conversions between
 * them are never constants of the code: each comes from a factor row (formulas/units.ts). */
export const UNITS = ['kwh', 'mwh', 'gj', 'm3', 'litre', 'kg', 'tonne', 'km', 'hour', 'item'] as const;
export type QuantityUnit = (typeof UNITS)[number];
