// Uncertainty of factors and results. Factor files may carry the ± uncertainty their source states
// (`uncertainty_pct`, optional for every set; a bad value is a row of the report and changes
// nothing of that factor); carry-over keeps it; the defaults ship the published values. A report
// answers the ± of its total and of each module: emissions of the same factor row add linearly,
// different rows in quadrature; the ± the sources state is given on the kg it covers, and the
// whole total's range takes the rest in their factor set's default class. The figures below are
// computed by hand from a fixed dataset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportUncertainty, UncertaintyFigure } from '@carbon/shared';
import { as, demoIds, type DemoIds } from './support/carbon';
import { settled, uploadFactorFile } from './support/pipeline';
import { startTestStack, type TestStack } from './support/stack';
import type { TestClient } from './support/httpClient';

let stack: TestStack;
let ids: DemoIds;
let dan: TestClient;
let olga: TestClient;
const YEAR = 2025;
const OCEAN = () => ids.unit['OCEAN-LAB']!;
const REPORT = () => ids.report[`OCEAN-LAB/${YEAR}`]!;

interface Factor {
  classification: Record<string, string>;
  values: Record<string, number>;
  uncertainty_pct: number | null;
  source: string;
}

async function factors(module: string, set: string, year = YEAR): Promise<Map<string, Factor>> {
  const res = await olga.get(`/api/factors?module=${module}&set=${set}&year=${year}`);
  expect(res.status).toBe(200);
  return new Map((res.body.items as Factor[]).map((f) => [Object.values(f.classification).join('/'), f]));
}

async function create(path: string, body: Record<string, unknown>, kg: number | null) {
  const res = await dan.post(`/api/modules/${OCEAN()}/${YEAR}/${path}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (kg === null) expect(res.body.kg_co2eq).toBeNull();
  else expect(res.body.kg_co2eq).toBeCloseTo(kg, 9);
}

const buy = (description: string, category: string, amount: number) => ({ description, category, amount, currency: 'EUR', purchase_date: '2025-03-01' });

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  dan = await as(stack, 'dan');
  olga = await as(stack, 'olga');
});
afterAll(() => stack?.stop());

describe('factor files with an uncertainty column', () => {
  const trainFile = (rows: string[]) => ['country,kg_co2eq_per_km,uncertainty_pct,source', ...rows].join('\n');

  it('store the stated uncertainty, a decimal comma included; a blank cell is none published', async () => {
    const job = await uploadFactorFile(olga, stack.server.pool, 'professional-travel', 'train', YEAR, trainFile(['FR,0.0029,20,test', 'DE,0.056,"12,5",test', 'IT,0.029,,test']));
    expect(job).toMatchObject({ state: 'FINISHED', result: 'SUCCESS' });
    const train = await factors('professional-travel', 'train');
    expect([train.get('FR')!.uncertainty_pct, train.get('DE')!.uncertainty_pct, train.get('IT')!.uncertainty_pct]).toEqual([20, 12.5, null]);
  });

  it('report each bad value on its row and leave that factor as it was, values included', async () => {
    const job = await uploadFactorFile(olga, stack.server.pool, 'professional-travel', 'train', YEAR, trainFile(['FR,0.003,70%,test', 'DE,0.05,-1,test', 'IT,0.03,abc,test', 'AT,0.014,5,test']));
    expect(job).toMatchObject({ state: 'FINISHED', result: 'WARNING' });
    expect(job.report.issues.map((i: { row: number; column: string; code: string }) => [i.row, i.column, i.code])).toEqual([
      [2, 'uncertainty_pct', 'uncertainty_percentage'],
      [3, 'uncertainty_pct', 'uncertainty_percentage'],
      [4, 'uncertainty_pct', 'uncertainty_percentage'],
    ]);
    const train = await factors('professional-travel', 'train');
    expect(train.get('FR')).toMatchObject({ values: { kg_co2eq_per_km: 0.0029 }, uncertainty_pct: 20 });
    expect(train.get('DE')).toMatchObject({ values: { kg_co2eq_per_km: 0.056 }, uncertainty_pct: 12.5 });
    expect(train.get('IT')).toMatchObject({ values: { kg_co2eq_per_km: 0.029 }, uncertainty_pct: null });
    expect(train.get('AT')).toMatchObject({ values: { kg_co2eq_per_km: 0.014 }, uncertainty_pct: 5 });

    const none = await uploadFactorFile(olga, stack.server.pool, 'professional-travel', 'train', YEAR, trainFile(['FR,0.003,x,test']));
    expect(none).toMatchObject({ state: 'FINISHED', result: 'ERROR' });
    expect((await factors('professional-travel', 'train')).get('FR')).toMatchObject({ values: { kg_co2eq_per_km: 0.0029 }, uncertainty_pct: 20 });
  });

  it('are carried over to a new year with their uncertainty', async () => {
    const res = await olga.post('/api/sync/factors/carry-over', { from_year: YEAR, to_year: 2033 });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await settled(stack.server.pool);
    const train = await factors('professional-travel', 'train', 2033);
    expect([train.get('FR')!.uncertainty_pct, train.get('DE')!.uncertainty_pct, train.get('IT')!.uncertainty_pct]).toEqual([20, 12.5, null]);
    expect((await factors('professional-travel', 'plane', 2033)).get('short/economy')!.uncertainty_pct).toBe(70);
  });
});

describe('default factors', () => {
  it('carry the published uncertainties, cited in their source, and none where none is published', async () => {
    const plane = await factors('professional-travel', 'plane');
    expect(plane.get('short/economy')!.uncertainty_pct).toBe(70);
    expect(plane.get('short/economy')!.source).toContain('element 28130');
    expect(plane.get('long/economy')!.uncertainty_pct).toBeNull();
    const devices = await factors('equipment', 'device');
    // The server has no spread of its own: the ±30 % Ecodiag applies by default, which its source says.
    expect([devices.get('laptop')!.uncertainty_pct, devices.get('desktop')!.uncertainty_pct, devices.get('server')!.uncertainty_pct]).toEqual([59.5, 78, 30]);
    expect(devices.get('server')!.source).toContain('default_uncertainty ±30 %');
    expect((await factors('purchases', 'purchase')).get('unclassified')!.uncertainty_pct).toBe(22.6);
    expect((await factors('buildings', 'electricity')).get('FR/location_based')!.uncertainty_pct).toBeNull();
  });
});

describe('the uncertainty of a report', () => {
  beforeAll(async () => {
    // A fixed dataset: the demo rows of the report go, the factors are this test's.
    await stack.server.pool.query(`DELETE FROM data_entries e USING carbon_report_modules m WHERE e.carbon_report_module_id = m.id AND m.carbon_report_id = $1`, [REPORT()]);
    const up = (module: string, set: string, csv: string) => uploadFactorFile(olga, stack.server.pool, module, set, YEAR, csv);
    // The French grid mix ±10 %, read by buildings and by the devices' use phase alike.
    expect((await up('buildings', 'electricity', 'supply,mix,kg_co2eq_per_kwh,kwh_per_mwh,uncertainty_pct,source\nlocation_based,FR,0.05,1000,10,test')).result).toBe('SUCCESS');
    // No uncertainty column at all: the server's footprint has none.
    expect((await up('equipment', 'device', 'device_type,kg_co2eq_per_device,lifetime_years,source\nserver,1000,4,test')).result).toBe('SUCCESS');
    // Ratios per euro of the year paid (a blank currency year: nothing to deflate).
    expect((await up('purchases', 'purchase', 'category,kg_co2eq_per_eur,currency_year,uncertainty_pct,source\nlab_consumables,0.5,,20,test\nservices,0.2,,50,test\nit_equipment,0.4,,,test')).result).toBe('SUCCESS');
    // The library's furniture ratio goes: a category without a factor.
    await stack.server.pool.query(`DELETE FROM factors WHERE data_entry_type = 'purchase' AND year = $1 AND classification->>'category' = 'furniture'`, [YEAR]);

    await create('buildings/electricity', { site: 'Lab', consumption: 2000, consumption_unit: 'kwh', supply: 'location_based', mix: 'FR' }, 100);
    // 1,000 kg over 4 years (250 kg, no uncertainty) and 1,000 kWh of FR grid (50 kg).
    await create('equipment/devices', { description: 'Server', device_type: 'server', count: 1, acquisition_year: YEAR, power_w: 1000, hours_per_year: 1000, grid_country: 'FR' }, 300);
    await create('purchases/purchase', buy('Tips', 'lab_consumables', 1000), 500);
    await create('purchases/purchase', buy('Gloves', 'lab_consumables', 600), 300);
    await create('purchases/purchase', buy('Sequencing', 'services', 1000), 200);
    await create('purchases/purchase', buy('Laptop dock', 'it_equipment', 250), 100);
    await create('purchases/purchase', buy('Chair', 'furniture', 100), null); // no factor: in no total
  });

  it('adds the same factor linearly and different factors in quadrature, per module and for the total, states it on the kg it covers, and ranges the whole with the default classes', async () => {
    const res = await dan.get(`/api/v1/carbon_reports/${REPORT()}/uncertainty`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const u = res.body as ReportUncertainty;
    const close = (got: UncertaintyFigure, want: { kg: number; sigma: number; uncovered: number; whole: number }) => {
      expect(got.kg_co2eq).toBeCloseTo(want.kg, 6);
      expect(got.stated.covered_kg).toBeCloseTo(want.kg - want.uncovered, 6);
      expect(got.stated.covered_pct).toBeCloseTo((100 * (want.kg - want.uncovered)) / want.kg, 6);
      expect(got.stated.sigma_kg).toBeCloseTo(want.sigma, 6);
      // In % of the kg it covers, not of the total.
      expect(got.stated.sigma_pct).toBeCloseTo((100 * want.sigma) / (want.kg - want.uncovered), 6);
      expect(got.uncovered_kg).toBeCloseTo(want.uncovered, 6);
      expect(got.whole.sigma_kg).toBeCloseTo(want.whole, 6);
      expect(got.whole.sigma_pct).toBeCloseTo((100 * want.whole) / want.kg, 6);
      expect(got.whole.low_kg).toBeCloseTo(want.kg - want.whole, 6);
      expect(got.whole.high_kg).toBeCloseTo(want.kg + want.whole, 6);
    };
    // Buildings: 100 kg × 10 %, all of it stated.
    close(u.by_module.buildings!, { kg: 100, sigma: 10, uncovered: 0, whole: 10 });
    // Equipment: the use phase's 50 kg × 10 %; the 250 kg embodied have no stated uncertainty,
    // taken in the device set's class (very high, 80 %) for the whole: √(5² + 200²).
    close(u.by_module.equipment!, { kg: 300, sigma: 5, uncovered: 250, whole: Math.sqrt(5 ** 2 + 200 ** 2) });
    expect(u.by_module.equipment!.uncovered_by_class).toEqual({ low: 0, medium: 0, high: 0, very_high: 250 });
    // Purchases: (500 + 300) × 20 % = 160 on one factor, 200 × 50 % = 100 on another;
    // √(160² + 100²) stated on 1,000 kg; the 100 kg of IT equipment are uncovered (purchase
    // ratios: high, 50 %, so 50 kg in the whole), the chair has no figure.
    close(u.by_module.purchases!, { kg: 1100, sigma: Math.sqrt(160 ** 2 + 100 ** 2), uncovered: 100, whole: Math.sqrt(160 ** 2 + 100 ** 2 + 50 ** 2) });
    const empty = { kg_co2eq: 0, stated: { covered_kg: 0, covered_pct: null, sigma_kg: 0, sigma_pct: null }, uncovered_kg: 0, uncovered_by_class: { low: 0, medium: 0, high: 0, very_high: 0 }, whole: { sigma_kg: 0, sigma_pct: null, low_kg: 0, high_kg: 0 } };
    expect(u.by_module.headcount).toEqual(empty);
    expect(u.by_module.professional_travel).toEqual(empty);
    // The total: the grid mix is one factor across two modules, (100 + 50) × 10 % = 15, so
    // √(15² + 160² + 100²) ≈ 189.3 kg stated on the 1,150 kg it covers (16.5 %), not
    // √(10² + 5² + 160² + 100²); the whole 1,500 kg: √(15² + 200² + 160² + 100² + 50²) ≈ 280.9 kg.
    close(u, { kg: 1500, sigma: Math.sqrt(15 ** 2 + 160 ** 2 + 100 ** 2), uncovered: 350, whole: Math.sqrt(15 ** 2 + 200 ** 2 + 160 ** 2 + 100 ** 2 + 50 ** 2) });
    expect(u.uncovered_by_class).toEqual({ low: 0, medium: 0, high: 100, very_high: 250 });
    expect(u.report_id).toBe(REPORT());
  });

  it('follows a factor upload at once: a new stated uncertainty changes the ± without any recalculation', async () => {
    expect((await uploadFactorFile(olga, stack.server.pool, 'equipment', 'device', YEAR, 'device_type,kg_co2eq_per_device,lifetime_years,uncertainty_pct,source\nserver,1000,4,40,test')).result).toBe('SUCCESS');
    const u = (await dan.get(`/api/v1/carbon_reports/${REPORT()}/uncertainty`)).body as ReportUncertainty;
    expect(u.by_module.equipment!.stated.sigma_kg).toBeCloseTo(Math.sqrt(100 ** 2 + 5 ** 2), 6); // 250 × 40 %
    expect(u.by_module.equipment!.uncovered_kg).toBe(0);
    expect(u.by_module.equipment!.whole.sigma_kg).toBeCloseTo(u.by_module.equipment!.stated.sigma_kg, 9);
    expect(u.stated.sigma_kg).toBeCloseTo(Math.sqrt(15 ** 2 + 100 ** 2 + 160 ** 2 + 100 ** 2), 6);
    expect(u.uncovered_kg).toBeCloseTo(100, 6);
    expect(u.whole.sigma_kg).toBeCloseTo(Math.sqrt(15 ** 2 + 100 ** 2 + 160 ** 2 + 100 ** 2 + 50 ** 2), 6);
  });

  it('is for those who see the report totals: principals of the unit and the back office', async () => {
    const path = `/api/v1/carbon_reports/${REPORT()}/uncertainty`;
    const olgaSees = await olga.get(path);
    expect(olgaSees.status).toBe(200);
    expect(olgaSees.body).toEqual((await dan.get(path)).body);
    expect((await (await as(stack, 'carol')).get(path)).status).toBe(403); // standard user of the unit
    expect((await (await as(stack, 'alice')).get(path)).status).toBe(403); // another unit's principal
    expect((await olga.get('/api/v1/carbon_reports/999999/uncertainty')).status).toBe(404);
  });
});
