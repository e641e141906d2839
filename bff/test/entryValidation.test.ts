// Bad input gets a 422 naming the field and changes nothing: every field bound and type, unknown
// airports and places, duplicate member person numbers, list query parameters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack';
import { addMember, as, demoIds, type DemoIds } from './support/carbon';
import type { TestClient } from './support/httpClient';

let stack: TestStack;
let ids: DemoIds;
let alice: TestClient;
let C: number;
const url = (type: string) => `/api/modules/${C}/2025/${type === 'member' ? 'headcount' : 'professional-travel'}/${type}`;
const valid: Record<string, Record<string, unknown>> = {
  plane: { origin: 'GVA', destination: 'JFK', cabin_class: 'economy', number_of_trips: 1, round_trip: false, departure_date: '2025-03-01', traveler_id: 100001 },
  train: { origin: 'Lausanne', destination: 'Paris', class: 'second', number_of_trips: 1, round_trip: true, traveler_id: 100001 },
  member: { user_institutional_id: '100900', name: 'New Member', fte: 0.5, position: 'Intern' },
};

async function entryCount(): Promise<number> {
  const { rows } = await stack.server.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM data_entries');
  return rows[0]!.n;
}

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  C = ids.unit['CLIMATE-LAB']!;
  alice = await as(stack, 'alice');
  await addMember(alice, C, 2025, 100001, 'Alice Martin');
});
afterAll(() => stack?.stop());

describe('field validation on create (422 with a field-level message, nothing written)', () => {
  it.each([
    ['plane', 'origin', undefined, 'is required'],
    ['plane', 'origin', 42, 'must be an airport code'],
    ['plane', 'origin', 'GENEVA', 'must be a three-letter IATA airport code'],
    ['plane', 'destination', '', 'must be a three-letter IATA airport code'],
    ['plane', 'cabin_class', 'premium', 'must be one of: economy, business, first'],
    ['plane', 'number_of_trips', 0, 'must be at least 1'],
    ['plane', 'number_of_trips', 1001, 'must be at most 1000'],
    ['plane', 'number_of_trips', 2.5, 'must be a whole number'],
    ['plane', 'number_of_trips', '3', 'must be a whole number'],
    ['plane', 'round_trip', 'yes', 'must be true or false'],
    ['plane', 'departure_date', '2025-02-30', 'must be a date (YYYY-MM-DD)'],
    ['plane', 'departure_date', '1985-01-01', 'must be between 1990-01-01 and 2100-12-31'],
    ['plane', 'traveler_id', -5, 'must be at least 1'],
    ['plane', 'traveler_id', 1.5, 'must be a whole number'],
    ['plane', 'traveler_id', '100001', 'must be a whole number'],
    ['plane', 'traveler_name', 'x'.repeat(201), 'must be at most 200 characters'],
    ['train', 'origin', undefined, 'is required'],
    ['train', 'destination', 'x'.repeat(201), 'must be at most 200 characters'],
    ['train', 'origin_country', 'CHE', 'must be an ISO 3166 two-letter country code'],
    ['train', 'class', 'economy', 'must be one of: first, second'],
    ['train', 'number_of_trips', 0, 'must be at least 1'],
    ['member', 'user_institutional_id', undefined, 'is required'],
    ['member', 'user_institutional_id', '00123', 'must be a person number (digits, no leading zero)'],
    ['member', 'user_institutional_id', 'ABC', 'must be a person number (digits, no leading zero)'],
    ['member', 'user_institutional_id', 123, 'must be text'],
    ['member', 'name', '', 'is required'],
    ['member', 'name', 'x'.repeat(201), 'must be at most 200 characters'],
    ['member', 'fte', 1.01, 'must be at most 1'],
    ['member', 'fte', -1, 'must be at least 0'],
    ['member', 'fte', 'half', 'must be a number'],
    ['member', 'position', 'x'.repeat(201), 'must be at most 200 characters'],
  ])('%s.%s = %j → %s', async (type, field, value, message) => {
    const body: Record<string, unknown> = { ...valid[type], [field]: value };
    if (value === undefined) delete body[field];
    const before = await entryCount();
    const res = await alice.post(url(type), body);
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field, message }));
    expect(res.body.detail).toContain(`${field}: ${message}`);
    expect(await entryCount()).toBe(before);
  });

  it('accepts the valid payloads', async () => {
    for (const type of ['plane', 'train', 'member']) expect((await alice.post(url(type), valid[type])).status).toBe(201);
  });

  it('refuses unknown fields', async () => {
    const res = await alice.post(url('plane'), { ...valid.plane, seat: '12A' });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/unknown field: seat/);
  });

  it('refuses a body that is not an object, and malformed JSON', async () => {
    expect((await alice.post(url('plane'), [valid.plane])).status).toBe(422);
    expect((await alice.post(url('plane'), '{"origin":', { 'content-type': 'application/json' })).status).toBe(400);
  });

  it('validates updates too, and keeps the entry', async () => {
    const created = (await alice.post(url('plane'), valid.plane)).body;
    for (const [body, field] of [
      [{ number_of_trips: 0 }, 'number_of_trips'],
      [{ origin: null }, 'origin'],
      [{ cabin_class: 'premium' }, 'cabin_class'],
    ] as const) {
      const res = await alice.patch(`${url('plane')}/${created.id}`, body);
      expect(res.status).toBe(422);
      expect(res.body.errors[0].field).toBe(field);
    }
    expect((await alice.get(`${url('plane')}/${created.id}`)).body).toMatchObject({ number_of_trips: 1, origin: 'GVA', cabin_class: 'economy' });
  });
});

describe('dates belong to the year of their report', () => {
  const outside = (year: number) => ({ field: 'departure_date', message: `must be a date in ${year}, the year of the report`, code: 'date_outside_report_year', params: { year } });

  it.each(['2019-06-01', '2024-12-31', '2026-01-01', '2099-01-01'])('refuses a trip dated %s in the 2025 report, changing nothing', async (date) => {
    const before = await entryCount();
    const res = await alice.post(url('plane'), { ...valid.plane, departure_date: date });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([outside(2025)]);
    expect(res.body.detail).toBe('Invalid plane entry: departure_date: must be a date in 2025, the year of the report');
    expect(await entryCount()).toBe(before);
  });

  it('accepts the first and the last day of the year, and no date at all', async () => {
    for (const date of ['2025-01-01', '2025-12-31', null]) expect((await alice.post(url('plane'), { ...valid.plane, departure_date: date })).status).toBe(201);
  });

  it('refuses an update that moves the date out of the year, and keeps the entry', async () => {
    const created = (await alice.post(url('train'), { ...valid.train, departure_date: '2025-06-01' })).body;
    const res = await alice.patch(`${url('train')}/${created.id}`, { departure_date: '2032-06-01' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([outside(2025)]);
    expect((await alice.get(`${url('train')}/${created.id}`)).body).toMatchObject({ departure_date: '2025-06-01' });
    expect((await alice.patch(`${url('train')}/${created.id}`, { departure_date: '2025-11-30' })).status).toBe(200);
  });
});

describe('locations', () => {
  it.each([
    ['plane', { origin: 'XQX' }, 'origin', 'unknown airport code XQX'],
    ['plane', { destination: 'ZZZ' }, 'destination', 'unknown airport code ZZZ'],
    ['train', { origin: 'Xyzzyville' }, 'origin', 'unknown place "Xyzzyville"'],
    ['train', { origin: 'Lausanne', origin_country: 'FR' }, 'origin', 'unknown place "Lausanne" in FR'],
  ])('%s %j → 422', async (type, change, field, message) => {
    const before = await entryCount();
    const res = await alice.post(url(type), { ...valid[type], ...change });
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field, message }));
    expect(await entryCount()).toBe(before);
  });

  it('refuses a trip whose origin and destination are the same place', async () => {
    const res = await alice.post(url('plane'), { ...valid.plane, origin: 'gva', destination: 'GVA' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'destination', message: 'must differ from origin' }));
  });

  it('stores locations in canonical form: IATA in upper case, the place name and its country', async () => {
    const plane = await alice.post(url('plane'), { ...valid.plane, origin: 'zrh', destination: 'lhr' });
    expect(plane.body).toMatchObject({ origin: 'ZRH', destination: 'LHR' });
    const train = await alice.post(url('train'), { ...valid.train, origin: 'zurich', destination: 'geneve' });
    expect(train.body).toMatchObject({ origin: 'Zürich', origin_country: 'CH', destination: 'Genève', destination_country: 'CH' });
    const us = await alice.post(url('train'), { ...valid.train, origin: 'Dallas', destination: 'Paris', destination_country: 'us' });
    expect(us.body).toMatchObject({ destination: 'Paris', destination_country: 'US' });
  });
});

describe('duplicate member person numbers', () => {
  it('refuses a second member with the same person number in one headcount (create and update)', async () => {
    await addMember(alice, C, 2025, 100700, 'First');
    const dup = await alice.post(url('member'), { user_institutional_id: '100700', name: 'Second', fte: 1 });
    expect(dup.status).toBe(422);
    expect(dup.body.detail).toBe('A member with person number 100700 is already in this headcount.');
    expect(dup.body.errors[0].field).toBe('user_institutional_id');

    const other = await addMember(alice, C, 2025, 100701, 'Other');
    const renumber = await alice.patch(`${url('member')}/${other.id}`, { user_institutional_id: '100700' });
    expect(renumber.status).toBe(422);
    expect((await alice.get(`${url('member')}/${other.id}`)).body.user_institutional_id).toBe('100701');
  });

  it('allows the same person number in another year or unit', async () => {
    await addMember(alice, C, 2024, 100700, 'First in 2024');
    await addMember(await as(stack, 'dan'), ids.unit['OCEAN-LAB']!, 2025, 100700, 'First elsewhere');
  });
});

describe('entry type and list parameters', () => {
  const v1 = () => `/api/v1/carbon_reports/${ids.report['CLIMATE-LAB/2025']}/modules/professional_travel/data-entry`;

  it('needs data_entry_type on a module with several types, and a known one', async () => {
    expect((await alice.post(v1(), valid.plane)).body.errors).toContainEqual(expect.objectContaining({ field: 'data_entry_type', message: 'is required (one of: plane, train, road_sea)' }));
    expect((await alice.post(v1(), { ...valid.plane, data_entry_type: 'bus' })).status).toBe(422);
    expect((await alice.post(v1(), { ...valid.plane, data_entry_type: 'plane' })).status).toBe(201);
    // the path's type wins over nothing, and a contradicting body type is refused
    expect((await alice.post(url('plane'), { ...valid.plane, data_entry_type: 'train' })).status).toBe(422);
  });

  it.each([
    ['limit=501', 'limit', 'must be at most 500'],
    ['limit=0', 'limit', 'must be at least 1'],
    ['page=0', 'page', 'must be at least 1'],
    ['page=x', 'page', 'must be a whole number'],
    ['order=up', 'order', 'must be asc or desc'],
    ['sort=color', 'sort', 'must be one of: id, created_at, updated_at, kg_co2eq, origin, destination, cabin_class, number_of_trips, round_trip, departure_date, traveler_id, traveler_name, origin_country, destination_country, class, mode, distance_km, occupancy'],
    ['type=bus', 'type', 'must be one of: plane, train, road_sea'],
  ])('list ?%s → 422 on %s', async (query, field, message) => {
    const res = await alice.get(`${v1()}?${query}`);
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field, message }));
  });

  it('unknown modules, entry types and malformed ids are 404', async () => {
    expect((await alice.get(`/api/modules/${C}/2025/catering`)).status).toBe(404);
    expect((await alice.get(`/api/modules/${C}/2025/professional-travel/bus`)).status).toBe(404);
    expect((await alice.get(`/api/modules/${C}/2025/headcount/plane`)).status).toBe(404);
    expect((await alice.get(`/api/modules/${C}/2025/professional-travel/plane/abc`)).status).toBe(404);
    expect((await alice.get(`/api/modules/x/2025/headcount`)).status).toBe(404);
    expect((await alice.get(`/api/v1/carbon_reports/0`)).status).toBe(404);
  });

  it('location search validates its query', async () => {
    expect((await alice.get('/api/locations/places?q=par&country=FRA')).status).toBe(422);
    expect((await alice.get(`/api/locations/airports?q=${'a'.repeat(101)}`)).status).toBe(422);
  });
});
