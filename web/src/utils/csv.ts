// CSV export of module tables. Text cells that a spreadsheet would read as a formula (starting
// with = + - @, or a tab / carriage return that some programs strip first) are neutralised with
// a leading apostrophe, so an exported file never runs anything when opened.
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvCell = string | number | boolean | null | undefined;

export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  // Numbers are written as numbers (no grouping, dot decimal) so spreadsheets read them back.
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : neutralise(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 text: CRLF line ends, fields quoted when they need it. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Offers `text` as a file download (UTF-8 with BOM so spreadsheets pick the right encoding). */
export function downloadCsv(filename: string, text: string): void {
  const blob = new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
