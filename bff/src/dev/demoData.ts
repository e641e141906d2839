// Demo data for development and tests: a few units, their reports for the demo years, and the
// dev accounts with their roles. Idempotent: safe to run at every start.
import { MODULE_TYPES } from '@carbon/shared';
import type { Pool } from '../db/pool';
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
    for (const u of DEMO_UNITS) {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO units (institutional_id, name, parent_id)
         VALUES ($1, $2, (SELECT id FROM units WHERE institutional_id = $3))
         ON CONFLICT (institutional_id) DO UPDATE SET name = excluded.name RETURNING id`,
        [u.institutionalId, u.name, u.parent],
      );
      for (const year of u.years) {
        const report = await db.query<{ id: number }>(
          `INSERT INTO carbon_reports (unit_id, year) VALUES ($1, $2)
           ON CONFLICT (unit_id, year) DO UPDATE SET unit_id = excluded.unit_id RETURNING id`,
          [rows[0]!.id, year],
        );
        await db.query(
          `INSERT INTO carbon_report_modules (carbon_report_id, module_type)
           SELECT $1, m FROM unnest($2::text[]) AS m ON CONFLICT DO NOTHING`,
          [report.rows[0]!.id, MODULE_TYPES],
        );
      }
    }
    for (const a of DEV_ACCOUNTS) {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO users (iss, sub, email, name, person_number) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (iss, sub) DO UPDATE SET person_number = excluded.person_number RETURNING id`,
        [issuer, a.username, a.email, a.name, a.personNumber],
      );
      for (const r of a.roles) {
        await db.query(
          `INSERT INTO user_roles (user_id, role, unit_id)
           VALUES ($1, $2, (SELECT id FROM units WHERE institutional_id = $3)) ON CONFLICT DO NOTHING`,
          [rows[0]!.id, r.role, r.unit ?? null],
        );
      }
    }
  });
}
