// The decimal mark of each number column of an entry file, read from the column itself or from
// the upload (`decimal=point|comma`), never guessed row by row: "1,234" means 1234 in a column
// whose other numbers are written "12,000.5" and 1.234 in one written "0,8". The first number
// written one way only ("1.5", "1 234,5") sets its column's mark; a row whose cell reads two ways
// ("1,234") waits, with the rows after it so the file's order holds, until its columns are set;
// a column never set by the end of the file leaves such cells refused, asking for a declaration.
// A cell written with the other mark than its column's is refused, naming the line that set it.
// The rules of reading are shared with the forms (shared/src/numbers.ts).
import { coded, formatExact, readingsOf, valueWithMark, type Coded, type DecimalMark, type FieldDef } from '@carbon/shared';
import type { CsvRow } from '../../csv/readCsv';
import { UNIT_COLUMN, type ColumnMap } from './columns';

const NUMBER_TYPES = new Set<FieldDef['type']>(['number', 'integer', 'headcount-member-select']);
const CHAR: Record<DecimalMark, string> = { point: '.', comma: ',' };

interface ColumnMark {
  mark: DecimalMark;
  /** The line that set it; undefined when the upload declared it. */
  line: number | undefined;
}

/** A cell of a number column: its number, text the schema will refuse as it does any text, or a
 * refusal of its decimal mark (with the English reason and its code). */
export type NumberCell = { value: unknown } | { refused: string; coded: Coded };

export class DecimalColumns {
  /** Positions of the number columns. */
  private readonly numeric: number[];
  private readonly marks = new Map<number, ColumnMark>();
  private held: CsvRow[] = [];

  constructor(map: ColumnMap, declared?: DecimalMark) {
    this.numeric = map.fields.flatMap((f, i) => (f !== UNIT_COLUMN && f && NUMBER_TYPES.has(f.type) ? [i] : []));
    if (declared) for (const i of this.numeric) this.marks.set(i, { mark: declared, line: undefined });
  }

  /** The records of a batch that can be read now, in the file's order; the others wait. */
  take(records: CsvRow[]): CsvRow[] {
    for (const rec of records) this.observe(rec);
    this.held.push(...records);
    const ready = this.held.findIndex((rec) => !this.readable(rec));
    const out = ready === -1 ? this.held : this.held.slice(0, ready);
    this.held = ready === -1 ? [] : this.held.slice(ready);
    return out;
  }

  /** At the end of the file: the records still waiting (their ambiguous cells are refused). */
  drain(): CsvRow[] {
    const out = this.held;
    this.held = [];
    return out;
  }

  /** The value of the cell at `index` (a number column) by its column's mark. */
  read(index: number, raw: string): NumberCell {
    const reading = readingsOf(raw);
    const column = this.marks.get(index);
    if (reading.kind === 'none') return { value: raw };
    if (reading.kind === 'ambiguous' && !column) {
      const [point, comma] = [formatExact(reading.point, 'point', false), formatExact(reading.comma, 'point', false)];
      return {
        refused: `"${raw}" reads ${point} with a decimal point and ${comma} with a decimal comma, and no other number of this column tells which: upload the file with decimal=point or decimal=comma`,
        coded: coded('decimal_mark_ambiguous', { value: raw, point, comma }),
      };
    }
    const value = column ? valueWithMark(reading, column.mark) : valueWithMark(reading, reading.kind === 'comma' ? 'comma' : 'point');
    if (value !== undefined) return { value };
    const mark = CHAR[column!.mark];
    if (column!.line === undefined) {
      return { refused: `"${raw}" is not a number written with "${mark}" as its decimal mark, as the upload declares`, coded: coded('decimal_mark_declared', { value: raw, mark }) };
    }
    return {
      refused: `"${raw}" is written with the other decimal mark than this column, whose numbers use "${mark}" as decimal mark (line ${column!.line})`,
      coded: coded('decimal_mark_mixed', { value: raw, mark, line: column!.line }),
    };
  }

  isNumeric(index: number): boolean {
    return this.numeric.includes(index);
  }

  /** The first number of a column written one way only sets its mark. */
  private observe(rec: CsvRow): void {
    for (const i of this.numeric) {
      if (this.marks.has(i)) continue;
      const kind = readingsOf(rec.fields[i]?.trim() ?? '').kind;
      if (kind === 'point' || kind === 'comma') this.marks.set(i, { mark: kind, line: rec.line });
    }
  }

  private readable(rec: CsvRow): boolean {
    return this.numeric.every((i) => this.marks.has(i) || readingsOf(rec.fields[i]?.trim() ?? '').kind !== 'ambiguous');
  }
}
