// Emission factors: the defaults shipped in bff/data/ and the lookup used by Path 1 and the
// recalculation. Factors come in sets (shared/src/modules/registry.ts, FACTOR_SETS); the
// `factors.data_entry_type` column holds the set's name.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FACTOR_SETS, type FactorRow } from '@carbon/shared';
import { withTransaction, type Pool } from '../db/pool';
import type { Queryable } from './db';

export const DEFAULT_FACTORS_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../data/default-factors.json');

export interface DefaultFactorFile {
  years: number[];
  /** A row with a `year` is for that year only (an exchange rate); the others are for every year.
   * `uncertainty_pct`: the ± its source states, in % (absent: none published). */
  factors: { factor_set: string; year?: number; classification: Record<string, string>; values: Record<string, number>; uncertainty_pct?: number; source: string }[];
}

export function readDefaultFactors(file = DEFAULT_FACTORS_FILE): DefaultFactorFile {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as DefaultFactorFile;
}

/**
 * Loads the default factors for every (set, year) that has no factor at all yet, so that an
 * operator's upload is never overwritten or topped up by a restart. Upsert keyed on the factor
 * identity, under an advisory lock: idempotent when instances start together.
 */
export async function ensureDefaultFactors(pool: Pool, file = DEFAULT_FACTORS_FILE): Promise<number> {
  const { years, factors } = readDefaultFactors(file);
  return withTransaction(pool, async (db) => {
    await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['load-default-factors']);
    const { rowCount } = await db.query(
      `INSERT INTO factors (data_entry_type, year, classification, "values", uncertainty_pct, source)
       SELECT f.factor_set, y.year, f.classification, f."values", f.uncertainty_pct, f.source
         FROM jsonb_to_recordset($1::jsonb) AS f(factor_set text, year int, classification jsonb, "values" jsonb, uncertainty_pct numeric, source text)
        CROSS JOIN unnest($2::int[]) AS y(year)
        WHERE (f.year IS NULL OR f.year = y.year)
          AND NOT EXISTS (SELECT 1 FROM factors x WHERE x.data_entry_type = f.factor_set AND x.year = y.year)
       ON CONFLICT ON CONSTRAINT factors_identity DO NOTHING`,
      [JSON.stringify(factors), years],
    );
    return rowCount ?? 0;
  });
}

/** How many factors each set of the registry has for a year (sets without any are left out). */
export async function factorCountsOf(db: Queryable, year: number): Promise<Record<string, number>> {
  const { rows } = await db.query<{ set: string; n: number }>(
    `SELECT data_entry_type AS set, count(*)::int AS n FROM factors WHERE year = $1 AND data_entry_type = ANY ($2::text[]) GROUP BY 1 ORDER BY 1`,
    [year, Object.keys(FACTOR_SETS)],
  );
  return Object.fromEntries(rows.map((r) => [r.set, r.n]));
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
