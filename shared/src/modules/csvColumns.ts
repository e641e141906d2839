// Column names of the CSV files operators upload, beside the registry's own per-type columns:
// the web app writes templates with them and the BFF checks uploaded headers against them.
import type { CsvColumn, EntryTypeDef, FactorSetShape } from './fields';

/** First column of an entry file sent without a unit: each row's unit (its institutional id). */
export const UNIT_COLUMN = 'unit_institutional_id';
/** Column of a factor file naming where its values come from. */
export const FACTOR_SOURCE_COLUMN = 'source';
/** Column of a factor file with the ± uncertainty its source states, in % of the value. Every set
 * has it and no file needs it: a blank cell, or a file without the column, means none published. */
export const FACTOR_UNCERTAINTY_COLUMN = 'uncertainty_pct';
/** Column of a factor file with the year of the source's edition (DESNZ 2024 → 2024): a report
 * of another year says which edition it used. Optional, like the next one. */
export const FACTOR_EDITION_COLUMN = 'edition';
/** Column of a factor file saying what the value counts (FACTOR_BOUNDARIES). */
export const FACTOR_BOUNDARY_COLUMN = 'boundary';
/** What a factor's value counts: the direct emissions of burning or using only (`combustion`);
 * also the production and delivery of the fuel or energy (`with_upstream`); also the manufacture
 * of the vehicle, plant or infrastructure (`life_cycle`). Blank where it does not apply (a GWP,
 * an exchange rate, a power). */
export const FACTOR_BOUNDARIES = ['combustion', 'with_upstream', 'life_cycle'] as const;
export type FactorBoundary = (typeof FACTOR_BOUNDARIES)[number];
/** The columns every factor file may leave out. */
export const OPTIONAL_FACTOR_COLUMNS = [FACTOR_UNCERTAINTY_COLUMN, FACTOR_EDITION_COLUMN, FACTOR_BOUNDARY_COLUMN] as const;

/** CSV columns named like the fields they fill. */
export const sameNameColumns = (...fields: string[]): CsvColumn[] => fields.map((field) => ({ column: field, field }));

/** The columns of an entry file of a type, with the unit column first for an all-units file. */
export function entryColumns(entryType: EntryTypeDef, withUnitColumn: boolean): string[] {
  return [...(withUnitColumn ? [UNIT_COLUMN] : []), ...entryType.csvColumns.map((c) => c.column)];
}

/** The columns of a factor file of a set: classification keys, value columns (required, then
 * those a row may leave empty), the uncertainty, edition and boundary, source (what templates,
 * exports and the shipped factor library write). */
export function factorColumns(set: FactorSetShape): string[] {
  return [...set.keys, ...factorValueColumns(set), ...OPTIONAL_FACTOR_COLUMNS, FACTOR_SOURCE_COLUMN];
}

/** The columns a factor file of a set must have: all but the optional ones. */
export function requiredFactorColumns(set: FactorSetShape): string[] {
  return factorColumns(set).filter((c) => !(OPTIONAL_FACTOR_COLUMNS as readonly string[]).includes(c));
}

/** The value columns of a factor file of a set: required, then those a row may leave empty. */
export function factorValueColumns(set: FactorSetShape): string[] {
  return [...set.values, ...(set.optionalValues ?? [])];
}
