// Migration 0018 on a database that already holds members and AI services stored without a figure
// in years whose optional set has no row: they become 0 kg, not configured, and their modules and
// reports stop counting them as entries without a factor (equal to a recomputation from the rows).
// A member of a year that has per-FTE estimates, and a trip without a factor, keep theirs.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { moduleStatsFromSums, reportStatsFromSums } from '../src/domain/stats';
import { databaseBefore } from './support/migrationBefore';

const MIGRATION = '0022_optional_sets_not_configured';
let url: string;
let db: pg.Client;

beforeAll(async () => {
  ({ url, db } = await databaseBefore(MIGRATION));
});
afterAll(async () => db?.end());

/** A unit's report of `year` with a headcount of one member and one trip without a figure. */
async function report(unit: string, year: number): Promise<number> {
  const { rows } = await db.query(
    `WITH u AS (INSERT INTO units (institutional_id, name) VALUES ($1, $1) RETURNING id),
          r AS (INSERT INTO carbon_reports (unit_id, year, stats) SELECT id, $2, '{"kg_co2eq": 0, "entries": 2, "without_factor": 2, "by_module": {"headcount": {"kg_co2eq": 0, "entries": 1, "without_factor": 1}, "professional_travel": {"kg_co2eq": 0, "entries": 1, "without_factor": 1}}}' FROM u RETURNING id),
          m AS (INSERT INTO carbon_report_modules (carbon_report_id, module_type, stats)
                SELECT r.id, t.m, t.stats::jsonb FROM r, (VALUES
                  ('professional_travel', '{"kg_co2eq": 0, "entries": 1, "without_factor": 1, "by_type": {"plane": {"kg_co2eq": 0, "entries": 1, "quantity": 0, "without_factor": 1}}}'),
                  ('headcount', '{"kg_co2eq": 0, "entries": 1, "without_factor": 1, "by_type": {"member": {"kg_co2eq": 0, "entries": 1, "quantity": 0.5, "without_factor": 1}}}')) t(m, stats)
                RETURNING id, module_type),
          e AS (INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data)
                SELECT m.id, CASE m.module_type WHEN 'headcount' THEN 'member' ELSE 'plane' END, '{}' FROM m RETURNING id, data_entry_type)
     INSERT INTO data_entry_emissions (data_entry_id, emission_type, kg_co2eq, quantity, quantity_unit, meta, scope, category)
     SELECT e.id, e.data_entry_type, NULL, CASE e.data_entry_type WHEN 'member' THEN 0.5 ELSE 6000 END, 'km', '{"factors": [], "reason": "no factor applies"}', 3,
            CASE e.data_entry_type WHEN 'member' THEN 'per_fte_estimates' ELSE 'business_travel' END
       FROM e RETURNING (SELECT id FROM r)`,
    [unit, year],
  );
  return rows[0].id;
}

describe(`migration ${MIGRATION}`, () => {
  it('settles the rows of optional sets without a row for their year, and recounts their stats', async () => {
    const none = await report('NO-ESTIMATES', 2024);
    const some = await report('ESTIMATES', 2025);
    await db.query(`INSERT INTO factors (data_entry_type, year, classification, "values", source) VALUES ('member', 2025, '{"category": "food"}', '{"kg_co2eq_per_fte": 100}', 'test')`);

    await migrate(url);
    await migrate(url); // already applied: nothing more

    const rows = await db.query(
      `SELECT r.year, x.emission_type, x.kg_co2eq, x.meta FROM data_entry_emissions x JOIN data_entries e ON e.id = x.data_entry_id
         JOIN carbon_report_modules m ON m.id = e.carbon_report_module_id JOIN carbon_reports r ON r.id = m.carbon_report_id ORDER BY r.year, x.emission_type`,
    );
    expect(rows.rows).toEqual([
      { year: 2024, emission_type: 'member', kg_co2eq: 0, meta: { factors: [], not_configured: true } },
      { year: 2024, emission_type: 'plane', kg_co2eq: null, meta: { factors: [], reason: 'no factor applies' } },
      { year: 2025, emission_type: 'member', kg_co2eq: null, meta: { factors: [], reason: 'no factor applies' } },
      { year: 2025, emission_type: 'plane', kg_co2eq: null, meta: { factors: [], reason: 'no factor applies' } },
    ]);
    const stats = await db.query(`SELECT r.id AS report_id, r.stats AS report, m.id, m.module_type, m.stats FROM carbon_reports r JOIN carbon_report_modules m ON m.carbon_report_id = r.id WHERE r.id = $1 ORDER BY m.module_type`, [none]);
    expect(stats.rows.map((m) => [m.module_type, m.stats.without_factor, m.stats.by_type])).toEqual([
      ['headcount', 0, { member: { kg_co2eq: 0, entries: 1, quantity: 0.5, without_factor: 0 } }],
      ['professional_travel', 1, { plane: { kg_co2eq: 0, entries: 1, quantity: 0, without_factor: 1 } }],
    ]);
    for (const m of stats.rows) expect(m.stats.without_factor).toBe((await moduleStatsFromSums(db, m.id, m.module_type)).without_factor);
    expect(stats.rows[0].report).toMatchObject({ without_factor: 1, by_module: { headcount: { without_factor: 0 }, professional_travel: { without_factor: 1 } } });
    expect(stats.rows[0].report.without_factor).toBe((await reportStatsFromSums(db, none)).without_factor);
    // The year with estimates is left as it was.
    expect((await db.query('SELECT stats FROM carbon_reports WHERE id = $1', [some])).rows[0].stats.without_factor).toBe(2);
  });
});
