// The CSV ingest's SQL, one statement per file.
import fs from 'node:fs';

const read = (name: string) => fs.readFileSync(new URL(`./${name}.sql`, import.meta.url), 'utf8');

export const csvIngestSql = {
  loadTargets: read('loadTargets'),
  existingMembers: read('existingMembers'),
  deleteCsvEntries: read('deleteCsvEntries'),
  insertEntries: read('insertEntries'),
} as const;
