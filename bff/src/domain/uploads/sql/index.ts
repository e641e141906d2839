// The uploads' SQL, one statement per file, each wrapped in a typed function.
import { sqlFolder } from '../../../db/statement';

const define = sqlFolder(import.meta.url, 'uploads');

export const insertUpload = define<{ sha256: string; bytes: number; content: Buffer; createdBy: number | null }, { id: number }>('insertUpload', {
  sha256: 1,
  bytes: 2,
  content: 3,
  createdBy: 4,
});
export const uploadSize = define<{ id: number }, { bytes: number }>('uploadSize', { id: 1 });
/** `from`: 1-based byte offset. */
export const uploadSlice = define<{ id: number; from: number; length: number }, { chunk: Buffer | null }>('uploadSlice', { id: 1, from: 2, length: 3 });
export const countCsvEntries = define<{ year: number; moduleType: string; entryType: string; unitId: number | null }, { rows: number }>('countCsvEntries', {
  year: 1,
  moduleType: 2,
  entryType: 3,
  unitId: 4,
});
