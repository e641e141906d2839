// Column names of the CSV files operators upload, beside the registry's own per-type columns:
// the web app writes templates with them and the BFF checks uploaded headers against them.
import type { EntryTypeDef, FactorSetShape } from './fields';

/** First column of an entry file sent without a unit: each row's unit (its institutional id). */
export const UNIT_COLUMN = 'unit_institutional_id';
/** Column of a factor file naming where its values come from. */
export const FACTOR_SOURCE_COLUMN = 'source';

/** The columns of an entry file of a type, with the unit column first for an all-units file. */
export function entryColumns(entryType: EntryTypeDef, withUnitColumn: boolean): string[] {
  return [...(withUnitColumn ? [UNIT_COLUMN] : []), ...entryType.csvColumns.map((c) => c.column)];
}

/** The columns of a factor file of a set: classification keys, value columns (required, then
 * those a row may leave empty), source. */
export function factorColumns(set: FactorSetShape): string[] {
  return [...set.keys, ...factorValueColumns(set), FACTOR_SOURCE_COLUMN];
}

/** The value columns of a factor file of a set: required, then those a row may leave empty. */
export function factorValueColumns(set: FactorSetShape): string[] {
  return [...set.values, ...(set.optionalValues ?? [])];
}
