// Migration 0012 on a database that already holds emissions: the rows written before get the
// scope and category the registry declares for their emission types, the columns become
// required, and module and report stats gain their split by scope and category, equal to the
// sums of those rows.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_TYPES } from '@carbon/shared';
import { migrate } from '../src/db/migrate';
import { databaseBefore } from './support/migrationBefore';

const MIGRATION = '0012_emission_scopes';
let url: string;
let db: pg.Client;

beforeAll(async () => {
  ({ url, db } = await databaseBefore(MIGRATION));
});
afterAll(async () => db?.end());

describe(`migration ${MIGRATION}`, () => {
  it('fills scope and category of the emissions already there, and the split of the stats', async () => {
    await db.query(`
      WITH u AS (INSERT INTO units (institutional_id, name) VALUES ('OLD-LAB', 'Old lab') RETURNING id),
           r AS (INSERT INTO carbon_reports (unit_id, year, stats) SELECT id, 2023, '{"kg_co2eq": 1200.5, "entries": 3}' FROM u RETURNING id),
           m AS (INSERT INTO carbon_report_modules (carbon_report_id, module_type, stats)
                 SELECT r.id, t.m, t.stats::jsonb FROM r, (VALUES ('professional_travel', '{"kg_co2eq": 1000.5, "entries": 2}'), ('headcount', '{"kg_co2eq": 200, "entries": 1}')) t(m, stats)
                 RETURNING id, module_type),
           e AS (INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data)
                 SELECT m.id, t.type, '{}' FROM m JOIN (VALUES ('professional_travel', 'plane'), ('professional_travel', 'train'), ('headcount', 'member')) t(m, type) ON t.m = m.module_type
                 RETURNING id, data_entry_type)
      INSERT INTO data_entry_emissions (data_entry_id, emission_type, kg_co2eq, quantity, quantity_unit)
      SELECT e.id, e.data_entry_type, CASE e.data_entry_type WHEN 'plane' THEN 957.25 WHEN 'train' THEN 43.25 ELSE 200 END, 1, 'km' FROM e`);

    await migrate(url);

    const { rows } = await db.query(`SELECT emission_type, scope, category FROM data_entry_emissions ORDER BY emission_type`);
    expect(rows).toEqual(
      ['member', 'plane', 'train'].map((type) => ({ emission_type: type, scope: ENTRY_TYPES[type]!.emissionTypes[0]!.scope, category: ENTRY_TYPES[type]!.emissionTypes[0]!.category })),
    );
    const modules = await db.query(`SELECT module_type, stats FROM carbon_report_modules ORDER BY module_type`);
    expect(modules.rows).toEqual([
      // (and from migration 0013: no entry without a figure among them)
      { module_type: 'headcount', stats: { kg_co2eq: 200, entries: 1, without_factor: 0, by_type: {}, by_scope: { 3: 200 }, by_category: { per_fte_estimates: 200 } } },
      { module_type: 'professional_travel', stats: { kg_co2eq: 1000.5, entries: 2, without_factor: 0, by_type: {}, by_scope: { 3: 1000.5 }, by_category: { business_travel: 1000.5 } } },
    ]);
    const report = await db.query(`SELECT stats FROM carbon_reports`);
    expect(report.rows[0].stats).toEqual({ kg_co2eq: 1200.5, entries: 3, without_factor: 0, by_module: {}, by_scope: { 3: 1200.5 }, by_category: { business_travel: 1000.5, per_fte_estimates: 200 } });
  });

  it('requires both from then on', async () => {
    const entry = (await db.query(`SELECT id FROM data_entries LIMIT 1`)).rows[0].id;
    await expect(db.query(`INSERT INTO data_entry_emissions (data_entry_id, emission_type, kg_co2eq, quantity_unit) VALUES ($1, 'other', 1, 'km')`, [entry])).rejects.toThrow(/scope/);
    await expect(
      db.query(`INSERT INTO data_entry_emissions (data_entry_id, emission_type, kg_co2eq, quantity_unit, scope, category) VALUES ($1, 'other', 1, 'km', 4, 'x')`, [entry]),
    ).rejects.toThrow(/check constraint/);
  });
});
