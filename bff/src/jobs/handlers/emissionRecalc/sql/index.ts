// The emission recalculation's SQL, one statement per file.
import fs from 'node:fs';

const read = (name: string) => fs.readFileSync(new URL(`./${name}.sql`, import.meta.url), 'utf8');

export const emissionRecalcSql = {
  countEntries: read('countEntries'),
  entriesBatch: read('entriesBatch'),
  upsertEmissions: read('upsertEmissions'),
} as const;
