// The factors page (back-office factors view): a year's factors of some sets, how many factors
// the year has in every set, and each set's latest successful factor file.
import type { Pool } from '../db/pool';
import type { Actor } from '../domain/actor';
import { factorCountsOf, factorList } from '../domain/factors';
import { authorizeBackoffice } from '../policies';

export async function listFactors(pool: Pool, actor: Actor, sets: string[], year: number) {
  authorizeBackoffice(actor, 'factors', 'view');
  const rows = await factorList(pool, sets, year);
  const latest = Object.fromEntries(sets.map((t) => [t, rows.find((x) => x.data_entry_type === t)?.latest_job_id ?? null]));
  const inYear = Object.values(await factorCountsOf(pool, year)).reduce((a, b) => a + b, 0);
  return {
    // every set's, not only the module's: 0 means nobody gave this year factors yet
    factors_in_year: inYear,
    latest_upload_job_id: latest,
    items: rows.map(({ latest_job_id: _l, updated_at, ...f }) => ({ ...f, updated_at: updated_at.toISOString() })),
  };
}
