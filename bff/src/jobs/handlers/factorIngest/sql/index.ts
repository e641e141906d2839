// The factor ingest's SQL, one statement per file.
import fs from 'node:fs';

const read = (name: string) => fs.readFileSync(new URL(`./${name}.sql`, import.meta.url), 'utf8');

export const factorIngestSql = {
  upsertFactors: read('upsertFactors'),
} as const;
