// The factor library's SQL, one statement per file, each wrapped in a typed function.
import { sqlFolder, type NoParams } from '../../../db/statement';

const define = sqlFolder(import.meta.url, 'factorLibrary');

/** `rows`: a JSON array of {set, year, classification, values, uncertainty_pct, edition, boundary, source}. */
export const upsertLibraryFactors = define<{ rows: string }, { set: string; year: number; inserted: boolean; values_changed: boolean }>('upsertLibraryFactors', { rows: 1 });

export const typeYearsWithEntries = define<{ types: string[]; years: number[] }, { data_entry_type: string; year: number }>('typeYearsWithEntries', { types: 1, years: 2 });

export const libraryDigest = define<NoParams, { digest: string }>('libraryDigest', {});

export const saveLibraryDigest = define<{ digest: string }>('saveLibraryDigest', { digest: 1 });
