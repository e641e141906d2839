// A user's own footprint (GET /api/v1/carbon_reports/{id}/own): the emissions of the rows that
// carry their person number — their member row and their trips, not a colleague's — beside the
// unit's total per FTE; for any user of the unit, refused to another unit's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack';
import { addMember, as, demoIds, type DemoIds } from './support/carbon';

let stack: TestStack;
let ids: DemoIds;
const YEAR = 2025;
let reportId: number;
const trips: number[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  const alice = await as(stack, 'alice');
  const unit = ids.unit['CLIMATE-LAB']!;
  await addMember(alice, unit, YEAR, 100001, 'Alice Martin', 1);
  await addMember(alice, unit, YEAR, 100002, 'Bob Keller', 0.5);
  for (const [traveler, destination] of [[100002, 'JFK'], [100002, 'LHR'], [100001, 'CDG']] as const) {
    const res = await alice.post(`/api/modules/${unit}/${YEAR}/professional-travel/plane`, { origin: 'GVA', destination, traveler_id: traveler, departure_date: '2025-05-01' });
    expect(res.status).toBe(201);
    trips.push(res.body.kg_co2eq);
  }
  reportId = (await alice.get(`/api/v1/carbon_reports?unit_id=${unit}&year=${YEAR}`)).body[0].id;
}, 120_000);
afterAll(async () => stack?.stop());

describe('own footprint', () => {
  it('sums a standard user’s own rows only (their two trips; their member row adds nothing, no per-FTE estimate being configured), beside the unit per FTE', async () => {
    const bob = await as(stack, 'bob');
    const res = await bob.get(`/api/v1/carbon_reports/${reportId}/own`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ person_number: 100002, entries: 3, without_factor: 0 });
    expect(res.body.kg_co2eq).toBeCloseTo(trips[0]! + trips[1]!, 6);
    expect(res.body.by_module.professional_travel).toMatchObject({ entries: 2 });
    expect(res.body.by_module.headcount).toEqual({ kg_co2eq: 0, entries: 1, not_configured: 1 });
    // The unit: every trip (members add nothing), over 1.5 FTE.
    expect(res.body.unit_kg_co2eq_per_fte).toBeCloseTo((trips[0]! + trips[1]! + trips[2]!) / 1.5, 6);
    // The report's totals stay hidden from him.
    expect((await bob.get(`/api/v1/carbon_reports/${reportId}`)).body.stats).toBeNull();
  });

  it('answers a principal too, and refuses another unit’s user and an unknown report', async () => {
    const alice = (await (await as(stack, 'alice')).get(`/api/v1/carbon_reports/${reportId}/own`)).body;
    expect(alice).toMatchObject({ person_number: 100001, entries: 2 });
    expect(alice.kg_co2eq).toBeCloseTo(trips[2]!, 6);
    const dan = await as(stack, 'dan');
    expect((await dan.get(`/api/v1/carbon_reports/${reportId}/own`)).status).toBe(403);
    expect((await dan.get('/api/v1/carbon_reports/999999/own')).status).toBe(404);
  });
});
