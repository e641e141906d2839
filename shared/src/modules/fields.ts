// The declarative description of a data entry type. One descriptor drives BFF validation (zod
// schemas derived in schemas.ts), CSV parsing and the web forms and tables.
import type { EmissionTypeDef, GhgScope } from './reporting';
import type { ModuleType } from './types';
import type { UncertaintyClass } from './uncertainty';

export const FIELD_TYPES = ['text', 'number', 'integer', 'select', 'unit', 'date', 'boolean', 'location', 'headcount-member-select'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const LOCATION_KINDS = ['airport', 'place'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

export interface FieldDef {
  key: string;
  type: FieldType;
  /** i18n message key of the label: `modules.<module>.fields.<key>`. */
  i18nKey: string;
  /** The form requires it; the API too, unless `apiOptional` or a `default` fills it. */
  required?: boolean;
  /** The API accepts it absent or null although the form requires it (e.g. `traveler_id`, for API clients older than the link). */
  apiOptional?: boolean;
  /** Not a form input: shown in the table; the server fills or overwrites it. */
  readOnly?: boolean;
  /** Bounds: value for number/integer, length for text. */
  min?: number;
  max?: number;
  /** For number/integer: `min` itself is refused (an amount paid must be more than 0). */
  minExclusive?: boolean;
  pattern?: RegExp;
  patternHint?: string;
  options?: readonly string[];
  default?: string | number | boolean;
  /** For `location`: what it names, and for places the field that carries its ISO country. */
  location?: { kind: LocationKind; countryField?: string };
  /** For a `unit` field (validated like a select): the units allowed (of `UNITS`), the unit the
   * formula computes in, and the factor set whose rows hold the conversions to it
   * (`<base>_per_<unit>` values, formulas/units.ts); the entry type's own set when not named.
   * `byOption`: the units that make sense depend on a select field (gas in m³, oil in litres):
   * for each of its options, the units of `allowed` an entry with that option may use. */
  units?: { allowed: readonly string[]; base: string; set?: string; byOption?: { field: string; allowed: Readonly<Record<string, readonly string[]>> } };
  /** For a `number` field holding a quantity: the `unit` field naming its unit. */
  unitField?: string;
  /** For a `text` field whose value picks a factor row (a grid country): the form offers the
   * values of classification `key` among the entry type's own factor rows of the report year,
   * only those of rows whose `match` keys equal the entry's fields of the same names. The server
   * takes any value: one without a row is stored with no figure. `set`: read another set the
   * entry type uses instead of its own (an equipment's grid country among the electricity rows);
   * `where`: only rows whose classification has these values (grid mixes, not contracts).
   * `anyCountryWhen`: the value is a country code (ISO 3166) while the entry's fields hold these
   * values (always when empty), and the form also takes a code it does not offer: a grid without
   * a row of its own reads the world average. */
  factorChoices?: { key: string; match?: readonly string[]; set?: string; where?: Readonly<Record<string, string>>; anyCountryWhen?: Readonly<Record<string, string>> };
  /** The entry must give this field whenever it gives any of the fields named (a power needs its
   * hours, and hours their power). */
  requiredWith?: readonly string[];
  /** The entry must give this field unless it gives every field of `given` — and, with `when`,
   * holds one of `when.values` in the select field `when.field`, the options for which those
   * fields can stand in for it (a trip's distance, unless its two places are given for a mode
   * whose distance they give). */
  requiredUnless?: { given: readonly string[]; when?: { field: string; values: readonly string[] } };
  /** For a number field: its value may not exceed that of the field named (the days by a second
   * mode are some of the days on site). */
  notAbove?: string;
  /** For an integer field holding a year: it may not come after the year of the entry's report
   * (a device acquired later is not part of that year's footprint). */
  notAfterReportYear?: boolean;
  sortable?: boolean;
  inlineEditable?: boolean;
  /** For an integer field: a calendar year (a device's acquisition year), shown as written, never
   * with digit groups like an amount ("2 023"). */
  calendarYear?: boolean;
}

/** The field of a row linked to a person (`traveler.idField`) that holds the person number. One
 * key for every linked entry type, so that one partial index on it serves every standard user's
 * list of their own rows (migration 0009), whatever the entry type. */
export const PERSON_LINK_KEY = 'traveler_id';

/** A CSV column and the field it fills. */
export interface CsvColumn {
  column: string;
  field: string;
}

/** Stored `data` of an entry: field key → value. */
export type EntryData = Record<string, unknown>;

export interface ResolvedLocation {
  id: number;
  kind: LocationKind;
  code: string;
  name: string;
  country_code: string;
  lat: number;
  lon: number;
}

export interface FactorRow {
  id: number;
  classification: Record<string, string>;
  values: Record<string, number>;
}

/** One row of `data_entry_emissions`, before it has an id. */
export interface EmissionRow {
  emission_type: string;
  /** null when no factor applies (the entry is kept; an operator must supply the factor). */
  kg_co2eq: number | null;
  /** What the figure is computed from (km, FTE, kWh…); null when it cannot be known (a unit the
   * factor row has no conversion for). */
  quantity: number | null;
  quantity_unit: string;
  factor_id: number | null;
  /** What was used: distances, band or country, factor values. */
  meta: Record<string, unknown>;
}

/** An emission as stored: the formula's row with the scope and category its registry entry
 * declares for its emission type. */
export type ReportedEmission = EmissionRow & { scope: GhgScope; category: string };

/** Factor rows of the report year by factor set name. */
export type FactorSets = Readonly<Record<string, readonly FactorRow[]>>;

export interface EmissionInput {
  data: EntryData;
  /** The year of the report the entry is stored in (a purchase spread over its lifetime counts
   * in some years only). */
  year: number;
  /** Resolved locations by field key. */
  locations: Record<string, ResolvedLocation>;
  /** Every factor of this entry type's own set for the report year. */
  factors: readonly FactorRow[];
  /** Every factor of each set the entry type uses (its own and `usesFactorSets`), by set name. */
  factorSets: FactorSets;
}

/**
 * What the rows of a factor set look like. A factor file of the set has its classification keys,
 * its value columns and `source`; rows are stored in `factors` under the set's name.
 */
export interface FactorSetShape {
  /** Classification keys: the columns that pick a row. */
  keys: readonly string[];
  /** Value columns every row must fill: the numbers the formulas read. */
  values: readonly string[];
  /** Value columns a row may leave empty (a fuel's `kwh_per_litre`: only where it applies). */
  optionalValues?: readonly string[];
  /** Allowed values of classification keys. An entry type's own set also takes the options of its
   * select fields named like a key; other keys are free text. */
  options?: Readonly<Record<string, readonly string[]>>;
  /** The form of classification keys whose values are open but not free (a country code), with
   * what a file is told when a value is not of it. */
  patterns?: Readonly<Record<string, { pattern: RegExp; hint: string }>>;
  /** Empty by design: no published value fits every unit (members' per-FTE factors), so the
   * factor library need not hold a row of it. While the year has none, nothing is configured:
   * the entries add 0 kg marked `not_configured`, not counted as without a factor
   * (notConfigured.ts). */
  optional?: boolean;
  /** What the factor library must cover for this set (shared/src/modules/factorLibrary.ts): keys
   * fixed to one value (an electricity mix is location-based), the key holding a country (every
   * listed country and the world average) and the key holding the year itself (a price index);
   * every other key, all its options. */
  coverage?: { fixed?: Readonly<Record<string, string>>; countryKey?: string; yearKey?: string };
  /** The ± the results take for a row of this set whose source states none: a class of
   * `UNCERTAINTY_CLASS_PCT`, chosen for the family of factors the set holds (docs/formulas.md,
   * "Uncertainty of the results", gives each set's reason). A stated `uncertainty_pct` wins. */
  uncertaintyClass: UncertaintyClass;
}

/** A factor set that is not an entry type's own (exchange rates): declared by a module, whose
 * factor routes and back-office page list it. */
export interface ModuleFactorSetDef extends FactorSetShape {
  name: string;
  /** `modules.<module>.factorSets.<name>`. */
  i18nKey: string;
}

/** Any factor set, resolved: an entry type's own (named after the type) or a module's. */
export interface FactorSetDef extends ModuleFactorSetDef {
  module: ModuleType;
  /** The entry type whose own set this is, if any. */
  entryType?: string;
  options: Readonly<Record<string, readonly string[]>>;
}

export interface EntryTypeDef {
  type: string;
  module: ModuleType;
  /** URL segment under the module: /modules/{unit}/{year}/{module}/{slug}. */
  slug: string;
  i18nKey: string;
  fields: readonly FieldDef[];
  csvColumns: readonly CsvColumn[];
  /** The entry type's own factor set, stored under the type's name. */
  factorSet: FactorSetShape;
  /** Other factor sets the formula reads, by name: another entry type's (an equipment's use phase
   * reads the electricity set) or a module's (exchange rates). Uploading one recalculates this type. */
  usesFactorSets?: readonly string[];
  /** Every emission type the formula can produce, with its scope and reporting category. */
  emissionTypes: readonly EmissionTypeDef[];
  /** Field holding the person number of the row's owner (standard users see only their own). */
  ownerField: string;
  /** Rows of this type are the unit's people (the headcount's members): the field holding the
   * person number, unique within a module, and the field holding the name. Links read them.
   * `fteField` (a number field) holds the person's FTE and `categoryField` (an optional select
   * field) their position category: the results' ratios per person and per position read them. */
  person?: { numberField: string; nameField: string; fteField: string; categoryField?: string };
  /** The link of a row to its person (a trip to its traveler): the module and entry type that
   * list the people (a type with `person`), the field holding the person number, and the field
   * the person's name is copied into. */
  traveler?: { module: ModuleType; entryType: string; idField: string; nameField: string };
  /** At most one row per person (`traveler.idField`) in a module, i.e. per unit and year: a
   * survey's response, which the extrapolation counts once. A second is refused (Path 1: 422, a
   * file: a row error); rows naming nobody (anonymous responses) are not concerned. The database
   * guards it with a unique index that names the type (migration 0018): a new such type needs a
   * migration adding it. */
  onePerPerson?: boolean;
  /** Two location fields that must not name the same place. */
  route?: { from: string; to: string };
  /** Its date fields may hold dates outside the report's year (a purchase paid the year before
   * it is used, say). Absent: every date must fall within the year of the report it is stored in. */
  datesOutsideYear?: boolean;
  /** Its rows last from one year to the next (the headcount, a building's supplies, devices): a new
   * year's report may start from the year before's, copied on request. Absent for rows of one year
   * only (trips, purchases, survey responses), which are never copied. `keeps` says whether a row
   * still belongs to `toYear` (a device within its lifetime), given its set's rows of that year. */
  carryForward?: { keeps?: (row: { data: EntryData; toYear: number; factors: readonly FactorRow[] }) => boolean };
  computeEmissions: (input: EmissionInput) => EmissionRow[];
}

/** What a standard user (a member of the unit) may do with a module's rows that carry their own
 * person number. */
export type OwnRowAction = 'view' | 'edit';

/** A module's light descriptor (its folder's module.ts). `T` narrows `type` in the descriptor's own
 * file, so that ModuleType can be derived from the catalogue's list. */
export interface ModuleDef<T extends string = ModuleType> {
  type: T;
  /** URL segment: /modules/{unit}/{year}/{slug}. */
  slug: string;
  i18nKey: string;
  entryTypes: readonly string[];
  /** A standard user's rights on their own rows of this module; empty: the module is not theirs. */
  ownRows: readonly OwnRowAction[];
  /** The figure the module is summed up by (its card on the unit home): its emissions, or, for
   * the module whose entries are the unit's people, their FTE (the quantity its formula gives),
   * which the report's per-FTE figures divide by. */
  summary: 'emissions' | 'fte';
  /** Factor sets of the module that are no entry type's own (exchange rates, uploaded like any). */
  factorSets?: readonly ModuleFactorSetDef[];
  /** Its rows are a survey's responses: its total is the respondents' emissions extrapolated to
   * the unit's FTE (or head count), wherever a total is shown. */
  extrapolated?: boolean;
}

/** The units a unit field allows for an entry's data: those of its `byOption` list for the value
 * of the select field it depends on, else all it allows. (Here rather than in
 * schemas.ts: pages that word fields need it without zod.) */
export function unitsFor(f: FieldDef, data: Readonly<Record<string, unknown>>): readonly string[] {
  const by = f.units?.byOption;
  const option = by ? data[by.field] : undefined;
  return (by && typeof option === 'string' && by.allowed[option]) || f.units?.allowed || [];
}
