// Migration 0013 on a database that already holds emissions: members stored as 0 kg without any
// per-FTE factor lose their figure (null, with the reason), and module and report stats gain
// `without_factor`, equal to what a recomputation from the rows gives.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { moduleStatsFromSums, reportStatsFromSums } from '../src/domain/stats';
import { databaseBefore } from './support/migrationBefore';

const MIGRATION = '0013_without_factor';
let url: string;
let db: pg.Client;

beforeAll(async () => {
  ({ url, db } = await databaseBefore(MIGRATION));
});
afterAll(async () => db?.end());

describe(`migration ${MIGRATION}`, () => {
  it('turns zero-kg members without a factor into entries without a figure, and counts them in the stats', async () => {
    await db.query(`
      WITH u AS (INSERT INTO units (institutional_id, name) VALUES ('OLD-LAB', 'Old lab') RETURNING id),
           r AS (INSERT INTO carbon_reports (unit_id, year, stats) SELECT id, 2024, '{"kg_co2eq": 957.25, "entries": 4}' FROM u RETURNING id),
           m AS (INSERT INTO carbon_report_modules (carbon_report_id, module_type, stats)
                 SELECT r.id, t.m, t.stats::jsonb FROM r, (VALUES
                   ('professional_travel', '{"kg_co2eq": 957.25, "entries": 2, "by_type": {"plane": {"kg_co2eq": 957.25, "entries": 2, "quantity": 12000}}}'),
                   ('headcount', '{"kg_co2eq": 0, "entries": 2, "by_type": {"member": {"kg_co2eq": 0, "entries": 2, "quantity": 1.5}}}')) t(m, stats)
                 RETURNING id, module_type),
           e AS (INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data)
                 SELECT m.id, t.type, '{}' FROM m JOIN (VALUES ('professional_travel', 'plane', 1), ('professional_travel', 'plane', 2), ('headcount', 'member', 1), ('headcount', 'member', 2)) t(m, type, n) ON t.m = m.module_type
                 RETURNING id, data_entry_type)
      INSERT INTO data_entry_emissions (data_entry_id, emission_type, kg_co2eq, quantity, quantity_unit, meta, scope, category)
      SELECT e.id, e.data_entry_type,
             CASE WHEN e.data_entry_type = 'member' THEN 0 WHEN e.id = (SELECT min(id) FROM e) THEN 957.25 END,
             CASE WHEN e.data_entry_type = 'member' THEN 0.75 ELSE 6000 END, 'km',
             CASE WHEN e.data_entry_type = 'member' THEN '{"fte": 0.75, "factors": []}'::jsonb ELSE '{}'::jsonb END,
             3, CASE WHEN e.data_entry_type = 'member' THEN 'per_fte_estimates' ELSE 'business_travel' END
        FROM e`);

    // A per-FTE estimate of 2024 uploaded since: the later migration 0018 then leaves these members
    // as 0013 made them (it settles only members of years without any).
    await db.query(`INSERT INTO factors (data_entry_type, year, classification, "values", source) VALUES ('member', 2024, '{"category": "food"}', '{"kg_co2eq_per_fte": 100}', 'test')`);
    await migrate(url);
    await migrate(url); // already applied: nothing more

    const members = await db.query(`SELECT kg_co2eq, meta FROM data_entry_emissions WHERE emission_type = 'member'`);
    expect(members.rows).toEqual([
      { kg_co2eq: null, meta: { fte: 0.75, factors: [], reason: 'no factor applies' } },
      { kg_co2eq: null, meta: { fte: 0.75, factors: [], reason: 'no factor applies' } },
    ]);
    const modules = await db.query(`SELECT id, module_type, stats FROM carbon_report_modules ORDER BY module_type`);
    expect(modules.rows.map((m) => [m.module_type, m.stats.without_factor, m.stats.by_type])).toEqual([
      ['headcount', 2, { member: { kg_co2eq: 0, entries: 2, quantity: 1.5, without_factor: 2 } }],
      ['professional_travel', 1, { plane: { kg_co2eq: 957.25, entries: 2, quantity: 12000, without_factor: 1 } }],
    ]);
    for (const m of modules.rows) expect(m.stats.without_factor).toBe((await moduleStatsFromSums(db, m.id, m.module_type)).without_factor);
    const report = await db.query(`SELECT id, stats FROM carbon_reports`);
    expect(report.rows[0].stats).toMatchObject({ without_factor: 3, by_module: { headcount: { without_factor: 2 }, professional_travel: { without_factor: 1 } } });
    expect(report.rows[0].stats.without_factor).toBe((await reportStatsFromSums(db, report.rows[0].id)).without_factor);
  });
});
