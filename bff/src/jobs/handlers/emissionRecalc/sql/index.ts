// The emission recalculation's SQL, one statement per file, each wrapped in a typed function.
import type { EntryData } from '@carbon/shared';
import { sqlFolder } from '../../../../db/statement';

const define = sqlFolder(import.meta.url, 'emissionRecalc');

interface Selection {
  entryType: string;
  /** Only the entries that have no emission yet. */
  onlyMissing: boolean;
}

export const countEntries = define<Selection & { moduleIds: readonly number[] }, { n: number }>('countEntries', { moduleIds: 1, entryType: 2, onlyMissing: 3 });
/** One keyset batch of a module's entries, each with its row version. */
export const entriesBatch = define<Selection & { moduleId: number; afterId: number; limit: number }, { id: number; data: EntryData; version: string }>('entriesBatch', {
  moduleId: 1,
  entryType: 2,
  afterId: 3,
  onlyMissing: 4,
  limit: 5,
});
/** `emissions`: a JSON array of rows. */
export const upsertEmissions = define<{ emissions: string }>('upsertEmissions', { emissions: 1 });
