// The factor carry-over's SQL, one statement per file, each wrapped in a typed function.
import { sqlFolder } from '../../../../db/statement';

const define = sqlFolder(import.meta.url, 'factorCarryOver');

export const carryOverFactors = define<{ factorSet: string; fromYear: number; toYear: number; jobId: number }, { id: number; inserted: boolean; values_changed: boolean }>(
  'carryOverFactors',
  { factorSet: 1, fromYear: 2, toYear: 3, jobId: 4 },
);
