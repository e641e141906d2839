// The equipment module end to end, with factor values uploaded here (figures by hand): Path 1
// creates, updates and deletes keep the module and report stats exact per scope and category (a
// device's manufacturing share in scope 3, its use-phase electricity in scope 2); a device type
// without a factor has no figure and is counted without one; a CSV file with good and bad rows
// reports each bad row and ends in the same stats as Path 1; re-uploading the device factors, or
// the electricity factors a use phase reads, recalculates both units.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, demoIds, LIBRARY_GRID_MIXES, type DemoIds } from './support/carbon';
import { ingestReport, tableCounts, uploadFactorFile } from './support/pipeline';
import { startTestStack, type TestStack } from './support/stack';
import type { TestClient } from './support/httpClient';

let stack: TestStack;
let ids: DemoIds;
let dan: TestClient;
let olga: TestClient;
const YEAR = 2025;
const OCEAN = () => ids.unit['OCEAN-LAB']!;
const CLIMATE = () => ids.unit['CLIMATE-LAB']!;
const DEVICE_HEADER = 'device_type,kg_co2eq_per_device,lifetime_years,source';
const GRID_HEADER = 'supply,mix,kg_co2eq_per_kwh,kwh_per_mwh,source';
const path = (unit: number, id?: number) => `/api/modules/${unit}/${YEAR}/equipment/devices${id ? `/${id}` : ''}`;

const uploadFactors = (module: string, set: string, csv: string) => uploadFactorFile(olga, stack.server.pool, module, set, YEAR, csv);

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  dan = await as(stack, 'dan');
  olga = await as(stack, 'olga');
  // Laptops 200 kg over 4 years, servers 1,000 kg over 5; no tablet row. Grid DE: 0.4 kg/kWh,
  // and a supplier's contract no use phase reads.
  expect((await uploadFactors('equipment', 'device', `${DEVICE_HEADER}\nlaptop,200,4,test\nserver,1000,5,test`)).result).toBe('SUCCESS');
  expect((await uploadFactors('buildings', 'electricity', `${GRID_HEADER}\nlocation_based,DE,0.4,1000,test\nsupplier_specific,Green Hydro,0.01,,test`)).result).toBe('SUCCESS');
  // The default tablet row goes: a type without a row has no figure.
  await stack.server.pool.query(`DELETE FROM factors WHERE data_entry_type = 'device' AND classification->>'device_type' = 'tablet'`);
});
afterAll(() => stack?.stop());

async function stats(unit: number) {
  const module = await olga.get(`/api/modules/${unit}/${YEAR}/equipment`);
  const report = await olga.get(`/api/v1/carbon_reports/${ids.report[`${unit === OCEAN() ? 'OCEAN-LAB' : 'CLIMATE-LAB'}/${YEAR}`]}`);
  expect(module.status).toBe(200);
  return { module: module.body.stats, report: report.body.stats };
}

/** Stored per-scope and per-category figures of the equipment module that differ from the SQL
 * sums of its emission rows, compared as numeric in PostgreSQL (exactly). */
async function inexact(unit: number): Promise<unknown[]> {
  const { rows } = await stack.server.pool.query(
    `WITH m AS (
       SELECT m.id, m.stats FROM carbon_report_modules m JOIN carbon_reports r ON r.id = m.carbon_report_id
        WHERE r.unit_id = $1 AND r.year = $2 AND m.module_type = 'equipment'
     ), keys AS (
       SELECT 'by_scope' AS what, s AS k FROM unnest(ARRAY['1', '2', '3']) s
       UNION ALL SELECT 'by_category', c FROM unnest(ARRAY['capital_goods', 'purchased_electricity']) c
     )
     SELECT keys.what, keys.k, summed::float8 AS summed, m.stats #>> ARRAY[keys.what, keys.k] AS stored
       FROM m CROSS JOIN keys
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(d.kg_co2eq), 0) AS summed
          FROM data_entries e JOIN data_entry_emissions d ON d.data_entry_id = e.id
         WHERE e.carbon_report_module_id = m.id AND (CASE keys.what WHEN 'by_scope' THEN d.scope::text ELSE d.category END) = keys.k
      ) v
      WHERE coalesce((m.stats #>> ARRAY[keys.what, keys.k])::numeric, 0) <> summed`,
    [unit, YEAR],
  );
  return rows;
}

/** Stats with every figure rounded to 6 decimals (kg sums of floating-point products). */
const rounded = (o: unknown): unknown =>
  typeof o === 'number' ? Math.round(o * 1e6) / 1e6 : o && typeof o === 'object' ? Object.fromEntries(Object.entries(o).map(([k, v]) => [k, rounded(v)])) : o;

describe('equipment, Path 1', () => {
  const made: Record<string, number> = {};

  it('creates devices: a manufacturing share in scope 3, a use phase in scope 2, a type without a factor with no figure', async () => {
    // 10 laptops bought in 2024, the row's 4 years: 10 × 200 / 4 = 500 kg.
    const laptops = await dan.post(path(OCEAN()), { description: 'Laptops', device_type: 'laptop', count: 10, acquisition_year: 2024 });
    expect(laptops.status, JSON.stringify(laptops.body)).toBe(201);
    expect(laptops.body.kg_co2eq).toBeCloseTo(500, 9);
    expect(laptops.body.emissions).toMatchObject([{ emission_type: 'device_embodied', scope: 3, category: 'capital_goods', quantity: 2.5 }]);
    // 2 servers bought in 2025 for 5 years: 2 × 1,000 / 5 = 400 kg; 2 × 500 W × 2,000 h = 2,000 kWh × 0.4 = 800 kg.
    const servers = await dan.post(path(OCEAN()), { description: 'Servers', device_type: 'server', count: 2, acquisition_year: 2025, lifetime_years: 5, power_w: 500, hours_per_year: 2000, grid_country: 'DE' });
    expect(servers.status, JSON.stringify(servers.body)).toBe(201);
    expect(servers.body.kg_co2eq).toBeCloseTo(1200, 9);
    expect(servers.body.emissions).toMatchObject([
      { emission_type: 'device_embodied', scope: 3, category: 'capital_goods', kg_co2eq: 400 },
      { emission_type: 'device_use', scope: 2, category: 'purchased_electricity', kg_co2eq: 800, quantity: 2000, quantity_unit: 'kwh' },
    ]);
    const tablets = await dan.post(path(OCEAN()), { description: 'Tablets', device_type: 'tablet', count: 3, acquisition_year: 2025 });
    expect(tablets.status).toBe(201);
    expect(tablets.body.kg_co2eq).toBeNull();
    expect(tablets.body.emissions).toMatchObject([{ kg_co2eq: null, scope: 3, meta: { reason: 'no factor applies' } }]);
    Object.assign(made, { laptops: laptops.body.id, servers: servers.body.id, tablets: tablets.body.id });

    const s = await stats(OCEAN());
    expect(rounded(s.module)).toMatchObject({
      kg_co2eq: 1700,
      entries: 3,
      without_factor: 1,
      by_scope: { 1: 0, 2: 800, 3: 900 },
      by_category: { capital_goods: 900, purchased_electricity: 800 },
    });
    expect(rounded(s.report)).toMatchObject({ kg_co2eq: 1700, by_module: { equipment: { kg_co2eq: 1700, entries: 3 } }, by_scope: { 1: 0, 2: 800, 3: 900 } });
    expect(await inexact(OCEAN())).toEqual([]);
  });

  it('updates: 12 laptops (600 kg), the servers run 4,000 h (1,600 kg of scope 2)', async () => {
    expect((await dan.patch(path(OCEAN(), made.laptops), { count: 12 })).body.kg_co2eq).toBeCloseTo(600, 9);
    expect((await dan.patch(path(OCEAN(), made.servers), { hours_per_year: 4000 })).body.kg_co2eq).toBeCloseTo(2000, 9);
    const s = await stats(OCEAN());
    expect(rounded(s.module)).toMatchObject({ kg_co2eq: 2600, by_scope: { 1: 0, 2: 1600, 3: 1000 }, by_category: { capital_goods: 1000, purchased_electricity: 1600 } });
    expect(rounded(s.report.by_scope)).toEqual({ 1: 0, 2: 1600, 3: 1000 });
    expect(await inexact(OCEAN())).toEqual([]);
  });

  it('a device outside its lifetime weighs 0, a figure (not a missing one); the use phase can be removed', async () => {
    const old = await dan.patch(path(OCEAN(), made.laptops), { acquisition_year: 2020 });
    expect(old.body.kg_co2eq).toBe(0);
    expect(old.body.emissions[0].meta).toMatchObject({ share: 0, outside_lifetime: '2025 is outside 2020–2023: no share of the footprint falls in it' });
    const noUse = await dan.patch(path(OCEAN(), made.servers), { power_w: null, hours_per_year: null, grid_country: null });
    expect(noUse.status, JSON.stringify(noUse.body)).toBe(200);
    expect(noUse.body.emissions).toMatchObject([{ emission_type: 'device_embodied', kg_co2eq: 400 }]);
    expect(rounded((await stats(OCEAN())).module)).toMatchObject({ kg_co2eq: 400, without_factor: 1, by_scope: { 2: 0, 3: 400 } });
    // Back to the state the CSV test below reproduces.
    await dan.patch(path(OCEAN(), made.laptops), { acquisition_year: 2024 });
    await dan.patch(path(OCEAN(), made.servers), { power_w: 500, hours_per_year: 4000, grid_country: 'DE' });
    expect(await inexact(OCEAN())).toEqual([]);
  });

  it('deletes: the tablets go, and the entry without a factor with them', async () => {
    expect((await dan.delete(path(OCEAN(), made.tablets))).status).toBe(204);
    const s = await stats(OCEAN());
    expect(rounded(s.module)).toMatchObject({ kg_co2eq: 2600, entries: 2, without_factor: 0, by_scope: { 1: 0, 2: 1600, 3: 1000 } });
    expect(rounded(s.report)).toMatchObject({ kg_co2eq: 2600, by_scope: { 1: 0, 2: 1600, 3: 1000 } });
    expect(await inexact(OCEAN())).toEqual([]);
  });

  it('refuses a device acquired after the report year (2027, 2100 in a 2025 report) with 422 naming the field, on create and update, and changes nothing', async () => {
    const before = await tableCounts(stack.server.pool);
    const refusal = { field: 'acquisition_year', message: 'must be 2025 or earlier, the year of the report', code: 'year_after_report_year', params: { year: 2025 } };
    for (const year of [2027, 2100]) {
      const res = await dan.post(path(OCEAN()), { description: 'Future laptops', device_type: 'laptop', count: 1, acquisition_year: year });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'year_after_report_year', params: { year: 2025 }, errors: [refusal] });
      expect(res.body.detail).toMatch(/acquisition_year: must be 2025 or earlier/);
      const changed = await dan.patch(path(OCEAN(), made.laptops), { acquisition_year: year });
      expect(changed.status).toBe(422);
      expect(changed.body.errors).toEqual([refusal]);
    }
    expect(await tableCounts(stack.server.pool)).toEqual(before);
    expect((await dan.get(path(OCEAN(), made.laptops))).body.acquisition_year).toBe(2024);
  });

  it('refuses bad values with 422 naming each field, and changes nothing', async () => {
    const before = await tableCounts(stack.server.pool);
    const bad = await dan.post(path(OCEAN()), { description: 'Freezer', device_type: 'toaster', count: 0, acquisition_year: 2025, power_w: 300 });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBeTruthy();
    expect(Object.fromEntries(bad.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]))).toMatchObject({
      device_type: 'must be one of: laptop, desktop, monitor, server, smartphone, tablet, printer',
      count: 'must be at least 1',
    });
    const half = await dan.post(path(OCEAN()), { description: 'Freezer', device_type: 'server', count: 1, acquisition_year: 2025, power_w: 300 });
    expect(half.status).toBe(422);
    expect(half.body.errors).toEqual([
      { field: 'hours_per_year', message: 'is required when power_w is given', code: 'required_with', params: { other: 'power_w' } },
      { field: 'grid_country', message: 'is required when power_w is given', code: 'required_with', params: { other: 'power_w' } },
    ]);
    // An update that leaves the use phase half given.
    const partial = await dan.patch(path(OCEAN(), made.servers), { hours_per_year: null });
    expect(partial.status).toBe(422);
    expect(partial.body.errors).toEqual([{ field: 'hours_per_year', message: 'is required when power_w is given', code: 'required_with', params: { other: 'power_w' } }]);
    expect(await tableCounts(stack.server.pool)).toEqual(before);
  });

  it('offers the grid countries of the year\'s location-based electricity rows', async () => {
    const res = await dan.get(`${path(OCEAN())}/choices/grid_country`);
    expect(res.status).toBe(200);
    // The uploaded row and the library's other countries and world average (RoW) for 2025, in
    // the order of their names; never a supplier's contract.
    const items = [...LIBRARY_GRID_MIXES, 'RoW'].sort((a, b) => a.localeCompare(b)).map((mix) => ({ mix }));
    expect(res.body).toEqual({ field: 'grid_country', items });
  });
});

describe('equipment, Path 2', () => {
  it('a CSV file with good and bad rows: a row report, and the same stats as Path 1', async () => {
    const lines = [
      'description,device_type,count,acquisition_year,lifetime_years,power_w,hours_per_year,grid_country',
      'Laptops,laptop,12,2024,,,,',
      'Servers,server,2,2025,5,500,4000,DE',
      'Nothing,laptop,0,2024,,,,',
      'Toaster,toaster,1,2024,,,,',
      'Half a use phase,server,1,2024,,300,,DE',
      'Next year,laptop,1,2026,,,,',
      'Far future,laptop,1,2100,,,,',
    ];
    const report = await ingestReport(olga, stack.server.pool, { module: 'equipment', type: 'device', year: YEAR, unit_id: CLIMATE() }, lines);
    expect(report).toMatchObject({ rows: 7, stored: 2, skipped: 5 });
    expect(report.issues).toEqual([
      [4, 'count'],
      [5, 'device_type'],
      [6, 'hours_per_year'],
      [7, 'acquisition_year'],
      [8, 'acquisition_year'],
    ]);
    const csv = (await stats(CLIMATE())).module;
    expect(rounded(csv)).toEqual(rounded((await stats(OCEAN())).module));
    expect(rounded(csv)).toMatchObject({ kg_co2eq: 2600, entries: 2, by_scope: { 1: 0, 2: 1600, 3: 1000 } });
    expect(await inexact(CLIMATE())).toEqual([]);
  });

  it('re-uploading the device factors, or the grid factors a use phase reads, recalculates both units', async () => {
    // Laptops at 300 kg: 12 × 300 / 4 = 900 kg; servers unchanged at 400 + 1,600.
    expect((await uploadFactors('equipment', 'device', `${DEVICE_HEADER}\nlaptop,300,4,test\nserver,1000,5,test`)).result).toBe('SUCCESS');
    for (const unit of [OCEAN(), CLIMATE()]) {
      expect(rounded((await stats(unit)).module)).toMatchObject({ kg_co2eq: 2900, by_scope: { 2: 1600, 3: 1300 }, by_category: { capital_goods: 1300 } });
      expect(await inexact(unit)).toEqual([]);
    }
    // Grid DE at 0.5 kg/kWh: 4,000 kWh × 0.5 = 2,000 kg of scope 2.
    expect((await uploadFactors('buildings', 'electricity', `${GRID_HEADER}\nlocation_based,DE,0.5,1000,test`)).result).toBe('SUCCESS');
    for (const unit of [OCEAN(), CLIMATE()]) {
      const s = await stats(unit);
      expect(rounded(s.module)).toMatchObject({ kg_co2eq: 3300, by_scope: { 2: 2000, 3: 1300 }, by_category: { purchased_electricity: 2000 } });
      expect(rounded(s.report.by_scope)).toMatchObject({ 2: 2000, 3: 1300 });
      expect(await inexact(unit)).toEqual([]);
    }
  });
});
