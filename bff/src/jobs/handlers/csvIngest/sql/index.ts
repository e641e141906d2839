// The CSV ingest's SQL, one statement per file, each wrapped in a typed function.
import { sqlFolder } from '../../../../db/statement';
import type { Target } from '../prepareRows';

const define = sqlFolder(import.meta.url, 'csvIngest');

export const loadTargets = define<{ year: number; moduleType: string; unitId: number | null }, Target>('loadTargets', { year: 1, moduleType: 2, unitId: 3 });
/** Person numbers (`numberField`) already in the modules, of an entry type that holds each at most once. */
export const existingPersonNumbers = define<{ moduleIds: readonly number[]; replacing: boolean; entryType: string; numberField: string }, { module_id: number; person_number: string }>(
  'existingPersonNumbers',
  { moduleIds: 1, replacing: 2, entryType: 3, numberField: 4 },
);
export const deleteCsvEntries = define<{ moduleIds: readonly number[]; entryType: string }>('deleteCsvEntries', { moduleIds: 1, entryType: 2 });
/** `rows`: a JSON array of {m: module id, d: data}. */
export const insertEntries = define<{ entryType: string; createdBy: number | null; rows: string }>('insertEntries', { entryType: 1, createdBy: 2, rows: 3 });
