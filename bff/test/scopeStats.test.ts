// Stats per GHG scope and reporting category: Path 1 creates, updates and deletes of members,
// plane and train trips keep `by_scope` and `by_category` exact in module and report stats, and
// the aggregation of a recalculation writes the very same numbers. Members weigh FTE × the
// per-FTE factors uploaded here (800 kg per FTE: figures by hand); trips weigh what their
// emission rows say. A report is summed from its modules' stats when one of them is aggregated,
// to what the sums of its emissions give.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeReportStats, reportStatsFromSums } from '../src/domain/stats';
import { as, demoIds } from './support/carbon';
import { CSV, settled } from './support/pipeline';
import { startTestStack, type TestStack } from './support/stack';
import type { TestClient } from './support/httpClient';

let stack: TestStack;
let unit: number;
let report: number;
let dan: TestClient;
const YEAR = 2025;
const path = (module: string, type = '') => `/api/modules/${unit}/${YEAR}/${module}${type ? `/${type}` : ''}`;

beforeAll(async () => {
  stack = await startTestStack();
  const ids = await demoIds(stack.server.pool);
  unit = ids.unit['OCEAN-LAB']!;
  report = ids.report[`OCEAN-LAB/${YEAR}`]!;
  dan = await as(stack, 'dan');
  const olga = await as(stack, 'olga');
  // Per-FTE factors: 500 + 300 = 800 kg CO2e per FTE.
  expect((await olga.post(`/api/sync/factors/headcount/member?year=${YEAR}`, 'category,kg_co2eq_per_fte,source\nfood,500,test\ncommuting,300,test', CSV)).status).toBe(202);
  await settled(stack.server.pool);
});
afterAll(() => stack?.stop());

async function stats() {
  const travel = (await dan.get(path('professional-travel'))).body.stats;
  const headcount = (await dan.get(path('headcount'))).body.stats;
  const totals = (await dan.get(`/api/v1/carbon_reports/${report}`)).body.stats;
  return { travel, headcount, report: totals };
}

/** Stored by_scope and by_category values that differ from the SQL sums of the emission rows,
 * compared as numeric in PostgreSQL (exactly), for every module of the report and the report. */
async function inexact(): Promise<unknown[]> {
  const { rows } = await stack.server.pool.query(
    `WITH sums AS (
       SELECT m.id AS module_id, x.scope::text AS scope, x.category, x.kg_co2eq
         FROM carbon_report_modules m JOIN data_entries e ON e.carbon_report_module_id = m.id
         JOIN data_entry_emissions x ON x.data_entry_id = e.id
        WHERE m.carbon_report_id = $1
     ), owners AS (
       SELECT 'module ' || m.id AS owner, m.stats, ARRAY[m.id] AS modules FROM carbon_report_modules m WHERE m.carbon_report_id = $1
       UNION ALL
       SELECT 'report', r.stats, (SELECT array_agg(id) FROM carbon_report_modules WHERE carbon_report_id = r.id) FROM carbon_reports r WHERE r.id = $1
     ), expected AS (
       SELECT o.owner, o.stats, 'by_scope' AS what, s.k, (SELECT coalesce(sum(kg_co2eq), 0) FROM sums WHERE module_id = ANY (o.modules) AND scope = s.k) AS kg
         FROM owners o CROSS JOIN (VALUES ('1'), ('2'), ('3')) s(k)
       UNION ALL
       SELECT o.owner, o.stats, 'by_category', c.k, (SELECT coalesce(sum(kg_co2eq), 0) FROM sums WHERE module_id = ANY (o.modules) AND category = c.k)
         FROM owners o CROSS JOIN (SELECT DISTINCT category FROM data_entry_emissions) c(k)
     )
     SELECT owner, what, k, kg::text AS summed, stats #>> array[what, k] AS stored
       FROM expected
      WHERE coalesce((stats #>> array[what, k])::numeric, 0) <> kg
         OR coalesce((stats ->> 'kg_co2eq')::numeric, 0) <> (SELECT coalesce(sum(kg), 0) FROM expected x WHERE x.owner = expected.owner AND x.what = expected.what)`,
    [report],
  );
  return rows;
}

describe('stats by scope and category', () => {
  let plane: { id: number; kg_co2eq: number };
  let train: { id: number; kg_co2eq: number };

  it('follow Path 1 creates of members, plane and train trips', async () => {
    expect((await dan.post(path('headcount', 'member'), { user_institutional_id: '200001', name: 'Carol Rossi', fte: 1 })).body.kg_co2eq).toBe(800);
    expect((await dan.post(path('headcount', 'member'), { user_institutional_id: '200002', name: 'Dan Weber', fte: 0.5 })).body.kg_co2eq).toBe(400);
    plane = (await dan.post(path('professional-travel', 'plane'), { origin: 'GVA', destination: 'JFK', traveler_id: 200001 })).body;
    train = (await dan.post(path('professional-travel', 'train'), { origin: 'Lausanne', destination: 'Paris', traveler_id: 200002 })).body;
    // GVA–JFK economy one way: 6,296 km × 0.1517 kg/km, about 955 kg; Lausanne–Paris: 495 km ×
    // 0.0023 kg/km (France's TGV), about 1.14 kg.
    expect(plane.kg_co2eq).toBeCloseTo(955, -0.5);
    expect(train.kg_co2eq).toBeCloseTo(1.14, 1);

    const s = await stats();
    const travel = plane.kg_co2eq + train.kg_co2eq;
    expect(s.headcount).toMatchObject({ kg_co2eq: 1200, by_scope: { 1: 0, 2: 0, 3: 1200 }, by_category: { per_fte_estimates: 1200 } });
    expect(Object.keys(s.headcount.by_category)).toEqual(['per_fte_estimates']);
    expect(s.travel.by_scope).toEqual({ 1: 0, 2: 0, 3: s.travel.kg_co2eq });
    expect(s.travel.kg_co2eq).toBeCloseTo(travel, 6);
    expect(s.travel.by_category).toEqual({ business_travel: s.travel.kg_co2eq });
    expect(s.report.by_scope[3]).toBeCloseTo(1200 + travel, 6);
    expect(s.report.by_category.per_fte_estimates).toBe(1200);
    expect(s.report.by_category.business_travel).toBe(s.travel.kg_co2eq);
    expect(await inexact()).toEqual([]);
  });

  it('follow Path 1 updates: a round trip weighs twice, half the FTE half the per-FTE estimate', async () => {
    const members = (await dan.get(`${path('headcount', 'member')}?sort=user_institutional_id`)).body.items;
    const weber = members.find((m: { user_institutional_id: string }) => m.user_institutional_id === '200002');
    expect((await dan.patch(`${path('headcount', 'member')}/${weber.id}`, { fte: 0.25 })).body.kg_co2eq).toBe(200);
    const round = (await dan.patch(`${path('professional-travel', 'plane')}/${plane.id}`, { round_trip: true })).body;
    expect(round.kg_co2eq).toBeCloseTo(2 * plane.kg_co2eq, 5);
    plane = round;

    const s = await stats();
    expect(s.headcount).toMatchObject({ kg_co2eq: 1000, by_scope: { 3: 1000 }, by_category: { per_fte_estimates: 1000 } });
    expect(s.travel.by_scope[3]).toBeCloseTo(plane.kg_co2eq + train.kg_co2eq, 6);
    expect(s.report.by_scope).toMatchObject({ 1: 0, 2: 0 });
    expect(s.report.by_category.per_fte_estimates).toBe(1000);
    expect(await inexact()).toEqual([]);
  });

  it('follow Path 1 deletes, down to the rows that remain', async () => {
    const members = (await dan.get(`${path('headcount', 'member')}?sort=user_institutional_id`)).body.items;
    expect((await dan.delete(`${path('professional-travel', 'train')}/${train.id}`)).status).toBe(204);
    expect((await dan.delete(`${path('headcount', 'member')}/${members[0].id}`)).status).toBe(204);

    const s = await stats();
    expect(s.headcount).toMatchObject({ kg_co2eq: 200, entries: 1, by_scope: { 1: 0, 2: 0, 3: 200 }, by_category: { per_fte_estimates: 200 } });
    expect(s.travel).toMatchObject({ kg_co2eq: plane.kg_co2eq, by_scope: { 3: plane.kg_co2eq }, by_category: { business_travel: plane.kg_co2eq } });
    expect(s.report).toMatchObject({ by_category: { business_travel: plane.kg_co2eq, per_fte_estimates: 200 } });
    expect(s.report.by_scope[3]).toBeCloseTo(plane.kg_co2eq + 200, 6);
    expect(await inexact()).toEqual([]);
  });

  it('are rewritten by the aggregation to the same numbers', async () => {
    const before = await stats();
    // The stored stats lose their split; the aggregation after a recalculation writes it again.
    await stack.server.pool.query(`UPDATE carbon_report_modules SET stats = stats - 'by_scope' - 'by_category' WHERE carbon_report_id = $1`, [report]);
    await stack.server.pool.query(`UPDATE carbon_reports SET stats = stats - 'by_scope' - 'by_category' WHERE id = $1`, [report]);
    expect(await inexact()).not.toEqual([]);
    const olga = await as(stack, 'olga');
    for (const module of ['professional-travel', 'headcount']) {
      expect((await olga.post(`/api/sync/recalculate-emissions/${module}?year=${YEAR}&unit_id=${unit}`)).status).toBe(202);
    }
    await settled(stack.server.pool);
    expect(await stats()).toEqual(before);
    expect(await inexact()).toEqual([]);
  });

  it("rewrite the report from its modules when one module is aggregated: the emissions' sums again", async () => {
    const before = await stats();
    await stack.server.pool.query(`UPDATE carbon_reports SET stats = '{}' WHERE id = $1`, [report]);
    const olga = await as(stack, 'olga');
    expect((await olga.post(`/api/sync/recalculate-emissions/professional-travel?year=${YEAR}&unit_id=${unit}`)).status).toBe(202);
    await settled(stack.server.pool);
    expect(await stats()).toEqual(before);
    expect(await inexact()).toEqual([]);
    const { rows } = await stack.server.pool.query('SELECT stats FROM carbon_reports WHERE id = $1', [report]);
    expect(normalizeReportStats(rows[0].stats)).toEqual(normalizeReportStats(await reportStatsFromSums(stack.server.pool, report)));
  });
});
