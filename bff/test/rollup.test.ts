// The institution roll-up (GET /api/v1/rollup?year=): one row per unit of the year with the same
// figures as each unit's report (total, FTE, per FTE, scopes, entries, entries without a factor,
// validated modules), for the back-office `results` area only; a year is required.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RollupUnit } from '@carbon/shared';
import { startTestStack, type TestStack } from './support/stack';
import { addMember, as, demoIds, type DemoIds } from './support/carbon';

let stack: TestStack;
let ids: DemoIds;
const YEAR = 2025;
let trip: number;

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  const alice = await as(stack, 'alice');
  const unit = ids.unit['CLIMATE-LAB']!;
  await addMember(alice, unit, YEAR, 100001, 'Alice Martin', 1);
  await addMember(alice, unit, YEAR, 100002, 'Bob Keller', 0.5);
  const res = await alice.post(`/api/modules/${unit}/${YEAR}/professional-travel/plane`, { origin: 'GVA', destination: 'JFK', traveler_id: 100002, departure_date: '2025-05-01' });
  expect(res.status).toBe(201);
  trip = res.body.kg_co2eq;
  const report = (await alice.get(`/api/v1/carbon_reports?unit_id=${unit}&year=${YEAR}`)).body[0];
  expect((await alice.patch(`/api/v1/carbon_reports/${report.id}/modules/headcount/status`, { status: 'validated' })).status).toBe(200);
}, 120_000);
afterAll(async () => stack?.stop());

describe('institution roll-up', () => {
  it("gives each unit of the year its report's figures", async () => {
    const olga = await as(stack, 'olga');
    const res = await olga.get(`/api/v1/rollup?year=${YEAR}`);
    expect(res.status).toBe(200);
    const units: RollupUnit[] = res.body;
    const reports = (await olga.get(`/api/v1/carbon_reports?year=${YEAR}`)).body as { unit_id: number; id: number; stats: Record<string, any>; modules: { status: string }[] }[];
    expect(units.map((u) => u.unit_id).sort()).toEqual(reports.map((r) => r.unit_id).sort());
    for (const u of units) {
      const r = reports.find((x) => x.unit_id === u.unit_id)!;
      expect(u).toEqual({
        unit_id: r.unit_id,
        institutional_id: expect.any(String),
        name: expect.any(String),
        report_id: r.id,
        kg_co2eq: r.stats.kg_co2eq,
        fte: r.stats.fte,
        kg_co2eq_per_fte: r.stats.kg_co2eq_per_fte,
        by_scope: r.stats.by_scope,
        entries: r.stats.entries,
        without_factor: r.stats.without_factor,
        modules: r.modules.length,
        validated: r.modules.filter((m) => m.status === 'validated').length,
      });
    }
    // By hand for the climate lab: one trip over 1.5 FTE, two members adding nothing (no per-FTE estimate), the
    // headcount module validated.
    const climate = units.find((u) => u.unit_id === ids.unit['CLIMATE-LAB'])!;
    expect(climate.kg_co2eq).toBeCloseTo(trip, 6);
    expect(climate.fte).toBeCloseTo(1.5, 9);
    expect(climate.kg_co2eq_per_fte).toBeCloseTo(trip / 1.5, 6);
    expect(climate.by_scope).toEqual({ 1: 0, 2: 0, 3: expect.closeTo(trip, 6) });
    expect(climate).toMatchObject({ entries: 3, without_factor: 0, validated: 1 });
  });

  it('is for the back office and administrators only, and wants a year', async () => {
    for (const user of ['alice', 'bob'] as const) expect((await (await as(stack, user)).get(`/api/v1/rollup?year=${YEAR}`)).status).toBe(403);
    const adam = await as(stack, 'adam');
    expect((await adam.get(`/api/v1/rollup?year=${YEAR}`)).status).toBe(200);
    for (const q of ['', '?year=25', '?year=abcd']) {
      const res = await adam.get(`/api/v1/rollup${q}`);
      expect(res.status).toBe(422);
      expect(res.body.detail).toMatch(/year/);
    }
    expect((await adam.get('/api/v1/rollup?year=1900')).body).toEqual([]);
  });
});
