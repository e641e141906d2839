// CSV templates generated from the shared registry: the header an entry file or a factor file of
// a data entry type must have (docs/operations.md, "Uploading CSV files" and "Uploading
// factors"). The BFF checks headers against the same registry.
import { entryColumns, factorColumns, type EntryTypeDef } from '@carbon/shared';
import { toCsv, type CsvCell } from './csv';
import type { FactorView } from '../api/sync';

/** An empty entry file: the header only, so that nothing is imported by mistake. */
export const entryTemplate = (entryType: EntryTypeDef, withUnitColumn: boolean): string => toCsv(entryColumns(entryType, withUnitColumn), []);

/** A factor file holding the given factors (none: the header only), ready to edit and upload. */
export function factorCsv(entryType: EntryTypeDef, factors: readonly FactorView[] = []): string {
  const rows = factors.map((f): CsvCell[] => [...entryType.factorKeys.map((k) => f.classification[k]), ...entryType.factorValueKeys.map((k) => f.values[k]), f.source]);
  return toCsv(factorColumns(entryType), rows);
}

export const templateFileName = (kind: 'entries' | 'factors', entryType: EntryTypeDef, year?: number): string =>
  [entryType.module, entryType.type, kind, year].filter((p) => p !== undefined).join('-') + '.csv';
