// CSV templates generated from the shared registry: the header an entry file of a data entry
// type, or a factor file of a factor set, must have (docs/operations.md, "Uploading CSV files"
// and "Uploading factors"). The BFF checks headers against the same registry.
import { entryColumns, factorColumns, factorValueColumns, type EntryTypeDef, type FactorSetDef } from '@carbon/shared';
import { toCsv, type CsvCell } from './csv';
import type { FactorView } from '../api/sync';

/** An empty entry file: the header only, so that nothing is imported by mistake. */
export const entryTemplate = (entryType: EntryTypeDef, withUnitColumn: boolean): string => toCsv(entryColumns(entryType, withUnitColumn), []);

/** A factor file holding the given factors (none: the header only), ready to edit and upload;
 * a value a factor does not have (an optional conversion, an uncertainty) is an empty cell. */
export function factorCsv(set: FactorSetDef, factors: readonly FactorView[] = []): string {
  const rows = factors.map((f): CsvCell[] => [...set.keys.map((k) => f.classification[k]), ...factorValueColumns(set).map((k) => f.values[k]), f.uncertainty_pct, f.edition, f.boundary, f.source]);
  return toCsv(factorColumns(set), rows);
}

/** `<module>-<entry type or factor set>-<kind>[-<year>].csv` */
export const templateFileName = (kind: 'entries' | 'factors', of: EntryTypeDef | FactorSetDef, year?: number): string =>
  [of.module, 'type' in of ? of.type : of.name, kind, year].filter((p) => p !== undefined).join('-') + '.csv';
