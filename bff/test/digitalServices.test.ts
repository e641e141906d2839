// The digital services module end to end, with the factor library's rows for 2025 (Labos 1point5's
// IT services ratio in 2019 euros, brought there by the euro area HICP; Green Algorithms' powers,
// Uptime's average PUE, Ember's French and German grid mixes; figures by hand): Path 1 creates,
// updates and deletes keep the module and report stats exact (scope 3, purchased goods and
// services), an AI service whose factor row is taken out has no figure and is counted as such, bad
// values are refused with 422; a CSV file per entry type with good and bad rows reports each bad
// row and ends in the same stats as Path 1; uploading the AI service's factor recalculates every unit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, demoIds, moduleAndReportStats, rounded, type DemoIds } from './support/carbon';
import { ingestReport, jobRow, settled, tableCounts, upload, uploadFactorFile } from './support/pipeline';
import { startTestStack, type TestStack } from './support/stack';
import type { TestClient } from './support/httpClient';

let stack: TestStack;
let ids: DemoIds;
let dan: TestClient;
let olga: TestClient;
const YEAR = 2025;
const MODULE = 'digital_services';
const OCEAN = () => ids.unit['OCEAN-LAB']!;
const CLIMATE = () => ids.unit['CLIMATE-LAB']!;
const path = (unit: number, type: string, id?: number) => `/api/modules/${unit}/${YEAR}/digital-services/${type}${id ? `/${id}` : ''}`;

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  dan = await as(stack, 'dan');
  olga = await as(stack, 'olga');
  // The library's ChatGPT row goes, as if OpenAI had published nothing: a service without a factor.
  await stack.server.pool.query(`DELETE FROM factors WHERE data_entry_type = 'ai_service' AND year = $1 AND classification->>'service' = 'openai_chatgpt_text'`, [YEAR]);
});
afterAll(() => stack?.stop());

const stats = (unit: number) => moduleAndReportStats(olga, ids, unit === OCEAN() ? 'OCEAN-LAB' : 'CLIMATE-LAB', YEAR, 'digital-services');

const cloud = { description: 'Virtual machines', provider: 'OVHcloud', service_kind: 'compute', amount: 1000, currency: 'EUR' };
const gpu = { description: 'Model training', provider: 'GENCI', resource: 'gpu_nvidia_a100_pcie_40gb', quantity: 2000, grid_country: 'FR' };
const metered = { description: 'Data server', provider: 'Kiel', resource: 'metered_kwh', quantity: 3500, pue: 1.1, grid_country: 'DE' };
const assistant = { description: 'Writing assistant', service: 'openai_chatgpt_text', requests: 12_000, grid_country: 'DE' };

describe('digital services, Path 1', () => {
  const made: Record<string, number> = {};

  it('creates: a cloud bill, GPU-hours with the default PUE, metered kWh with the provider PUE, an AI service without any estimate configured', async () => {
    const a = await dan.post(path(OCEAN(), 'cloud-spend'), cloud);
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    // 1,000 EUR of 2025 × HICP 104.80 (2019) / 128.75 (2025) = 813.98 EUR of 2019 × 0.13
    // = 105.8174757…, stored to 6 decimals of a kg (the milligram)
    expect(a.body.kg_co2eq).toBeCloseTo(105.817476, 9);
    expect(a.body.emissions).toMatchObject([{ emission_type: 'cloud_spend', scope: 3, category: 'purchased_goods_services', quantity: 1000, quantity_unit: 'eur', meta: { currency_year: 2019 } }]);
    const b = await dan.post(path(OCEAN(), 'compute-use'), gpu);
    expect(b.body.kg_co2eq).toBeCloseTo(34.4604, 9); // 2,000 h × 250 W / 1000 = 500 kWh × 1.56 = 780 kWh × 0.04418
    expect(b.body.emissions[0]).toMatchObject({ emission_type: 'compute_use', scope: 3, quantity_unit: 'kwh', meta: { pue: 1.56, pue_from: 'factor', watts: 250 } });
    const c = await dan.post(path(OCEAN(), 'compute-use'), metered);
    expect(c.body.kg_co2eq).toBeCloseTo(1324.939, 9); // 3,500 kWh × 1.1 = 3,850 kWh × 0.34414
    const d = await dan.post(path(OCEAN(), 'ai-services'), assistant);
    expect(d.status).toBe(201);
    expect(d.body.kg_co2eq).toBeNull();
    expect(d.body.emissions[0]).toMatchObject({ kg_co2eq: null, quantity: 12_000, meta: { service: 'openai_chatgpt_text', reason: 'no factor applies' } });
    Object.assign(made, { a: a.body.id, b: b.body.id });

    // 105.817476 + 34.4604 + 1,324.939 = 1,465.216876 kg
    const s = await stats(OCEAN());
    expect(rounded(s.module)).toMatchObject({
      kg_co2eq: 1465.216876,
      entries: 4,
      without_factor: 1,
      by_scope: { 1: 0, 2: 0, 3: 1465.216876 },
      by_category: { purchased_goods_services: 1465.216876 },
      by_type: {
        cloud_spend: { kg_co2eq: 105.817476, entries: 1, quantity: 1000, without_factor: 0 },
        compute_use: { kg_co2eq: 1359.3994, entries: 2, quantity: 4630, without_factor: 0 },
        ai_service: { kg_co2eq: 0, entries: 1, without_factor: 1 },
      },
    });
    expect(rounded(s.report)).toMatchObject({ kg_co2eq: 1465.216876, without_factor: 1, by_module: { [MODULE]: { kg_co2eq: 1465.216876, entries: 4, without_factor: 1 } }, by_scope: { 3: 1465.216876 } });
  });

  it('updates: twice the GPU-hours', async () => {
    const res = await dan.patch(path(OCEAN(), 'compute-use', made.b), { quantity: 4000 });
    expect(res.body.kg_co2eq).toBeCloseTo(68.9208, 9); // 1,000 kWh × 1.56 × 0.04418
    // compute: 68.9208 + 1,324.939 = 1,393.8598; with the cloud bill's 105.817476: 1,499.677276
    const s = await stats(OCEAN());
    expect(rounded(s.module)).toMatchObject({ kg_co2eq: 1499.677276, entries: 4, by_type: { compute_use: { kg_co2eq: 1393.8598, quantity: 5410 } } });
    expect(rounded(s.report)).toMatchObject({ kg_co2eq: 1499.677276, by_category: { purchased_goods_services: 1499.677276 } });
  });

  it('deletes: the cloud bill goes, and its 105.817476 kg with it', async () => {
    expect((await dan.delete(path(OCEAN(), 'cloud-spend', made.a))).status).toBe(204);
    const s = await stats(OCEAN());
    expect(rounded(s.module)).toMatchObject({ kg_co2eq: 1393.8598, entries: 3, without_factor: 1, by_type: { cloud_spend: { kg_co2eq: 0, entries: 0 } } });
    expect(rounded(s.report)).toMatchObject({ kg_co2eq: 1393.8598, entries: 3, by_scope: { 3: 1393.8598 } });
  });

  it('refuses bad values with 422 naming each field, and changes nothing', async () => {
    const before = await tableCounts(stack.server.pool);
    const badUse = await dan.post(path(OCEAN(), 'compute-use'), { ...gpu, resource: 'quantum', quantity: -1, pue: 0.5 });
    expect(badUse.status).toBe(422);
    expect(badUse.body.detail).toBeTruthy();
    const byField = Object.fromEntries(badUse.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(byField).toMatchObject({ quantity: 'must be at least 0', pue: 'must be at least 1' });
    expect(byField.resource).toMatch(/^must be one of: cpu_core_any, /);
    const badSpend = await dan.post(path(OCEAN(), 'cloud-spend'), { ...cloud, service_kind: 'mining', amount: 0, currency: 'JPY' });
    expect(badSpend.status).toBe(422);
    expect(badSpend.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['amount', 'currency', 'service_kind']);
    expect((await dan.post(path(OCEAN(), 'ai-services'), { ...assistant, requests: 0 })).status).toBe(422);
    expect((await dan.post(path(OCEAN(), 'ai-services'), { ...assistant, service: 'oracle' })).status).toBe(422);
    expect((await dan.patch(path(OCEAN(), 'compute-use', made.b), { pue: 9 })).status).toBe(422);
    expect(await tableCounts(stack.server.pool)).toEqual(before);
  });
});

describe('digital services, Path 2', () => {
  const ingest = (type: string, lines: string[]) => ingestReport(olga, stack.server.pool, { module: MODULE, type, year: YEAR, unit_id: CLIMATE() }, lines);

  it('a CSV file per entry type with good and bad rows: a row report each, and the same stats as Path 1', async () => {
    const use = await ingest('compute_use', [
      'description,provider,resource,quantity,pue,grid_country',
      'Model training,GENCI,gpu_nvidia_a100_pcie_40gb,4000,,FR',
      'Data server,Kiel,metered_kwh,3500,1.1,DE',
      'Quantum job,X,quantum,10,,FR',
      'Negative,X,cpu_core_any,-5,,FR',
      'Too efficient,X,cpu_core_any,5,0.5,FR',
    ]);
    expect(use).toMatchObject({ rows: 5, stored: 2, skipped: 3 });
    expect(use.issues).toEqual([
      [4, 'resource'],
      [5, 'quantity'],
      [6, 'pue'],
    ]);
    const ai = await ingest('ai_service', [
      'description,provider,service,requests,grid_country',
      'Writing assistant,,openai_chatgpt_text,12000,DE',
      'Nobody,,google_gemini_text,0,',
      'Oracle,,oracle,3,',
    ]);
    expect(ai).toMatchObject({ rows: 3, stored: 1, skipped: 2 });
    expect(ai.issues).toEqual([
      [3, 'requests'],
      [4, 'service'],
    ]);
    // Path 1 deleted its cloud bill: this file's one row is bad, so nothing is stored and the job fails.
    const res = await upload(olga, { module: MODULE, type: 'cloud_spend', year: YEAR, unit_id: CLIMATE() }, 'description,provider,service_kind,amount,currency\nFree tier,OVHcloud,compute,0,EUR');
    expect(res.status).toBe(202);
    await settled(stack.server.pool);
    const spend = await jobRow(stack.server.pool, res.body.job_id);
    expect(spend).toMatchObject({ state: 'FINISHED', result: 'ERROR', report: { rows: 1, stored: 0, skipped: 1, issues: [{ row: 2, column: 'amount' }] } });

    const csv = (await stats(CLIMATE())).module;
    expect(rounded(csv)).toEqual(rounded((await stats(OCEAN())).module));
    expect(rounded(csv)).toMatchObject({ kg_co2eq: 1393.8598, entries: 3, without_factor: 1 });
  });

  it('uploading an AI service\'s factor recalculates the AI services of every unit', async () => {
    // Energy per request, read with the grid of the entry's country.
    const job = await uploadFactorFile(olga, stack.server.pool, MODULE, 'ai_service', YEAR, 'service,kg_co2eq_per_request,wh_per_request,source\nopenai_chatgpt_text,,0.5,test');
    expect(job.result).toBe('SUCCESS');
    for (const unit of [OCEAN(), CLIMATE()]) {
      const s = await stats(unit);
      // 12,000 requests × 0.5 Wh = 6 kWh × 0.34414 (DE) = 2.06484 kg more, and nothing without a factor any more.
      expect(rounded(s.module)).toMatchObject({ kg_co2eq: 1395.92464, entries: 3, without_factor: 0, by_type: { ai_service: { kg_co2eq: 2.06484, without_factor: 0 } } });
      expect(rounded(s.report)).toMatchObject({ kg_co2eq: 1395.92464, without_factor: 0, by_scope: { 3: 1395.92464 } });
    }
  });
});
