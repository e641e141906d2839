// Path 1 writes: emissions, module and report stats exact under concurrency, module status,
// reports, the module summary, lists and location search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryTypesOf, LIBRARY_YEARS, MODULE_TYPES } from '@carbon/shared';
import { startTestStack, type TestStack } from './support/stack';
import { addMember, as, demoIds, statsAndSums, type DemoIds } from './support/carbon';
import type { TestClient } from './support/httpClient';
import { withTransaction } from '../src/db/pool';
import { readLibrary, resolveLibrary, upgradeFactorLibrary } from '../src/jobs/factorLibrary';
import { recomputeStats } from '../src/domain/stats';

let stack: TestStack;
let ids: DemoIds;
let alice: TestClient;
let C: number;
let report: number;
const planes = () => `/api/modules/${C}/2025/professional-travel/plane`;
const trains = () => `/api/modules/${C}/2025/professional-travel/train`;

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  C = ids.unit['CLIMATE-LAB']!;
  report = ids.report['CLIMATE-LAB/2025']!;
  alice = await as(stack, 'alice');
  await addMember(alice, C, 2025, 100001, 'Alice Martin', 1);
  await addMember(alice, C, 2025, 100002, 'Bob Keller', 0.5);
});
afterAll(() => stack?.stop());

async function expectStatsExact() {
  const s = await statsAndSums(stack.server.pool, report, 'professional_travel');
  expect(s.module_stats.kg_co2eq).toBeCloseTo(s.module_kg, 6);
  expect(s.module_stats.entries).toBe(s.module_entries);
  expect(s.report_stats.kg_co2eq).toBeCloseTo(s.report_kg, 6);
  expect(s.report_stats.by_module.professional_travel.kg_co2eq).toBeCloseTo(s.module_kg, 6);
  // and the stored stats equal a full recomputation from the sums (what aggregation writes)
  const stored = await stack.server.pool.query('SELECT m.id, m.stats FROM carbon_report_modules m WHERE m.carbon_report_id = $1 AND module_type = $2', [report, 'professional_travel']);
  const recomputed = await withTransaction(stack.server.pool, (db) => recomputeStats(db, stored.rows[0].id));
  for (const t of entryTypesOf('professional_travel').map((x) => x.type)) {
    const a = stored.rows[0].stats.by_type?.[t] ?? { kg_co2eq: 0, entries: 0, quantity: 0, without_factor: 0 };
    expect(a.kg_co2eq).toBeCloseTo(recomputed!.module.by_type[t]!.kg_co2eq, 6);
    expect(a.entries).toBe(recomputed!.module.by_type[t]!.entries);
    expect(a.quantity).toBeCloseTo(recomputed!.module.by_type[t]!.quantity, 6);
    expect(a.without_factor ?? 0).toBe(recomputed!.module.by_type[t]!.without_factor);
  }
  expect(stored.rows[0].stats.without_factor ?? 0).toBe(recomputed!.module.without_factor);
  return s;
}

describe('emissions', () => {
  it('GVA–JFK economy one way: 6,296 km, long band, × 0.1517 kg/km = about 955 kg; the emission row keeps what was used', async () => {
    const res = await alice.post(planes(), { origin: 'GVA', destination: 'JFK', traveler_id: 100001 });
    expect(res.status).toBe(201);
    expect(res.body.kg_co2eq).toBeCloseTo(955, -0.5);
    const [e] = res.body.emissions;
    expect(e).toMatchObject({ emission_type: 'plane', quantity_unit: 'km' });
    expect(e.quantity).toBeCloseTo(6296, -0.5);
    expect(e.meta).toMatchObject({ band: 'long', legs: 1, cabin_class: 'economy' });
    const { rows: ends } = await stack.server.pool.query(`SELECT code FROM locations WHERE id = ANY ($1) ORDER BY array_position($1, id)`, [e.meta.location_ids]);
    expect(ends.map((r) => r.code)).toEqual(['GVA', 'JFK']);
    expect(e.meta.factor).toMatchObject({ values: { kg_co2eq_per_km: 0.1517 }, classification: { band: 'long', cabin_class: 'economy' } });
    expect(e.factor_id).toBe(e.meta.factor.id);
  });

  it('round trips double, trips multiply, business on a long haul costs 0.4399 / 0.1517 (about 2.9) × economy', async () => {
    const one = (await alice.post(planes(), { origin: 'GVA', destination: 'JFK', traveler_id: 100001 })).body.kg_co2eq;
    const round = (await alice.post(planes(), { origin: 'GVA', destination: 'JFK', round_trip: true, number_of_trips: 3, traveler_id: 100001 })).body.kg_co2eq;
    const business = (await alice.post(planes(), { origin: 'GVA', destination: 'JFK', cabin_class: 'business', traveler_id: 100001 })).body.kg_co2eq;
    expect(round).toBeCloseTo(one * 6, 4);
    expect(business).toBeCloseTo((one * 0.4399) / 0.1517, 4);
  });

  it('trains use the destination country across a border, the country within it, RoW elsewhere', async () => {
    const fr = (await alice.post(trains(), { origin: 'Lausanne', destination: 'Paris', traveler_id: 100001 })).body;
    expect(fr.emissions[0].meta.factor_country).toBe('FR');
    expect(fr.emissions[0].quantity).toBeCloseTo(495, -0.5);
    const ch = (await alice.post(trains(), { origin: 'Lausanne', destination: 'Zürich', traveler_id: 100001 })).body;
    expect(ch.emissions[0].meta.factor_country).toBe('CH');
    const pl = (await alice.post(trains(), { origin: 'Berlin', destination: 'Warsaw', traveler_id: 100001 })).body;
    expect(pl.emissions[0].meta.factor_country).toBe('RoW');
  });

  it('members carry their FTE as quantity; without any per-FTE estimate (an optional set) they add 0 kg, not configured, and lack no factor', async () => {
    const res = await alice.get(`/api/modules/${C}/2025/headcount/member?sort=user_institutional_id`);
    expect(res.body.items[1].emissions[0]).toMatchObject({ emission_type: 'member', kg_co2eq: 0, quantity: 0.5, quantity_unit: 'FTE', meta: { not_configured: true } });
    expect(res.body.items[1].kg_co2eq).toBe(0);
    const r = await alice.get(`/api/v1/carbon_reports/${report}`);
    expect(r.body.stats.fte).toBe(1.5);
    expect(r.body.stats.by_module.headcount).toMatchObject({ kg_co2eq: 0, entries: 2, without_factor: 0 });
    const summary = await alice.get(`/api/modules/${C}/2025/headcount`);
    expect(summary.body.stats).toMatchObject({ kg_co2eq: 0, entries: 2, without_factor: 0 });
    expect(summary.body.stats.by_type.member).toMatchObject({ entries: 2, without_factor: 0, quantity: 1.5 });
  });

  it('a member added, changed and deleted in a year without member factors keeps the stats exact, none without a factor', async () => {
    const unit = ids.unit['OCEAN-LAB']!;
    const olga = await as(stack, 'olga');
    const members = `/api/modules/${unit}/2025/headcount/member`;
    const statsNow = async () => (await olga.get(`/api/modules/${unit}/2025/headcount`)).body.stats;
    const before = await statsNow();
    const m = (await olga.post(members, { user_institutional_id: '200901', name: 'No Factor', fte: 1 })).body;
    expect(m.kg_co2eq).toBe(0);
    expect(await statsNow()).toMatchObject({ kg_co2eq: before.kg_co2eq, entries: before.entries + 1, without_factor: before.without_factor });
    await olga.patch(`${members}/${m.id}`, { fte: 0.5 });
    expect(await statsNow()).toMatchObject({ entries: before.entries + 1, without_factor: before.without_factor });
    const moduleId = (await stack.server.pool.query('SELECT carbon_report_module_id AS id FROM data_entries WHERE id = $1', [m.id])).rows[0].id;
    const recomputed = await withTransaction(stack.server.pool, (db) => recomputeStats(db, moduleId));
    expect(recomputed!.module).toMatchObject({ entries: before.entries + 1, without_factor: before.without_factor });
    await olga.delete(`${members}/${m.id}`);
    expect(await statsNow()).toMatchObject({ entries: before.entries, without_factor: before.without_factor });
  });

  it('keeps an entry whose year has no factor, with unknown weight', async () => {
    // 2031: after the factor library's years (2019–2026), and no factor uploaded for it.
    const unit = ids.unit['OCEAN-LAB']!;
    await stack.server.pool.query(
      `WITH r AS (INSERT INTO carbon_reports (unit_id, year) VALUES ($1, 2031) RETURNING id)
       INSERT INTO carbon_report_modules (carbon_report_id, module_type) SELECT r.id, m FROM r, unnest($2::text[]) m`,
      [unit, MODULE_TYPES],
    );
    const olga = await as(stack, 'olga');
    await addMember(olga, unit, 2031, 200001, 'Carol Rossi');
    const res = await olga.post(`/api/modules/${unit}/2031/professional-travel/plane`, { origin: 'GVA', destination: 'JFK', traveler_id: 200001 });
    expect(res.status).toBe(201);
    expect(res.body.kg_co2eq).toBeNull();
    expect(res.body.emissions[0]).toMatchObject({ kg_co2eq: null, factor_id: null });
    const summary = await olga.get(`/api/modules/${unit}/2031/professional-travel`);
    expect(summary.body.stats).toMatchObject({ kg_co2eq: 0, entries: 1, without_factor: 1 });
    // the report counts both: the trip and its traveler, who adds nothing (no per-FTE estimate
    // configured in 2031); the trip alone lacks a factor
    const reportId = (await stack.server.pool.query('SELECT id FROM carbon_reports WHERE unit_id = $1 AND year = 2031', [unit])).rows[0].id;
    expect((await olga.get(`/api/v1/carbon_reports/${reportId}`)).body.stats).toMatchObject({ kg_co2eq: 0, entries: 2, without_factor: 1 });
  });
});

describe('stats', () => {
  it('follow every create, update and delete exactly', async () => {
    const a = (await alice.post(planes(), { origin: 'ZRH', destination: 'LHR', traveler_id: 100002 })).body;
    await expectStatsExact();
    await alice.patch(`${planes()}/${a.id}`, { destination: 'JFK', round_trip: true });
    await expectStatsExact();
    await alice.delete(`${planes()}/${a.id}`);
    const s = await expectStatsExact();
    expect(s.module_stats.by_type.plane.entries).toBeGreaterThan(0);
  });

  it('a delete that names no entry of the path changes nothing: unknown id, other type, other module', async () => {
    const plane = (await alice.post(planes(), { origin: 'GVA', destination: 'LHR', traveler_id: 100001 })).body;
    const { rows } = await stack.server.pool.query<{ id: number }>(
      `SELECT e.id FROM data_entries e JOIN carbon_report_modules m ON m.id = e.carbon_report_module_id
        WHERE m.carbon_report_id = $1 AND m.module_type = 'headcount' LIMIT 1`,
      [report],
    );
    const before = await expectStatsExact();
    for (const path of [`${planes()}/999999999`, `${trains()}/${plane.id}`, `${planes()}/${rows[0]!.id}`]) {
      const res = await alice.delete(path);
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe('No such entry in this module.');
    }
    expect((await expectStatsExact()).module_entries).toBe(before.module_entries);
    expect((await alice.get(`${planes()}/${plane.id}`)).status).toBe(200);
  });

  it('stay equal to the SQL sums after 50 parallel creates and 20 parallel deletes on one module', async () => {
    const doomed = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => (await alice.post(i % 2 ? trains() : planes(), i % 2 ? { origin: 'Bern', destination: 'Basel', traveler_id: 100001 } : { origin: 'CDG', destination: 'JFK', traveler_id: 100002 })).body.id as number),
    );
    const before = await statsAndSums(stack.server.pool, report, 'professional_travel');
    const destinations = ['JFK', 'LHR', 'FRA', 'BCN', 'LIS'];
    const results = await Promise.all([
      ...Array.from({ length: 50 }, (_, i) =>
        i % 3 === 2
          ? alice.post(trains(), { origin: 'Lausanne', destination: 'Milan', number_of_trips: 1 + (i % 4), traveler_id: 100001 })
          : alice.post(planes(), { origin: 'GVA', destination: destinations[i % 5], round_trip: i % 2 === 0, traveler_id: 100002 }),
      ),
      ...doomed.map((id, i) => alice.delete(`${i % 2 ? trains() : planes()}/${id}`)),
    ]);
    expect(results.filter((r) => r.status === 201)).toHaveLength(50);
    expect(results.filter((r) => r.status === 204)).toHaveLength(20);
    const after = await expectStatsExact();
    expect(after.module_entries).toBe(before.module_entries + 50 - 20);
  });

  it('stay equal to the SQL sums after creates, updates and deletes of one module at once', async () => {
    const made = await Promise.all(Array.from({ length: 30 }, () => alice.post(planes(), { origin: 'GVA', destination: 'LHR', traveler_id: 100001 })));
    const idsMade = made.map((r) => r.body.id as number);
    const before = await statsAndSums(stack.server.pool, report, 'professional_travel');
    const results = await Promise.all([
      ...idsMade.slice(0, 15).map((id, i) => alice.patch(`${planes()}/${id}`, { destination: 'JFK', number_of_trips: 1 + (i % 3) })),
      ...idsMade.slice(15).map((id) => alice.delete(`${planes()}/${id}`)),
      ...Array.from({ length: 15 }, (_, i) => alice.post(trains(), { origin: 'Zurich', destination: 'Paris', number_of_trips: 1 + i, traveler_id: 100002 })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([...Array(15).fill(200), ...Array(15).fill(201), ...Array(15).fill(204)]);
    for (const r of results.slice(0, 15)) expect(r.body.destination).toBe('JFK');
    const after = await expectStatsExact();
    expect(after.module_entries).toBe(before.module_entries);
  });

  it('a write that fails among concurrent writes to the module fails alone', async () => {
    const url = `/api/modules/${C}/2025/headcount/member`;
    const results = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => alice.post(url, { user_institutional_id: String(101000 + i), name: `Parallel ${i}`, fte: 1 })),
      alice.post(url, { user_institutional_id: '101003', name: 'Duplicate', fte: 1 }),
    ]);
    expect(results.filter((r) => r.status === 201)).toHaveLength(12);
    const refused = results.filter((r) => r.status === 422);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.body.detail).toBe('A member with person number 101003 is already in this headcount.');
    const s = await statsAndSums(stack.server.pool, report, 'headcount');
    expect(s.module_stats.entries).toBe(s.module_entries);
  });

  it('concurrent updates of one entry neither lose a change nor break the sums', async () => {
    const e = (await alice.post(planes(), { origin: 'GVA', destination: 'JFK', traveler_id: 100001 })).body;
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => alice.patch(`${planes()}/${e.id}`, { number_of_trips: i + 1 })));
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    await expectStatsExact();
  });
});

describe('module status', () => {
  const status = (module: string) => `/api/v1/carbon_reports/${report}/modules/${module}/status`;
  const summary = async () => (await alice.get(`/api/modules/${C}/2025/professional-travel`)).body.status;

  it('any data change returns a validated module to in progress', async () => {
    const e = (await alice.post(planes(), { origin: 'GVA', destination: 'LHR', traveler_id: 100001 })).body;
    for (const change of [
      () => alice.post(planes(), { origin: 'GVA', destination: 'LHR', traveler_id: 100001 }),
      () => alice.patch(`${planes()}/${e.id}`, { round_trip: true }),
      () => alice.delete(`${planes()}/${e.id}`),
    ]) {
      const v = await alice.patch(status('professional_travel'), { status: 'validated' });
      expect(v.status).toBe(200);
      expect(v.body.status).toBe('validated');
      expect(await summary()).toBe('validated');
      await change();
      expect(await summary()).toBe('in_progress');
    }
  });

  it('can be reopened explicitly; other values are refused', async () => {
    await alice.patch(status('headcount'), { status: 'validated' });
    expect((await alice.patch(status('headcount'), { status: 'in_progress' })).body.status).toBe('in_progress');
    expect((await alice.patch(status('headcount'), { status: 'not_started' })).status).toBe(422);
    expect((await alice.patch(status('catering'), { status: 'validated' })).status).toBe(404);
  });
});

describe('reports and module summary', () => {
  it('lists the reports of a unit with module status and stats', async () => {
    const res = await alice.get(`/api/v1/carbon_reports?unit_id=${C}`);
    expect(res.body.map((r: { year: number }) => r.year)).toEqual([2024, 2025]);
    const r2025 = res.body[1];
    expect(r2025.modules.map((m: { module_type: string }) => m.module_type)).toEqual([...MODULE_TYPES].sort());
    const travelKg = r2025.modules.find((m: { module_type: string }) => m.module_type === 'professional_travel').stats.kg_co2eq;
    expect(r2025.stats.by_module.professional_travel.kg_co2eq).toBeCloseTo(travelKg, 6);
    expect(r2025.stats.kg_co2eq_per_fte).toBeCloseTo(r2025.stats.kg_co2eq / r2025.stats.fte, 6);
    expect((await alice.get(`/api/v1/carbon_reports?unit_id=${C}&year=2024`)).body).toHaveLength(1);
    expect((await alice.get(`/api/v1/carbon_reports`)).body.every((r: { unit_id: number }) => r.unit_id === C)).toBe(true);
  });

  it('the module summary summarises a module: status, stats, counts per entry type, no active pipeline', async () => {
    const res = await alice.get(`/api/modules/${C}/2025/professional-travel`);
    expect(res.status).toBe(200);
    const s = await statsAndSums(stack.server.pool, report, 'professional_travel');
    expect(res.body).toMatchObject({ unit_id: C, year: 2025, carbon_report_id: report, module_type: 'professional_travel', active_pipeline_id: null });
    expect(res.body.entry_counts.plane + res.body.entry_counts.train).toBe(s.module_entries);
    expect(res.body.stats.kg_co2eq).toBeCloseTo(s.module_kg, 6);
    expect((await alice.get(`/api/modules/${C}/2025/professional_travel`)).body.module_id).toBe(res.body.module_id);
  });
});

describe('lists', () => {
  it('paginate, sort by a sortable field and filter by text and type', async () => {
    const all = (await alice.get(`${trains()}?limit=500`)).body;
    expect(all.items.every((e: { data_entry_type: string }) => e.data_entry_type === 'train')).toBe(true);
    const page2 = (await alice.get(`${trains()}?limit=2&page=2&sort=destination&order=desc`)).body;
    expect(page2).toMatchObject({ page: 2, limit: 2, total: all.total });
    const sorted = [...all.items].sort((a, b) => b.destination.localeCompare(a.destination) || b.id - a.id);
    expect(page2.items.map((e: { id: number }) => e.id)).toEqual(sorted.slice(2, 4).map((e) => e.id));
    const milano = (await alice.get(`${trains()}?q=mila&limit=500`)).body;
    expect(milano.total).toBeGreaterThan(0);
    expect(milano.items.every((e: { destination: string }) => e.destination === 'Milan')).toBe(true);
    const byKg = (await alice.get(`/api/v1/carbon_reports/${report}/modules/professional_travel/data-entry?sort=kg_co2eq&order=desc&limit=5`)).body;
    const kgs = byKg.items.map((e: { kg_co2eq: number }) => e.kg_co2eq);
    expect(kgs).toEqual([...kgs].sort((a, b) => b - a));
    const planesOnly = (await alice.get(`/api/v1/carbon_reports/${report}/modules/professional_travel/data-entry?type=plane&limit=500`)).body;
    expect(planesOnly.items.every((e: { data_entry_type: string }) => e.data_entry_type === 'plane')).toBe(true);
    expect((await alice.get(`${trains()}?page=999`)).body).toMatchObject({ items: [], total: all.total });
  });
});

describe('location search', () => {
  it('finds airports by code, name or city, accent-insensitive, at most 20', async () => {
    expect((await alice.get('/api/locations/airports?q=gva')).body[0]).toMatchObject({ code: 'GVA', country_code: 'CH', kind: 'airport' });
    expect((await alice.get('/api/locations/airports?q=geneva')).body.map((a: { code: string }) => a.code)).toContain('GVA');
    expect((await alice.get('/api/locations/airports?q=zurich')).body.map((a: { code: string }) => a.code)).toContain('ZRH');
    expect((await alice.get('/api/locations/airports?q=a')).body.length).toBeLessThanOrEqual(20);
    expect((await alice.get('/api/locations/airports?q=')).body).toEqual([]);
  });

  it('finds places by prefix or word, most populous first, optionally in one country', async () => {
    const zur = (await alice.get('/api/locations/places?q=zur')).body;
    expect(zur[0]).toMatchObject({ name: 'Zürich', country_code: 'CH' });
    expect((await alice.get('/api/locations/places?q=paris')).body[0]).toMatchObject({ name: 'Paris', country_code: 'FR' });
    const us = (await alice.get('/api/locations/places?q=paris&country=us')).body;
    expect(us.length).toBeGreaterThan(1);
    expect(us.every((p: { country_code: string }) => p.country_code === 'US')).toBe(true);
    expect((await alice.get('/api/locations/places?q=york')).body.map((p: { name: string }) => p.name)).toContain('New York City');
    const pops = zur.map((p: { population: number }) => p.population);
    expect(pops.slice(1)).toEqual([...pops.slice(1)].sort((a: number, b: number) => b - a));
  });
});

describe('reference data', () => {
  it('loads the factor library once: a second start writes nothing and recalculates nothing', async () => {
    expect(await upgradeFactorLibrary(stack.server.pool)).toMatchObject({ changed: false, inserted: 0, updated: 0, recalculationJobs: [] });
    const { rows } = await stack.server.pool.query<{ year: number; n: number }>(`SELECT year, count(*)::int AS n FROM factors WHERE origin = 'library' GROUP BY year ORDER BY year`);
    // Every factor the library gives each year, once.
    const library = resolveLibrary(readLibrary());
    expect(rows).toEqual(LIBRARY_YEARS.map((year) => ({ year, n: library.filter((f) => f.year === year).length })));
  });
});
