// A carbon report's emissions as CSV (GET /api/v1/carbon_reports/{id}/emissions.csv): one row per
// emission with scope, category, factor and source; entries without a figure keep a row with an
// empty kg and a note; the kg column sums to the report's total; only those who may see every
// row of the unit get it.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack';
import { addMember, as, demoIds, type DemoIds } from './support/carbon';

let stack: TestStack;
let ids: DemoIds;
const YEAR = 2025;

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  // A member (no per-FTE factor ships: no figure), a trip for them, grid electricity with a
  // factor (DE) and without one (CH).
  const alice = await as(stack, 'alice');
  const unit = ids.unit['CLIMATE-LAB']!;
  await addMember(alice, unit, YEAR, 100001, 'Ada Export', 1);
  const made = [
    await alice.post(`/api/modules/${unit}/${YEAR}/professional-travel/plane`, { origin: 'GVA', destination: 'JFK', traveler_id: 100001, departure_date: '2025-03-01' }),
    await alice.post(`/api/modules/${unit}/${YEAR}/buildings/electricity`, { site: 'Lab', consumption: 1000, supply: 'location_based', mix: 'DE' }),
    // A grid named by no country code: no row, no figure (a country code would read the world average).
    await alice.post(`/api/modules/${unit}/${YEAR}/buildings/electricity`, { site: 'Annex', consumption: 500, supply: 'location_based', mix: 'Atlantis' }),
  ];
  expect(made.map((r) => r.status)).toEqual([201, 201, 201]);
}, 120_000);
afterAll(async () => stack?.stop());

async function reportOf(username: string, unit: string) {
  const client = await as(stack, username);
  const reports = (await (await as(stack, 'olga')).get(`/api/v1/carbon_reports?unit_id=${ids.unit[unit]}&year=${YEAR}`)).body;
  return { client, report: reports[0] as { id: number; stats: { kg_co2eq: number; entries: number } } };
}

describe('the report export', () => {
  it('gives a principal every emission of the unit, summing to the report total, each with its scope, category and factor source', async () => {
    const { client, report } = await reportOf('alice', 'CLIMATE-LAB');
    const res = await client.get(`/api/v1/carbon_reports/${report.id}/emissions.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toContain(`carbon-report-CLIMATE-LAB-${YEAR}.csv`);
    const text = res.body as unknown as string;
    const header = ['year', 'unit', 'module', 'entry_type', 'entry_id', 'entry_source', 'emission_type', 'scope', 'category', 'kg_co2eq', 'quantity', 'quantity_unit', 'factor_id', 'factor_source', 'note', 'entry_data'] as const;
    const rows = parse(text, { columns: true, bom: true }) as Record<(typeof header)[number], string>[];
    expect(Object.keys(rows[0]!)).toEqual([...header]);
    const sum = rows.reduce((s, r) => s + (r.kg_co2eq ? Number(r.kg_co2eq) : 0), 0);
    // Each row to the hundredth: the sum is within half a hundredth per row of the exact total.
    expect(Math.abs(sum - report.stats.kg_co2eq)).toBeLessThanOrEqual(0.005 * rows.length);
    expect(new Set(rows.map((r) => r.entry_id)).size).toBe(report.stats.entries);
    for (const r of rows.filter((x) => x.kg_co2eq !== '')) {
      expect(['1', '2', '3']).toContain(r.scope);
      expect(r.category).toMatch(/^[a-z_]+$/);
      if (r.factor_id) expect(r.factor_source.length).toBeGreaterThan(3);
    }
    // Entries without a factor (the grid named by no country code): a row each, with a note.
    const none = rows.filter((r) => r.kg_co2eq === '');
    expect(none.length).toBeGreaterThan(0);
    expect(none.every((r) => r.note.length > 0)).toBe(true);
    expect(JSON.parse(rows[0]!.entry_data)).toBeTypeOf('object');
  });

  it('gives the back office any unit; refuses a standard user, another unit’s principal, and an unknown report', async () => {
    const { report } = await reportOf('olga', 'OCEAN-LAB');
    expect((await (await as(stack, 'olga')).get(`/api/v1/carbon_reports/${report.id}/emissions.csv`)).status).toBe(200);
    const climate = (await reportOf('bob', 'CLIMATE-LAB')).report;
    const bob = await as(stack, 'bob');
    const refused = await bob.get(`/api/v1/carbon_reports/${climate.id}/emissions.csv`);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('every row of the unit');
    expect((await (await as(stack, 'dan')).get(`/api/v1/carbon_reports/${climate.id}/emissions.csv`)).status).toBe(403);
    expect((await bob.get('/api/v1/carbon_reports/999999/emissions.csv')).status).toBe(404);
  });
});
