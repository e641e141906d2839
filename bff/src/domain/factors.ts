// Emission factors: the lookup used by Path 1 and the recalculation (the defaults shipped in
// shared/src/modules/<module>/factors/ are loaded by jobs/factorLibrary). Factors come in sets (shared/src/modules/registry.ts, FACTOR_SETS); the
// `factors.data_entry_type` column holds the set's name.
import { FACTOR_SETS, type FactorRow, type FactorView } from '@carbon/shared';
import type { Queryable } from './db';

/** How many factors each set of the registry has for a year (sets without any are left out). */
export async function factorCountsOf(db: Queryable, year: number): Promise<Record<string, number>> {
  const { rows } = await db.query<{ set: string; n: number }>(
    `SELECT data_entry_type AS set, count(*)::int AS n FROM factors WHERE year = $1 AND data_entry_type = ANY ($2::text[]) GROUP BY 1 ORDER BY 1`,
    [year, Object.keys(FACTOR_SETS)],
  );
  return Object.fromEntries(rows.map((r) => [r.set, r.n]));
}

/** The years that have factors of the registry's sets, in order. */
export async function yearsWithFactors(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ year: number }>('SELECT DISTINCT year FROM factors WHERE data_entry_type = ANY ($1::text[]) ORDER BY year', [Object.keys(FACTOR_SETS)]);
  return rows.map((r) => r.year);
}

/** Every factor of each of these sets for a year (a handful of rows each), by set, in one query;
 * a set without rows maps to an empty list. */
export async function factorSetsFor(db: Queryable, sets: readonly string[], year: number): Promise<Record<string, FactorRow[]>> {
  const { rows } = await db.query<FactorRow & { set: string }>(
    `SELECT data_entry_type AS set, id, classification, "values" FROM factors WHERE data_entry_type = ANY ($1::text[]) AND year = $2 ORDER BY id`,
    [sets, year],
  );
  const bySet: Record<string, FactorRow[]> = Object.fromEntries(sets.map((s) => [s, []]));
  for (const { set, ...row } of rows) bySet[set]!.push(row);
  return bySet;
}

/** The factors of `sets` for a year, as the factors page lists them: `in_latest_upload` false for
 * a factor the latest successful file of its set did not contain; `latest_job_id` that file's job. */
const FACTOR_LIST = `
  WITH latest AS (
    SELECT data_entry_type, max(id) AS job_id
      FROM data_ingestion_jobs
     WHERE target = 'FACTORS' AND year = $2 AND data_entry_type = ANY ($1::text[])
       AND state = 'FINISHED' AND result <> 'ERROR'
     GROUP BY data_entry_type
  )
  SELECT f.id, f.data_entry_type, f.year, f.classification, f."values", f.uncertainty_pct, f.edition, f.boundary, f.origin, f.source, f.last_seen_job_id, f.updated_at,
         latest.job_id AS latest_job_id,
         latest.job_id IS NULL OR f.origin = 'library' OR coalesce(f.last_seen_job_id = latest.job_id, false) AS in_latest_upload
    FROM factors f
    LEFT JOIN latest ON latest.data_entry_type = f.data_entry_type
   WHERE f.data_entry_type = ANY ($1::text[]) AND f.year = $2
   ORDER BY f.data_entry_type, f.id`;

export async function factorList(db: Queryable, sets: readonly string[], year: number) {
  return (await db.query<FactorView & { updated_at: Date; latest_job_id: number | null }>(FACTOR_LIST, [sets, year])).rows;
}
