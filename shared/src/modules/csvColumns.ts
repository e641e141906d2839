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

/** CSV columns named like the fields they fill. */
export const sameNameColumns = (...fields: string[]): CsvColumn[] => fields.map((field) => ({ column: field, field }));

/** The columns of an entry file of a type, with the unit column first for an all-units file. */
export function entryColumns(entryType: EntryTypeDef, withUnitColumn: boolean): string[] {
  return [...(withUnitColumn ? [UNIT_COLUMN] : []), ...entryType.csvColumns.map((c) => c.column)];
}

/** The columns of a factor file of a set: classification keys, value columns (required, then
 * those a row may leave empty), the uncertainty, source (what templates and exports write). */
export function factorColumns(set: FactorSetShape): string[] {
  return [...set.keys, ...factorValueColumns(set), FACTOR_UNCERTAINTY_COLUMN, FACTOR_SOURCE_COLUMN];
}

/** The columns a factor file of a set must have: all but the uncertainty. */
export function requiredFactorColumns(set: FactorSetShape): string[] {
  return factorColumns(set).filter((c) => c !== FACTOR_UNCERTAINTY_COLUMN);
}

/** The value columns of a factor file of a set: required, then those a row may leave empty. */
export function factorValueColumns(set: FactorSetShape): string[] {
  return [...set.values, ...(set.optionalValues ?? [])];
}
