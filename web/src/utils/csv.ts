// CSV in the browser: the writer is shared with the BFF's exports (shared/src/csv.ts); this adds
// the download.
export { neutralise, toCsv, type CsvCell } from '@carbon/shared';

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
