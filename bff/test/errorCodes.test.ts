// Every refusal carries a stable code and its params next to its English detail (the catalogue in
// shared/src/errors.ts), and so does each field issue and each line of a CSV row report: what the
// web app words in the user's language. Representative answers of each status, through the real
// app and database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_PARAMS, isErrorCode } from '@carbon/shared';
import { startTestStack, type TestStack } from './support/stack';
import { addMember, as, demoIds, type DemoIds } from './support/carbon';
import type { TestClient } from './support/httpClient';
import { jobRow, PLANE_HEADER, settled, upload } from './support/pipeline';

let stack: TestStack;
let ids: DemoIds;
let alice: TestClient;
let C: number;
const plane = () => `/api/modules/${C}/2025/professional-travel/plane`;
const trip = { origin: 'GVA', destination: 'JFK', cabin_class: 'economy', number_of_trips: 1, round_trip: false, departure_date: '2025-03-01', traveler_id: 100001 };

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  C = ids.unit['CLIMATE-LAB']!;
  alice = await as(stack, 'alice');
  await addMember(alice, C, 2025, 100001, 'Alice Martin');
});
afterAll(() => stack?.stop());

/** The params of a body and of each of its issues are exactly those its code declares. */
function expectCatalogued(body: { code: unknown; params: Record<string, unknown>; errors?: { code: unknown; params: Record<string, unknown> }[] }) {
  for (const e of [body, ...(body.errors ?? [])]) {
    expect(isErrorCode(e.code), String(e.code)).toBe(true);
    expect(Object.keys(e.params).sort()).toEqual([...ERROR_PARAMS[e.code as keyof typeof ERROR_PARAMS]].sort());
  }
}

describe('422: the code of the first issue, and one per field issue', () => {
  it.each([
    [{ origin: 'XZQ' }, 'origin', 'unknown_airport', { code: 'XZQ' }, 'unknown airport code XZQ'],
    [{ traveler_id: 999999 }, 'traveler_id', 'traveler_not_in_headcount', { personNumber: 999999, year: 2025 }, undefined],
    [{ departure_date: '2024-12-31' }, 'departure_date', 'date_outside_report_year', { year: 2025 }, 'must be a date in 2025, the year of the report'],
    [{ number_of_trips: 0 }, 'number_of_trips', 'number_too_small', { minimum: 1 }, 'must be at least 1'],
    [{ number_of_trips: 1001 }, 'number_of_trips', 'number_too_big', { maximum: 1000 }, 'must be at most 1000'],
    [{ cabin_class: 'premium' }, 'cabin_class', 'not_one_of', { options: 'economy, business, first' }, 'must be one of: economy, business, first'],
    [{ round_trip: 'yes' }, 'round_trip', 'expected_boolean', {}, 'must be true or false'],
    [{ origin: undefined }, 'origin', 'required', {}, 'is required'],
    [{ colour: 'red' }, undefined, 'unknown_fields', { fields: 'colour' }, undefined],
  ])('%j → %s: %s', async (change, field, code, params, message) => {
    const body: Record<string, unknown> = { ...trip, ...change };
    for (const [k, v] of Object.entries(change)) if (v === undefined) delete body[k];
    const res = await alice.post(plane(), body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code, params });
    expect(res.body.errors).toContainEqual(expect.objectContaining({ ...(field ? { field } : {}), code, params, ...(message ? { message } : {}) }));
    expect(typeof res.body.detail).toBe('string');
    expectCatalogued(res.body);
  });

  it('names the unit the carrier does not take, with the units it does', async () => {
    const res = await alice.post(`/api/modules/${C}/2025/buildings/heating`, { site: 'Lab', carrier: 'district_heating', quantity: 5, quantity_unit: 'm3' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { field: 'quantity_unit', message: 'must be one of: kwh, mwh (for carrier district_heating)', code: 'unit_not_allowed', params: { units: 'kwh, mwh', field: 'carrier', option: 'district_heating' } },
    ]);
  });
});

describe('403, 404, 409 and the rest', () => {
  it('403: a standard user recording a trip of someone else', async () => {
    const res = await (await as(stack, 'bob')).post(plane(), trip);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: expect.stringContaining('your own trips'), code: 'not_your_entry', params: {} });
  });

  it('403: a user without the back-office right, with the kind as its code', async () => {
    const res = await alice.post('/api/sync/units', { year: 2027 });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'You do not have permission to do this.', code: 'forbidden', params: {} });
  });

  it('404: an unknown unit, module, entry and route', async () => {
    expect((await alice.get('/api/modules/99999999/2025/headcount/member')).body).toMatchObject({ code: 'no_such_unit', params: {} });
    expect((await alice.get(`/api/modules/${C}/2025/gardening/member`)).body).toMatchObject({ code: 'no_such_module', params: { module: 'gardening' } });
    expect((await alice.get(`/api/modules/${C}/2025/professional-travel/plane/99999999`)).body).toMatchObject({ code: 'no_such_entry', params: {} });
    const route = await alice.get('/api/nothing-here');
    expect(route.status).toBe(404);
    expect(route.body).toEqual({ detail: 'No such API route.', code: 'no_such_route', params: {} });
  });

  it('409: recovering a job that has finished', async () => {
    const olga = await as(stack, 'olga');
    const started = await upload(olga, { module: 'professional_travel', type: 'plane', year: 2025, unit_id: C }, [PLANE_HEADER, 'GVA,JFK,economy,1,false,2025-05-01,100001'].join('\n'));
    await settled(stack.server.pool);
    const res = await olga.post(`/api/sync/jobs/${started.body.job_id}/recover`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'job_finished', params: { id: started.body.job_id, result: 'SUCCESS' } });
  });

  it('400: a body that is not JSON', async () => {
    const json = await alice.request('POST', plane(), '{"origin":', { 'content-type': 'application/json' });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ detail: 'The request body is not valid JSON.', code: 'invalid_json', params: {} });
  });
});

describe('CSV row reports: a code and params on every line', () => {
  it('words each skipped row by its code', async () => {
    const olga = await as(stack, 'olga');
    const csv = [
      PLANE_HEADER,
      'XZQ,JFK,economy,1,false,2025-05-01,100001', // 2: unknown airport
      'GVA,JFK,premium,1,false,2025-05-01,100001', // 3: not one of the cabin classes
      'GVA,JFK,economy,1,false,2024-05-01,100001', // 4: outside the report year
      'GVA,JFK,economy,1,false,2025-05-01,999999', // 5: not in the headcount (a warning)
      'GVA,JFK,economy,1,false,2025-05-01,100001,extra', // 6: a value beyond the header
    ].join('\n');
    const res = await upload(olga, { module: 'professional_travel', type: 'plane', year: 2025, unit_id: C }, csv);
    expect(res.status).toBe(202);
    await settled(stack.server.pool);
    const job = await jobRow(stack.server.pool, res.body.job_id);
    const issues = job.report.issues as { row: number; column: string | null; reason: string; code: string; params: Record<string, unknown>; level: string }[];
    expect(issues.map(({ row, column, code, params, level }) => ({ row, column, code, params, level }))).toEqual([
      { row: 2, column: 'origin', code: 'unknown_airport', params: { code: 'XZQ' }, level: 'error' },
      { row: 3, column: 'cabin_class', code: 'not_one_of', params: { options: 'economy, business, first' }, level: 'error' },
      { row: 4, column: 'departure_date', code: 'date_outside_report_year', params: { year: 2025 }, level: 'error' },
      { row: 5, column: 'person_number', code: 'traveler_not_in_headcount', params: { personNumber: 999999, year: 2025 }, level: 'warning' },
      { row: 6, column: null, code: 'extra_values', params: { count: 1 }, level: 'error' },
    ]);
    expect(issues[0]!.reason).toBe('unknown airport code XZQ');
    for (const i of issues) expectCatalogued({ code: i.code, params: i.params });
  });
});
