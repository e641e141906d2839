// The traveler link (docs/architecture.md): create, update, name kept on read; the member list
// (GET …/headcount/members) and the errors of these routes, against the real stack.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack';
import { addMember, as, demoIds, statsAndSums, type DemoIds } from './support/carbon';
import type { TestClient } from './support/httpClient';

let stack: TestStack;
let ids: DemoIds;
let alice: TestClient;
let C: number; // CLIMATE-LAB
let O: number; // OCEAN-LAB
const planes = () => `/api/modules/${C}/2025/professional-travel/plane`;
const trains = () => `/api/modules/${C}/2025/professional-travel/train`;
const members = (unit = C, year = 2025) => `/api/modules/${unit}/${year}/headcount/members`;
const trip = (extra: Record<string, unknown>) => ({ origin: 'GVA', destination: 'LHR', ...extra });
const notFoundDetail = (n: number, year = 2025) => `The traveler's person number ${n} was not found in this unit's headcount for ${year}.`;

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  C = ids.unit['CLIMATE-LAB']!;
  O = ids.unit['OCEAN-LAB']!;
  alice = await as(stack, 'alice');
  await addMember(alice, C, 2025, 100001, 'Alice Martin');
  await addMember(alice, C, 2025, 100002, 'Bob Keller');
  await addMember(alice, C, 2025, 100005, 'Zoe Zed');
  await addMember(alice, C, 2024, 100006, 'Only In 2024');
  await addMember(await as(stack, 'dan'), O, 2025, 200001, 'Carol Rossi');
});
afterAll(() => stack?.stop());

describe('traveler rules', () => {
  it('1–2: links the member of the same unit and year and stores its name, overwriting the client value', async () => {
    const res = await alice.post(planes(), trip({ traveler_id: 100002, traveler_name: 'Someone Else' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ traveler_id: 100002, traveler_name: 'Bob Keller', traveler_person_number: 100002 });
    const stored = await stack.server.pool.query('SELECT data FROM data_entries WHERE id = $1', [res.body.id]);
    expect(stored.rows[0].data).toMatchObject({ traveler_id: 100002, traveler_name: 'Bob Keller' });
  });

  it('1–2: the same through the report-addressed route, for trains', async () => {
    const res = await alice.post(`/api/v1/carbon_reports/${ids.report['CLIMATE-LAB/2025']}/modules/professional_travel/data-entry`, {
      data_entry_type: 'train',
      origin: 'Lausanne',
      destination: 'Bern',
      traveler_id: 100001,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ data_entry_type: 'train', traveler_id: 100001, traveler_name: 'Alice Martin' });
  });

  it('2: a member without a name gives an empty traveler name', async () => {
    await stack.server.pool.query(
      `INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data)
       SELECT m.id, 'member', '{"user_institutional_id": "100077"}' FROM carbon_report_modules m
        WHERE m.carbon_report_id = $1 AND m.module_type = 'headcount'`,
      [ids.report['CLIMATE-LAB/2025']],
    );
    const res = await alice.post(planes(), trip({ traveler_id: 100077 }));
    expect(res.status).toBe(201);
    expect(res.body.traveler_name).toBe('');
  });

  it.each([
    ['nobody has it', 999999],
    ['a member of another unit', 200001],
    ['a member of the same unit in another year', 100006],
  ])('3: a person number that is %s → 422, nothing written', async (_what, n) => {
    const before = await statsAndSums(stack.server.pool, ids.report['CLIMATE-LAB/2025']!, 'professional_travel');
    for (const [url, body] of [
      [planes(), trip({ traveler_id: n })],
      [trains(), { origin: 'Lausanne', destination: 'Bern', traveler_id: n }],
    ] as const) {
      const res = await alice.post(url, body);
      expect(res.status).toBe(422);
      expect(res.body.detail).toBe(notFoundDetail(n));
      expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'traveler_id', message: notFoundDetail(n) }));
    }
    const after = await statsAndSums(stack.server.pool, ids.report['CLIMATE-LAB/2025']!, 'professional_travel');
    expect(after.module_entries).toBe(before.module_entries);
    expect(after.module_stats).toEqual(before.module_stats);
  });

  it('3: creates sent together, some with unknown person numbers: only those are refused, the stats stay exact', async () => {
    const pool = stack.server.pool;
    const report = ids.report['CLIMATE-LAB/2025']!;
    const before = await statsAndSums(pool, report, 'professional_travel');
    // Parallel creates to one module are written in shared batches (writeQueue.ts).
    const numbers = Array.from({ length: 24 }, (_, i) => (i % 3 === 0 ? 990000 + i : [100001, 100002, 100005][i % 3]!));
    const answers = await Promise.all(numbers.map((n) => alice.post(planes(), trip({ traveler_id: n, traveler_name: 'Client Value' }))));
    answers.forEach((res, i) => {
      const n = numbers[i]!;
      if (n >= 990000) {
        expect(res.status).toBe(422);
        expect(res.body.detail).toBe(notFoundDetail(n));
      } else {
        expect(res.status).toBe(201);
        expect(res.body.traveler_name).toBe({ 100001: 'Alice Martin', 100002: 'Bob Keller', 100005: 'Zoe Zed' }[n]);
      }
    });
    const after = await statsAndSums(pool, report, 'professional_travel');
    expect(after.module_entries).toBe(before.module_entries + 16);
    expect(after.module_stats.entries).toBe(after.module_entries);
    expect(after.module_stats.kg_co2eq).toBeCloseTo(after.module_kg, 6);
    expect(after.report_stats.kg_co2eq).toBeCloseTo(after.report_kg, 6);
  });

  it('4: an update with a new traveler_id links again; an unknown one → 422 and the entry is unchanged', async () => {
    const created = (await alice.post(planes(), trip({ traveler_id: 100001 }))).body;
    const moved = await alice.patch(`${planes()}/${created.id}`, { traveler_id: 100002 });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ traveler_id: 100002, traveler_name: 'Bob Keller' });
    const refused = await alice.patch(`${planes()}/${created.id}`, { traveler_id: 424242, round_trip: true });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe(notFoundDetail(424242));
    const now = await alice.get(`${planes()}/${created.id}`);
    expect(now.body).toMatchObject({ traveler_id: 100002, traveler_name: 'Bob Keller', round_trip: false });
  });

  it('4: an update that does not change traveler_id keeps the stored name, whatever the client sends', async () => {
    const created = (await alice.post(planes(), trip({ traveler_id: 100001 }))).body;
    const res = await alice.patch(`${planes()}/${created.id}`, { traveler_name: 'Forged Name', number_of_trips: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ traveler_id: 100001, traveler_name: 'Alice Martin', number_of_trips: 2 });
  });

  it('5: renaming, renumbering or deleting the member leaves existing trips alone; new trips use the new data', async () => {
    const m = await addMember(alice, C, 2025, 100050, 'Old Name');
    const before = (await alice.post(planes(), trip({ traveler_id: 100050 }))).body;
    expect(before.traveler_name).toBe('Old Name');

    expect((await alice.patch(`/api/modules/${C}/2025/headcount/member/${m.id}`, { name: 'New Name' })).status).toBe(200);
    expect((await alice.get(`${planes()}/${before.id}`)).body.traveler_name).toBe('Old Name');
    expect((await alice.post(planes(), trip({ traveler_id: 100050 }))).body.traveler_name).toBe('New Name');

    expect((await alice.patch(`/api/modules/${C}/2025/headcount/member/${m.id}`, { user_institutional_id: '100051' })).status).toBe(200);
    expect((await alice.get(`${planes()}/${before.id}`)).body).toMatchObject({ traveler_id: 100050, traveler_name: 'Old Name' });
    expect((await alice.post(planes(), trip({ traveler_id: 100050 }))).status).toBe(422);
    expect((await alice.post(planes(), trip({ traveler_id: 100051 }))).body.traveler_name).toBe('New Name');

    expect((await alice.delete(`/api/modules/${C}/2025/headcount/member/${m.id}`)).status).toBe(204);
    expect((await alice.get(`${planes()}/${before.id}`)).body).toMatchObject({ traveler_id: 100050, traveler_name: 'Old Name' });
    const list = await alice.get(`${planes()}?limit=500`);
    expect(list.body.items.find((e: { id: number }) => e.id === before.id).traveler_name).toBe('Old Name');
  });

  it('6: without traveler_id the client traveler_name is kept (deprecated path)', async () => {
    const res = await alice.post(planes(), trip({ traveler_name: '  Guest Speaker ' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ traveler_id: null, traveler_name: 'Guest Speaker' });
  });

  it('6: without traveler_id and without traveler_name → 422 (our decision)', async () => {
    for (const body of [trip({}), trip({ traveler_name: '   ' }), trip({ traveler_id: null })]) {
      const res = await alice.post(planes(), body);
      expect(res.status).toBe(422);
      expect(res.body.errors[0].field).toBe('traveler_id');
    }
  });
});

describe('GET …/headcount/members: the member list', () => {
  it('1: is not taken by the generic module routes', async () => {
    const res = await alice.get(members());
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
  });

  it('4: lists only members with a person number, ordered by name, as {person_number, name}', async () => {
    await stack.server.pool.query(
      `INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data)
       SELECT m.id, 'member', '{"name": "Aaron No Number", "fte": 1}' FROM carbon_report_modules m
        WHERE m.carbon_report_id = $1 AND m.module_type = 'headcount'`,
      [ids.report['CLIMATE-LAB/2025']],
    );
    const res = await alice.get(members());
    expect(res.body.map((m: { name: string }) => m.name)).not.toContain('Aaron No Number');
    // named members in name order; a member stored without a name comes last
    const names = res.body.map((m: { name: string }) => m.name);
    const named = names.filter((n: string) => n !== '');
    expect(named).toEqual([...named].sort((a: string, b: string) => a.localeCompare(b)));
    expect(names.indexOf('')).toBe(names.length - 1);
    expect(res.body).toContainEqual({ person_number: 100002, name: 'Bob Keller' });
    for (const m of res.body) expect(Object.keys(m).sort()).toEqual(['name', 'person_number']);
    for (const m of res.body) expect(typeof m.person_number).toBe('number');
  });

  it('2: needs view on headcount; a standard user gets only their own member row', async () => {
    const bob = await as(stack, 'bob');
    expect((await bob.get(members())).body).toEqual([{ person_number: 100002, name: 'Bob Keller' }]);
    expect((await (await as(stack, 'carol')).get(members())).status).toBe(403);
    expect((await (await as(stack, 'olga')).get(members())).body.length).toBeGreaterThan(3);
    expect((await alice.get(members(987654))).status).toBe(404);
  });

  it('3: 404 when the headcount module does not exist for the unit and year', async () => {
    const dan = await as(stack, 'dan');
    await stack.server.pool.query(`DELETE FROM carbon_report_modules WHERE carbon_report_id = $1 AND module_type = 'headcount'`, [ids.report['OCEAN-LAB/2024']]);
    const res = await dan.get(members(O, 2024));
    expect(res.status).toBe(404);
    expect(res.body.detail).toMatch(/headcount/);
    // no report at all for that year
    expect((await dan.get(members(O, 2019))).status).toBe(404);
  });

  it('5: an empty list is a valid answer', async () => {
    const olga = await as(stack, 'olga');
    const { rows } = await stack.server.pool.query(`SELECT id FROM units WHERE institutional_id = 'OCEAN-LAB'`);
    await stack.server.pool.query(
      `INSERT INTO carbon_reports (unit_id, year) VALUES ($1, 2023) ON CONFLICT DO NOTHING`,
      [rows[0].id],
    );
    await stack.server.pool.query(
      `INSERT INTO carbon_report_modules (carbon_report_id, module_type)
       SELECT id, 'headcount' FROM carbon_reports WHERE unit_id = $1 AND year = 2023 ON CONFLICT DO NOTHING`,
      [rows[0].id],
    );
    const empty = await olga.get(members(O, 2023));
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
  });
});
