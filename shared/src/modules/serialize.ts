// The registry as data (GET /api/registry): modules, entry types with their fields, units,
// options and CSV columns, factor sets with their classification and value keys, emission types
// with scope and category, and the reporting categories. Formulas stay code and are left out;
// field patterns travel as their source text. The web app bundles the registry itself and needs
// no fetch; other clients read this.
import { factorColumns, OPTIONAL_FACTOR_COLUMNS } from './csvColumns';
import type { CsvColumn, EntryTypeDef, FactorSetDef, FieldDef, OwnRowAction } from './fields';
import { CATEGORIES, GHG_SCOPES, UNITS, type CategoryDef, type EmissionTypeDef, type GhgScope } from './reporting';
import { DATA_ENTRY_TYPES, ENTRY_TYPES, FACTOR_SETS, factorSetsOf, factorSetsUsedBy, MODULE_TYPES, MODULES } from './registry';
import type { ModuleType } from './types';
import { UNCERTAINTY_CLASS_PCT, type UncertaintyClass } from './uncertainty';

export type FieldView = Omit<FieldDef, 'pattern'> & { pattern?: string };

export interface EntryTypeView {
  type: string;
  module: ModuleType;
  slug: string;
  i18nKey: string;
  fields: FieldView[];
  csvColumns: CsvColumn[];
  /** Its own factor set, then the others it reads. */
  factorSets: string[];
  emissionTypes: EmissionTypeDef[];
  ownerField: string;
  person?: EntryTypeDef['person'];
  traveler?: EntryTypeDef['traveler'];
  route?: EntryTypeDef['route'];
  datesOutsideYear: boolean;
  onePerPerson: boolean;
}

export interface FactorSetView {
  name: string;
  module: ModuleType;
  entryType?: string;
  i18nKey: string;
  keys: string[];
  values: string[];
  optionalValues: string[];
  options: Record<string, string[]>;
  /** Keys whose values must match a pattern (its source text) instead of a list. */
  patterns: Record<string, { pattern: string; hint: string }>;
  optional: boolean;
  /** The header of a factor file of the set. */
  columns: string[];
  /** The columns of `columns` a file may leave out (the uncertainty). */
  optionalColumns: string[];
  /** The default uncertainty class of its rows whose source states none, and its ± in %. */
  uncertaintyClass: UncertaintyClass;
  uncertaintyClassPct: number;
}

export interface RegistryView {
  scopes: GhgScope[];
  categories: CategoryDef[];
  units: string[];
  modules: { type: ModuleType; slug: string; i18nKey: string; entryTypes: string[]; ownRows: OwnRowAction[]; summary: 'emissions' | 'fte'; factorSets: string[] }[];
  entryTypes: EntryTypeView[];
  factorSets: FactorSetView[];
}

function fieldView(f: FieldDef): FieldView {
  const { pattern, ...rest } = f;
  return { ...rest, ...(pattern ? { pattern: pattern.source } : {}) };
}

function entryTypeView(t: EntryTypeDef): EntryTypeView {
  return {
    type: t.type,
    module: t.module,
    slug: t.slug,
    i18nKey: t.i18nKey,
    fields: t.fields.map(fieldView),
    csvColumns: [...t.csvColumns],
    factorSets: factorSetsUsedBy(t),
    emissionTypes: [...t.emissionTypes],
    ownerField: t.ownerField,
    ...(t.person ? { person: t.person } : {}),
    ...(t.traveler ? { traveler: t.traveler } : {}),
    ...(t.route ? { route: t.route } : {}),
    datesOutsideYear: t.datesOutsideYear === true,
    onePerPerson: t.onePerPerson === true,
  };
}

function factorSetView(s: FactorSetDef): FactorSetView {
  return {
    name: s.name,
    module: s.module,
    ...(s.entryType ? { entryType: s.entryType } : {}),
    i18nKey: s.i18nKey,
    keys: [...s.keys],
    values: [...s.values],
    optionalValues: [...(s.optionalValues ?? [])],
    options: Object.fromEntries(Object.entries(s.options).map(([k, v]) => [k, [...v]])),
    patterns: Object.fromEntries(Object.entries(s.patterns ?? {}).map(([k, v]) => [k, { pattern: v.pattern.source, hint: v.hint }])),
    optional: s.optional ?? false,
    columns: factorColumns(s),
    optionalColumns: [...OPTIONAL_FACTOR_COLUMNS],
    uncertaintyClass: s.uncertaintyClass,
    uncertaintyClassPct: UNCERTAINTY_CLASS_PCT[s.uncertaintyClass],
  };
}

/** The registry as plain JSON data, in registration order. */
export function serializeRegistry(): RegistryView {
  return {
    scopes: [...GHG_SCOPES],
    categories: CATEGORIES.map((c) => ({ ...c })),
    units: [...UNITS],
    modules: MODULE_TYPES.map((m) => {
      const d = MODULES[m];
      return { type: d.type, slug: d.slug, i18nKey: d.i18nKey, entryTypes: [...d.entryTypes], ownRows: [...d.ownRows], summary: d.summary, factorSets: factorSetsOf(m).map((s) => s.name) };
    }),
    entryTypes: DATA_ENTRY_TYPES.map((t) => entryTypeView(ENTRY_TYPES[t]!)),
    factorSets: Object.values(FACTOR_SETS).map(factorSetView),
  };
}
