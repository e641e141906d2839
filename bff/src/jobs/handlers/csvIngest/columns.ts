// The header of an entry CSV, checked against the registry's CSV columns, and the conversion of
// one record into the payload that Path 1's schema validates (the same createSchema).
import { entryColumns, requiredOnCreate, UNIT_COLUMN, type Coded, type EntryTypeDef, type FieldDef } from '@carbon/shared';
import type { DecimalColumns } from './decimals';
import { wrongHeader } from '../../csv/headerWrong';

export { UNIT_COLUMN };

export interface ColumnMap {
  /** Per position in the record: the field it fills, UNIT_COLUMN, or undefined (ignored). */
  fields: (FieldDef | typeof UNIT_COLUMN)[];
  /** Field key → column name, for row reports. */
  columnOf: Map<string, string>;
  unitIndex: number;
}

const norm = (h: string) => h.trim().toLowerCase();

/** Columns a file must have: those of fields the create schema requires, the traveler's person
 * number (the travel files' link column) and, for a multi-unit file, the unit. */
export function requiredColumns(entryType: EntryTypeDef, unitColumn: boolean): string[] {
  const required = entryType.csvColumns.filter((c) => {
    const f = entryType.fields.find((x) => x.key === c.field);
    return (f && requiredOnCreate(f)) || c.field === entryType.traveler?.idField;
  });
  return [...(unitColumn ? [UNIT_COLUMN] : []), ...required.map((c) => c.column)];
}

export function mapHeader(entryType: EntryTypeDef, header: string[], unitColumn: boolean): ColumnMap {
  const known = new Map(entryType.csvColumns.map((c) => [c.column, c.field]));
  const names = header.map(norm);
  const unknown = names.filter((n) => n !== '' && !known.has(n) && !(unitColumn && n === UNIT_COLUMN));
  const duplicated = [...new Set(names.filter((n, i) => n !== '' && names.indexOf(n) !== i))];
  const missing = requiredColumns(entryType, unitColumn).filter((c) => !names.includes(c));
  if (unknown.length || duplicated.length || missing.length) {
    throw wrongHeader(`${entryType.type} file`, { header, missing, unknown, duplicated, expected: entryColumns(entryType, unitColumn) });
  }
  const fields = names.map((n) => (n === UNIT_COLUMN && unitColumn ? UNIT_COLUMN : entryType.fields.find((f) => f.key === known.get(n))!));
  const columnOf = new Map(entryType.csvColumns.map((c) => [c.field, c.column]));
  return { fields, columnOf, unitIndex: names.indexOf(UNIT_COLUMN) };
}

const TRUE = new Set(['true', 'yes', 'y', '1', 'oui', 'vrai']);
const FALSE = new Set(['false', 'no', 'n', '0', 'non', 'faux']);

/** A cell as the JSON value Path 1 would receive; text the schema then refuses stays text.
 * Numbers are read by their column's decimal mark (decimals.ts). */
function cellValue(field: FieldDef, raw: string): unknown {
  if (field.type !== 'boolean') return raw;
  const v = raw.toLowerCase();
  return TRUE.has(v) ? true : FALSE.has(v) ? false : raw;
}

/** A cell refused before the schema sees it (a number written with the other decimal mark). */
export interface CellRefusal {
  field: string;
  reason: string;
  coded: Coded;
}

/** The payload of one record: empty cells are absent (defaults apply, as in a form). */
export function recordPayload(
  map: ColumnMap,
  fields: string[],
  decimals: DecimalColumns,
): { payload: Record<string, unknown>; unit: string | undefined; extra: number; refused: CellRefusal[] } {
  const payload: Record<string, unknown> = {};
  const refused: CellRefusal[] = [];
  let unit: string | undefined;
  const n = Math.min(fields.length, map.fields.length);
  for (let i = 0; i < n; i++) {
    const raw = fields[i]!.trim();
    if (raw === '') continue;
    const f = map.fields[i]!;
    if (f === UNIT_COLUMN) unit = raw;
    else if (!decimals.isNumeric(i)) payload[f.key] = cellValue(f, raw);
    else {
      const cell = decimals.read(i, raw);
      if ('value' in cell) payload[f.key] = cell.value;
      else refused.push({ field: f.key, reason: cell.refused, coded: cell.coded });
    }
  }
  // Cells past the header that hold something: the row is malformed.
  const extra = fields.slice(map.fields.length).filter((c) => c.trim() !== '').length;
  return { payload, unit, extra, refused };
}
