// The factor ingest's SQL, one statement per file, each wrapped in a typed function.
import { sqlFolder } from '../../../../db/statement';

const define = sqlFolder(import.meta.url, 'factorIngest');

/** `factorSet`: the set's name; `factors`: a JSON array of {classification, values, uncertainty_pct, source}. */
export const upsertFactors = define<{ factorSet: string; year: number; jobId: number; factors: string }, { id: number; inserted: boolean; values_changed: boolean }>('upsertFactors', {
  factorSet: 1,
  year: 2,
  jobId: 3,
  factors: 4,
});
