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

/** Where a trip finds its traveler: the entries of type `entryType` in the `module` of the trip's
 * own unit and year, by `personNumberField`; `nameField` is the name the trip stores. */
export interface TravelerSource {
  module: ModuleType;
  entryType: string;
  personNumberField: string;
  nameField: string;
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
  /** The headcount link of travel entries: the person number field, the name stored with it, and
   * the member list where the person number is looked up. */
  traveler?: { idField: string; nameField: string; members: TravelerSource };
  /** Two location fields that must not name the same place. */
  route?: { from: string; to: string };
  computeEmissions: (input: EmissionInput) => EmissionRow[];
}

export interface ModuleDef {
  type: ModuleType;
  /** URL segment: /modules/{unit}/{year}/{slug}. */
  slug: string;
  i18nKey: string;
  entryTypes: readonly string[];
}
