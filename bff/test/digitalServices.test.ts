// The digital services module end to end, with the default factors of the year (ADEME's services
// ratio, Green Algorithms' powers, Uptime's average PUE, the French and German grid mixes; figures
// by hand): Path 1 creates, updates and deletes keep the module and report stats exact (scope 3,
// purchased goods and services), an AI service without a factor has no figure and is counted as
// such, bad values are refused with 422; a CSV file per entry type with good and bad rows reports
// each bad row and ends in the same stats as Path 1; uploading an AI factor recalculates every unit.
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
});
afterAll(() => stack?.stop());

const stats = (unit: number) => moduleAndReportStats(olga, ids, unit === OCEAN() ? 'OCEAN-LAB' : 'CLIMATE-LAB', YEAR, 'digital-services');

const cloud = { description: 'Virtual machines', provider: 'OVHcloud', service_kind: 'compute', amount: 1000, currency: 'EUR' };
const gpu = { description: 'Model training', provider: 'GENCI', resource: 'gpu_nvidia_a100_pcie_40gb', quantity: 2000, grid_country: 'FR' };
const metered = { description: 'Data server', provider: 'Kiel', resource: 'metered_kwh', quantity: 3500, pue: 1.1, grid_country: 'DE' };
const assistant = { description: 'Writing assistant', band: 'moderate', users: 12 };

describe('digital services, Path 1', () => {
  const made: Record<string, number> = {};

  it('creates: a cloud bill, GPU-hours with the default PUE, metered kWh with the provider PUE, an AI service without a factor', async () => {
    const a = await dan.post(path(OCEAN(), 'cloud-spend'), cloud);
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body.kg_co2eq).toBeCloseTo(110, 9); // 1,000 EUR × 0.11
    expect(a.body.emissions).toMatchObject([{ emission_type: 'cloud_spend', scope: 3, category: 'purchased_goods_services', quantity_unit: 'eur' }]);
    const b = await dan.post(path(OCEAN(), 'compute-use'), gpu);
    expect(b.body.kg_co2eq).toBeCloseTo(37.44, 9); // 2,000 h × 250 W / 1000 = 500 kWh × 1.56 = 780 kWh × 0.048
    expect(b.body.emissions[0]).toMatchObject({ emission_type: 'compute_use', scope: 3, quantity_unit: 'kwh', meta: { pue: 1.56, pue_from: 'factor', watts: 250 } });
    const c = await dan.post(path(OCEAN(), 'compute-use'), metered);
    expect(c.body.kg_co2eq).toBeCloseTo(1397.55, 9); // 3,500 kWh × 1.1 = 3,850 kWh × 0.363
    const d = await dan.post(path(OCEAN(), 'ai-services'), assistant);
    expect(d.status).toBe(201);
    expect(d.body.kg_co2eq).toBeNull();
    expect(d.body.emissions[0]).toMatchObject({ kg_co2eq: null, meta: { reason: 'no factor applies' } });
    Object.assign(made, { a: a.body.id, b: b.body.id });

    const s = await stats(OCEAN());
    expect(rounded(s.module)).toMatchObject({
      kg_co2eq: 1544.99,
      entries: 4,
      without_factor: 1,
      by_scope: { 1: 0, 2: 0, 3: 1544.99 },
      by_category: { purchased_goods_services: 1544.99 },
      by_type: {
        cloud_spend: { kg_co2eq: 110, entries: 1, quantity: 1000, without_factor: 0 },
        compute_use: { kg_co2eq: 1434.99, entries: 2, quantity: 4630, without_factor: 0 },
        ai_service: { kg_co2eq: 0, entries: 1, without_factor: 1 },
      },
    });
    expect(rounded(s.report)).toMatchObject({ kg_co2eq: 1544.99, without_factor: 1, by_module: { [MODULE]: { kg_co2eq: 1544.99, entries: 4, without_factor: 1 } }, by_scope: { 3: 1544.99 } });
  });

  it('updates: twice the GPU-hours', async () => {
    const res = await dan.patch(path(OCEAN(), 'compute-use', made.b), { quantity: 4000 });
    expect(res.body.kg_co2eq).toBeCloseTo(74.88, 9); // 1,000 kWh × 1.56 × 0.048
    const s = await stats(OCEAN());
    expect(rounded(s.module)).toMatchObject({ kg_co2eq: 1582.43, entries: 4, by_type: { compute_use: { kg_co2eq: 1472.43, quantity: 5410 } } });
    expect(rounded(s.report)).toMatchObject({ kg_co2eq: 1582.43, by_category: { purchased_goods_services: 1582.43 } });
  });

  it('deletes: the cloud bill goes, and its 110 kg with it', async () => {
    expect((await dan.delete(path(OCEAN(), 'cloud-spend', made.a))).status).toBe(204);
    const s = await stats(OCEAN());
    expect(rounded(s.module)).toMatchObject({ kg_co2eq: 1472.43, entries: 3, without_factor: 1, by_type: { cloud_spend: { kg_co2eq: 0, entries: 0 } } });
    expect(rounded(s.report)).toMatchObject({ kg_co2eq: 1472.43, entries: 3, by_scope: { 3: 1472.43 } });
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
    expect((await dan.post(path(OCEAN(), 'ai-services'), { ...assistant, users: 0 })).status).toBe(422);
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
    const ai = await ingest('ai_service', ['description,provider,band,users', 'Writing assistant,,moderate,12', 'Nobody,,light,0', 'Oracle,,extreme,3']);
    expect(ai).toMatchObject({ rows: 3, stored: 1, skipped: 2 });
    expect(ai.issues).toEqual([
      [3, 'users'],
      [4, 'band'],
    ]);
    // Path 1 deleted its cloud bill: this file's one row is bad, so nothing is stored and the job fails.
    const res = await upload(olga, { module: MODULE, type: 'cloud_spend', year: YEAR, unit_id: CLIMATE() }, 'description,provider,service_kind,amount,currency\nFree tier,OVHcloud,compute,0,EUR');
    expect(res.status).toBe(202);
    await settled(stack.server.pool);
    const spend = await jobRow(stack.server.pool, res.body.job_id);
    expect(spend).toMatchObject({ state: 'FINISHED', result: 'ERROR', report: { rows: 1, stored: 0, skipped: 1, issues: [{ row: 2, column: 'amount' }] } });

    const csv = (await stats(CLIMATE())).module;
    expect(rounded(csv)).toEqual(rounded((await stats(OCEAN())).module));
    expect(rounded(csv)).toMatchObject({ kg_co2eq: 1472.43, entries: 3, without_factor: 1 });
  });

  it('uploading a factor for an AI usage band recalculates the AI services of every unit', async () => {
    const job = await uploadFactorFile(olga, stack.server.pool, MODULE, 'ai_service', YEAR, 'band,kg_co2eq_per_user,source\nmoderate,5,test');
    expect(job.result).toBe('SUCCESS');
    for (const unit of [OCEAN(), CLIMATE()]) {
      const s = await stats(unit);
      // 12 users × 5 kg = 60 kg more, and nothing without a factor any more.
      expect(rounded(s.module)).toMatchObject({ kg_co2eq: 1532.43, entries: 3, without_factor: 0, by_type: { ai_service: { kg_co2eq: 60, without_factor: 0 } } });
      expect(rounded(s.report)).toMatchObject({ kg_co2eq: 1532.43, without_factor: 0, by_scope: { 3: 1532.43 } });
    }
  });
});
