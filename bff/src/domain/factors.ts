// Emission factors: the default set shipped in bff/data/ and the lookup used by Path 1.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FactorRow } from '@carbon/shared';
import { withTransaction, type Pool } from '../db/pool';
import type { Queryable } from './db';

export const DEFAULT_FACTORS_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../data/default-factors.json');

export interface DefaultFactorFile {
  years: number[];
  factors: { data_entry_type: string; classification: Record<string, string>; values: Record<string, number>; source: string }[];
}

export function readDefaultFactors(file = DEFAULT_FACTORS_FILE): DefaultFactorFile {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as DefaultFactorFile;
}

/**
 * Loads the default factors for every (type, year) that has no factor at all yet, so that an
 * operator's upload is never overwritten or topped up by a restart. Upsert keyed on the factor
 * identity, under an advisory lock: idempotent when instances start together.
 */
export async function ensureDefaultFactors(pool: Pool, file = DEFAULT_FACTORS_FILE): Promise<number> {
  const { years, factors } = readDefaultFactors(file);
  return withTransaction(pool, async (db) => {
    await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['load-default-factors']);
    const { rowCount } = await db.query(
      `INSERT INTO factors (data_entry_type, year, classification, "values", source)
       SELECT f.data_entry_type, y.year, f.classification, f."values", f.source
         FROM jsonb_to_recordset($1::jsonb) AS f(data_entry_type text, classification jsonb, "values" jsonb, source text)
        CROSS JOIN unnest($2::int[]) AS y(year)
        WHERE NOT EXISTS (SELECT 1 FROM factors x WHERE x.data_entry_type = f.data_entry_type AND x.year = y.year)
       ON CONFLICT ON CONSTRAINT factors_identity DO NOTHING`,
      [JSON.stringify(factors), years],
    );
    return rowCount ?? 0;
  });
}

/** Every factor of a data entry type for a year (a handful of rows). */
export async function factorsFor(db: Queryable, dataEntryType: string, year: number): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(
    `SELECT id, classification, "values" FROM factors WHERE data_entry_type = $1 AND year = $2 ORDER BY id`,
    [dataEntryType, year],
  );
  return rows;
}
