// Rows pasted from a spreadsheet (cells separated by tabs, rows by line breaks; a cell holding a
// tab, a line break or a quote comes quoted, its quotes doubled) as a CSV file of the upload
// format, so that they go through the same pipeline, checks and row report as a file. The first
// row is taken as the header when it names the template's columns; otherwise the rows are read in
// the template's column order and the template's header is put first.
import { dataCsvLine } from '@carbon/shared';

/** The cells of tab-separated text, row by row; empty rows dropped. */
export function tabRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === '\t') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows.filter((r) => r.some((x) => x.trim() !== ''));
}

export interface PastedFile {
  csv: string;
  /** Data rows (the header not counted). */
  rows: number;
  /** The pasted text began with the template's header. */
  hadHeader: boolean;
}

/** The pasted text as a CSV of `columns` (the template's header), or null when nothing was pasted. */
export function pastedRowsToCsv(text: string, columns: readonly string[]): PastedFile | null {
  const rows = tabRows(text);
  if (!rows.length) return null;
  const first = rows[0]!.map((c) => c.trim().toLowerCase());
  const hadHeader = first.length > 0 && first.every((c) => c === '' || columns.includes(c)) && first.some((c) => columns.includes(c));
  const header = hadHeader ? rows[0]!.map((c) => c.trim()) : [...columns];
  const data = hadHeader ? rows.slice(1) : rows;
  return { csv: dataCsvLine(header) + data.map((r) => dataCsvLine(r)).join(''), rows: data.length, hadHeader };
}
