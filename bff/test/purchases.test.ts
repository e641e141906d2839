// The purchases module end to end, with ratios and exchange rates uploaded here (figures by hand):
// Path 1 creates, updates and deletes keep the module and report stats exact (scope 3, purchased
// goods and services), a purchase in a currency without a rate has no figure and is counted as
// such; a CSV file with good and bad rows reports each bad row and ends in the same stats as
// Path 1; uploading the year's exchange rates recalculates the purchases of every unit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, demoIds, type DemoIds } from './support/carbon';
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
const path = (unit: number, id?: number) => `/api/modules/${unit}/${YEAR}/purchases/purchase${id ? `/${id}` : ''}`;

const uploadFactors = (set: string, csv: string) => uploadFactorFile(olga, stack.server.pool, 'purchases', set, YEAR, csv);

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  dan = await as(stack, 'dan');
  olga = await as(stack, 'olga');
  // Lab consumables 0.5 kg per euro, services 0.2, both per euro of the year paid (no currency
  // year: nothing to deflate); one Swiss franc is 1.1 euros; no US dollar
  // rate yet (the year's default one is taken out, as if it had not been published).
  expect((await uploadFactors('purchase', 'category,kg_co2eq_per_eur,currency_year,source\nlab_consumables,0.5,,test\nservices,0.2,,test')).result).toBe('SUCCESS');
  expect((await uploadFactors('exchange_rate', 'currency,eur_per_unit,source\nCHF,1.1,test')).result).toBe('SUCCESS');
  await stack.server.pool.query(`DELETE FROM factors WHERE data_entry_type = 'exchange_rate' AND year = $1 AND classification->>'currency' = 'USD'`, [YEAR]);
});
afterAll(() => stack?.stop());

async function stats(unit: number) {
  const module = await olga.get(`/api/modules/${unit}/${YEAR}/purchases`);
  const report = await olga.get(`/api/v1/carbon_reports/${ids.report[`${unit === OCEAN() ? 'OCEAN-LAB' : 'CLIMATE-LAB'}/${YEAR}`]}`);
  expect(module.status).toBe(200);
  return { module: module.body.stats, report: report.body.stats };
}

/** Stats with every figure rounded to 6 decimals (kg sums of floating-point products). */
const rounded = (o: unknown): unknown =>
  typeof o === 'number' ? Math.round(o * 1e6) / 1e6 : o && typeof o === 'object' ? Object.fromEntries(Object.entries(o).map(([k, v]) => [k, rounded(v)])) : o;

const buy = (description: string, category: string, amount: number, currency: string, purchase_date = '2025-03-01') => ({ description, category, amount, currency, purchase_date });

describe('purchases, Path 1', () => {
  const made: Record<string, number> = {};

  it('creates: euros as paid, Swiss francs at the year\'s rate, US dollars without a rate have no figure', async () => {
    const tips = await dan.post(path(OCEAN()), buy('Pipette tips', 'lab_consumables', 1000, 'EUR'));
    expect(tips.status, JSON.stringify(tips.body)).toBe(201);
    expect(tips.body.kg_co2eq).toBeCloseTo(500, 9); // 1,000 × 0.5
    expect(tips.body.emissions).toMatchObject([{ emission_type: 'purchase', scope: 3, category: 'purchased_goods_services', quantity_unit: 'eur' }]);
    const calibration = await dan.post(path(OCEAN()), buy('Calibration', 'services', 2000, 'CHF'));
    expect(calibration.body.kg_co2eq).toBeCloseTo(440, 9); // 2,000 × 1.1 = 2,200 EUR × 0.2
    const licence = await dan.post(path(OCEAN()), buy('Licence', 'services', 500, 'USD'));
    expect(licence.status).toBe(201);
    expect(licence.body.kg_co2eq).toBeNull();
    expect(licence.body.emissions[0]).toMatchObject({ kg_co2eq: null, quantity: null, meta: { reason: 'no exchange rate for USD in the year' } });
    Object.assign(made, { tips: tips.body.id, calibration: calibration.body.id, licence: licence.body.id });

    const s = await stats(OCEAN());
    expect(rounded(s.module)).toMatchObject({
      kg_co2eq: 940,
      entries: 3,
      without_factor: 1,
      by_scope: { 1: 0, 2: 0, 3: 940 },
      by_category: { purchased_goods_services: 940 },
      by_type: { purchase: { kg_co2eq: 940, entries: 3, quantity: 3200, without_factor: 1 } },
    });
    expect(rounded(s.report)).toMatchObject({
      kg_co2eq: 940,
      without_factor: 1,
      by_module: { purchases: { kg_co2eq: 940, entries: 3, without_factor: 1 } },
      by_scope: { 1: 0, 2: 0, 3: 940 },
      by_category: { purchased_goods_services: 940 },
    });
  });

  it('updates: three times the consumables', async () => {
    const res = await dan.patch(path(OCEAN(), made.tips), { amount: 3000 });
    expect(res.body.kg_co2eq).toBeCloseTo(1500, 9);
    const s = await stats(OCEAN());
    expect(rounded(s.module)).toMatchObject({ kg_co2eq: 1940, entries: 3, without_factor: 1, by_scope: { 3: 1940 }, by_type: { purchase: { quantity: 5200 } } });
    expect(rounded(s.report)).toMatchObject({ kg_co2eq: 1940, by_scope: { 3: 1940 }, by_category: { purchased_goods_services: 1940 } });
  });

  it('deletes: the calibration goes, and its 440 kg with it', async () => {
    expect((await dan.delete(path(OCEAN(), made.calibration))).status).toBe(204);
    const s = await stats(OCEAN());
    expect(rounded(s.module)).toMatchObject({ kg_co2eq: 1500, entries: 2, without_factor: 1, by_scope: { 1: 0, 2: 0, 3: 1500 }, by_type: { purchase: { quantity: 3000 } } });
    expect(rounded(s.report)).toMatchObject({ kg_co2eq: 1500, entries: 2, without_factor: 1, by_scope: { 3: 1500 } });
  });

  it('refuses bad values with 422 naming each field, and changes nothing', async () => {
    const before = await tableCounts(stack.server.pool);
    const bad = await dan.post(path(OCEAN()), buy('x', 'weapons', 0, 'JPY', '2024-12-31'));
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBeTruthy();
    const byField = Object.fromEntries(bad.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(byField).toMatchObject({ amount: 'must be more than 0', currency: 'must be one of: EUR, CHF, USD, GBP' });
    // The library's categories (Labos 1point5's, the earlier broad ones last).
    expect(byField.category).toMatch(/^must be one of: lab_plastics_glassware, .*, lab_consumables, /);
    const lastYear = await dan.post(path(OCEAN()), buy('x', 'services', 10, 'EUR', '2024-12-31'));
    expect(lastYear.status).toBe(422);
    expect(lastYear.body.errors).toEqual([{ field: 'purchase_date', message: 'must be a date in 2025, the year of the report', code: 'date_outside_report_year', params: { year: 2025 } }]);
    expect((await dan.patch(path(OCEAN(), made.tips), { amount: -1 })).status).toBe(422);
    expect(await tableCounts(stack.server.pool)).toEqual(before);
  });
});

describe('purchases, Path 2', () => {
  it('a CSV file with good and bad rows: a row report, and the same stats as Path 1', async () => {
    const lines = [
      'description,category,amount,currency,purchase_date',
      'Pipette tips,lab_consumables,3000,EUR,2025-02-01',
      'Licence,services,500,USD,2025-03-01',
      'Free sample,services,0,EUR,2025-03-01',
      'Yen invoice,services,10,JPY,2025-03-01',
      'Last year,services,10,EUR,2024-12-31',
      'Unknown,weapons,10,EUR,2025-01-01',
    ];
    const report = await ingestReport(olga, stack.server.pool, { module: 'purchases', type: 'purchase', year: YEAR, unit_id: CLIMATE() }, lines);
    expect(report).toMatchObject({ rows: 6, stored: 2, skipped: 4 });
    expect(report.issues).toEqual([
      [4, 'amount'],
      [5, 'currency'],
      [6, 'purchase_date'],
      [7, 'category'],
    ]);
    const csv = (await stats(CLIMATE())).module;
    expect(rounded(csv)).toEqual(rounded((await stats(OCEAN())).module));
    expect(rounded(csv)).toMatchObject({ kg_co2eq: 1500, entries: 2, without_factor: 1 });
  });

  it('uploading the year\'s exchange rates recalculates the purchases of every unit; a currency the module does not take is a row error', async () => {
    // One US dollar is 0.9 euros: 500 × 0.9 = 450 EUR × 0.2 = 90 kg; Swiss francs unchanged.
    const job = await uploadFactors('exchange_rate', 'currency,eur_per_unit,source\nCHF,1.1,test\nUSD,0.9,test\nJPY,0.006,test');
    expect(job.result).toBe('WARNING');
    expect(job.report.issues).toMatchObject([{ row: 4, column: 'currency', level: 'error' }]);
    for (const unit of [OCEAN(), CLIMATE()]) {
      const s = await stats(unit);
      expect(rounded(s.module)).toMatchObject({
        kg_co2eq: 1590,
        entries: 2,
        without_factor: 0,
        by_scope: { 1: 0, 2: 0, 3: 1590 },
        by_type: { purchase: { kg_co2eq: 1590, quantity: 3450, without_factor: 0 } },
      });
      expect(rounded(s.report)).toMatchObject({ kg_co2eq: 1590, without_factor: 0, by_scope: { 3: 1590 }, by_category: { purchased_goods_services: 1590 } });
    }
    const items = (await dan.get(path(OCEAN()))).body.items as { description: string; kg_co2eq: number | null }[];
    expect(items.find((e) => e.description === 'Licence')!.kg_co2eq).toBeCloseTo(90, 9);
  });
});
