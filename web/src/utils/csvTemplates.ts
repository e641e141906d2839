// CSV templates generated from the shared registry: the header an entry file or a factor file of
// a data entry type must have (docs/operations.md, "Uploading CSV files" and "Uploading
// factors"). The BFF checks headers against the same registry.
import type { EntryTypeDef } from '@carbon/shared';
import { toCsv, type CsvCell } from './csv';
import type { FactorView } from '../api/sync';

/** First column of a file sent without a unit: each row's unit (BFF csvIngest UNIT_COLUMN). */
export const UNIT_COLUMN = 'unit_institutional_id';
/** Column of a factor file naming where its values come from (BFF factorIngest). */
export const FACTOR_SOURCE_COLUMN = 'source';

export function entryColumns(entryType: EntryTypeDef, withUnitColumn: boolean): string[] {
  return [...(withUnitColumn ? [UNIT_COLUMN] : []), ...entryType.csvColumns.map((c) => c.column)];
}

export function factorColumns(entryType: EntryTypeDef): string[] {
  return [...entryType.factorKeys, ...entryType.factorValueKeys, FACTOR_SOURCE_COLUMN];
}

/** An empty entry file: the header only, so that nothing is imported by mistake. */
export const entryTemplate = (entryType: EntryTypeDef, withUnitColumn: boolean): string => toCsv(entryColumns(entryType, withUnitColumn), []);

/** A factor file holding the given factors (none: the header only), ready to edit and upload. */
export function factorCsv(entryType: EntryTypeDef, factors: readonly FactorView[] = []): string {
  const rows = factors.map((f): CsvCell[] => [...entryType.factorKeys.map((k) => f.classification[k]), ...entryType.factorValueKeys.map((k) => f.values[k]), f.source]);
  return toCsv(factorColumns(entryType), rows);
}

export const templateFileName = (kind: 'entries' | 'factors', entryType: EntryTypeDef, year?: number): string =>
  [entryType.module, entryType.type, kind, year].filter((p) => p !== undefined).join('-') + '.csv';
