// The declarative description of a data entry type. One descriptor drives BFF validation (zod
// schemas derived in schemas.ts), CSV parsing and the web forms and tables.
import type { ModuleType } from './types';

export const FIELD_TYPES = ['text', 'number', 'integer', 'select', 'date', 'boolean', 'location', 'headcount-member-select'] as const;
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
  /** The API accepts it absent or null although the form requires it (spec: `traveler_id`). */
  apiOptional?: boolean;
  /** Not a form input: shown in the table; the server fills or overwrites it. */
  readOnly?: boolean;
  /** Bounds: value for number/integer, length for text. */
  min?: number;
  max?: number;
  pattern?: RegExp;
  patternHint?: string;
  options?: readonly string[];
  default?: string | number | boolean;
  /** For `location`: what it names, and for places the field that carries its ISO country. */
  location?: { kind: LocationKind; countryField?: string };
  sortable?: boolean;
  inlineEditable?: boolean;
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
  quantity: number;
  quantity_unit: string;
  factor_id: number | null;
  /** What was used: distances, band or country, factor values. */
  meta: Record<string, unknown>;
}

export interface EmissionInput {
  data: EntryData;
  /** Resolved locations by field key. */
  locations: Record<string, ResolvedLocation>;
  /** Every factor of this entry type for the report year. */
  factors: readonly FactorRow[];
}

export interface EntryTypeDef {
  type: string;
  module: ModuleType;
  /** URL segment under the module: /modules/{unit}/{year}/{module}/{slug}. */
  slug: string;
  i18nKey: string;
  fields: readonly FieldDef[];
  csvColumns: readonly CsvColumn[];
  /** Keys of the factor classification for this type. */
  factorKeys: readonly string[];
  /** Keys of a factor's values that the formula reads (the value columns of a factor file). */
  factorValueKeys: readonly string[];
  /** Field holding the person number of the row's owner (standard users see only their own). */
  ownerField: string;
  /** Rows of this type are the unit's people (the headcount's members): the field holding the
   * person number, unique within a module, and the field holding the name. Links read them. */
  person?: { numberField: string; nameField: string };
  /** The link of a row to its person (a trip to its traveler): the module and entry type that
   * list the people (a type with `person`), the field holding the person number, and the field
   * the person's name is copied into. */
  traveler?: { module: ModuleType; entryType: string; idField: string; nameField: string };
  /** The formula gives a figure without any factor (members weigh 0 kg until per-FTE factors are
   * uploaded): the default factor file need not hold one for this type. */
  factorsOptional?: boolean;
  /** Two location fields that must not name the same place. */
  route?: { from: string; to: string };
  computeEmissions: (input: EmissionInput) => EmissionRow[];
}

/** What a standard user (a member of the unit) may do with a module's rows that carry their own
 * person number. */
export type OwnRowAction = 'view' | 'edit';

export interface ModuleDef {
  type: ModuleType;
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
}
