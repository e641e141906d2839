// Demo data for development and tests: a few units, their reports for the demo years, and the
// dev accounts with their roles. Idempotent: safe to run at every start.
import { MODULE_TYPES } from '@carbon/shared';
import type { Pool, PoolClient } from '../db/pool';
import { withTransaction } from '../db/pool';
import { DEV_ACCOUNTS } from './accounts';

export const DEMO_YEARS = [2024, 2025] as const;

export const DEMO_UNITS = [
  { institutionalId: 'FAC-SCI', name: 'Faculty of Science', parent: null, years: [] as number[] },
  { institutionalId: 'CLIMATE-LAB', name: 'Climate Dynamics Lab', parent: 'FAC-SCI', years: [...DEMO_YEARS] },
  { institutionalId: 'OCEAN-LAB', name: 'Ocean Physics Lab', parent: 'FAC-SCI', years: [...DEMO_YEARS] },
] as const;

export async function seedDemoData(pool: Pool, issuer: string): Promise<void> {
  await withTransaction(pool, async (db) => {
    // One seeder at a time when several instances start together.
    await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['seed-demo-data']);
    // Rows that already exist are left untouched and unlocked (DO NOTHING, then a plain read):
    // another instance's pipeline may be updating their stats, and an upsert's row lock held
    // here while waiting on that pipeline deadlocked the two (seen in CI).
    for (const u of DEMO_UNITS) {
      const unitId = await ensureRow(
        db,
        `INSERT INTO units (institutional_id, name, parent_id)
         VALUES ($1, $2, (SELECT id FROM units WHERE institutional_id = $3)) ON CONFLICT DO NOTHING RETURNING id`,
        [u.institutionalId, u.name, u.parent],
        'SELECT id FROM units WHERE institutional_id = $1',
        [u.institutionalId],
      );
      for (const year of u.years) {
        const reportId = await ensureRow(
          db,
          'INSERT INTO carbon_reports (unit_id, year) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id',
          [unitId, year],
          'SELECT id FROM carbon_reports WHERE unit_id = $1 AND year = $2',
          [unitId, year],
        );
        await db.query(
          `INSERT INTO carbon_report_modules (carbon_report_id, module_type)
           SELECT $1, m FROM unnest($2::text[]) AS m ON CONFLICT DO NOTHING`,
          [reportId, MODULE_TYPES],
        );
      }
    }
    for (const a of DEV_ACCOUNTS) {
      const userId = await ensureRow(
        db,
        `INSERT INTO users (iss, sub, email, name, person_number) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT DO NOTHING RETURNING id`,
        [issuer, a.username, a.email, a.name, a.personNumber],
        'SELECT id FROM users WHERE iss = $1 AND sub = $2',
        [issuer, a.username],
      );
      await db.query('UPDATE users SET person_number = $2 WHERE id = $1 AND person_number IS DISTINCT FROM $2', [userId, a.personNumber]);
      for (const r of a.roles) {
        await db.query(
          `INSERT INTO user_roles (user_id, role, unit_id)
           VALUES ($1, $2, (SELECT id FROM units WHERE institutional_id = $3)) ON CONFLICT DO NOTHING`,
          [userId, r.role, r.unit ?? null],
        );
      }
    }
  });
}

/** Inserts a row unless its key exists; either way returns its id (the read finds it by key). */
async function ensureRow(db: PoolClient, insertSql: string, params: unknown[], selectSql: string, key: unknown[]): Promise<number> {
  const inserted = await db.query<{ id: number }>(insertSql, params);
  if (inserted.rows[0]) return inserted.rows[0].id;
  const { rows } = await db.query<{ id: number }>(selectSql, key);
  return rows[0]!.id;
}
