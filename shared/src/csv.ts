// Writing CSV, for every export (the browser's downloads and the BFF's). Text cells that a
// spreadsheet would read as a formula (starting with = + - @, or a tab / carriage return that
// some programs strip first) are neutralised with a leading apostrophe, so an exported file never
// runs anything when opened.
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvCell = string | number | boolean | null | undefined;

export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

function cell(value: CsvCell, neutralised = true): string {
  if (value === null || value === undefined) return '';
  // Numbers are written as numbers (no grouping, dot decimal) so spreadsheets read them back.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return quoted(neutralised ? neutralise(String(value)) : String(value));
}

/** One RFC 4180 line (CRLF-terminated), fields quoted when they need it. */
export const csvLine = (row: readonly CsvCell[]): string => row.map((v) => cell(v)).join(',') + '\r\n';

/** A line of a file the service itself reads back through its CSV pipeline (demo rows, rows
 * carried forward): values as stored, not neutralised, which would change them. */
export const dataCsvLine = (row: readonly CsvCell[]): string => row.map((v) => cell(v, false)).join(',') + '\r\n';

/** RFC 4180 text: CRLF line ends, fields quoted when they need it. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map(csvLine).join('');
}

/** A figure as the CSV exports write it (kg, FTE): to the hundredth, a fixed precision without
 * the float noise sums leave (94154.55767000001 kg → 94154.56); null stays empty. */
export const toHundredths = (v: number | null | undefined): number | null => (v === null || v === undefined ? null : Math.round(v * 100) / 100 || 0);
