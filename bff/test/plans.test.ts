// Plans through the HTTP API against the real database: targets (the institution's by
// administrators, a unit's stricter one by its principal), scenarios computed from the unit's own
// entries (and following them when an entry changes), the plan's actions, check and export, the
// institution view, and who may see what. Expected figures are worked here from the stored trips
// and the factor rows the database holds, never read back from the code under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAIN_DETOUR_FACTOR, haversineKm, type ScenarioResult, type UnitTargets } from '@carbon/shared';
import { startTestStack, type TestStack } from './support/stack';
import { addMember, as, demoIds, type DemoIds } from './support/carbon';

let stack: TestStack;
let ids: DemoIds;
let unit: number;
const BASE = 2024;
const YEAR = 2025;
const trips: Record<string, { id: number; kg: number }> = {};

const q = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => stack.server.pool.query<T>(text, values).then((r) => r.rows);

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  unit = ids.unit['CLIMATE-LAB']!;
  const alice = await as(stack, 'alice');
  for (const y of [BASE, YEAR]) await addMember(alice, unit, y, 100001, 'Alice Martin', 1);
  const trip = async (year: number, origin: string, destination: string, cabin: string) => {
    const res = await alice.post(`/api/modules/${unit}/${year}/professional-travel/plane`, { origin, destination, cabin_class: cabin, traveler_id: 100001, departure_date: `${year}-05-01` });
    expect(res.status).toBe(201);
    return { id: res.body.id as number, kg: res.body.kg_co2eq as number };
  };
  trips.base = await trip(BASE, 'GVA', 'JFK', 'economy');
  trips.short = await trip(YEAR, 'GVA', 'CDG', 'economy');
  trips.business = await trip(YEAR, 'GVA', 'JFK', 'business');
  trips.long = await trip(YEAR, 'GVA', 'NRT', 'economy');
}, 120_000);
afterAll(async () => stack?.stop());

const institution = { baseline_year: BASE, points: [{ year: 2030, reduction_pct: 55, scope: null }] };

describe('targets', () => {
  it('the institution target is for administrators; a unit may only be stricter', async () => {
    const [adam, olga, alice, bob] = [await as(stack, 'adam'), await as(stack, 'olga'), await as(stack, 'alice'), await as(stack, 'bob')];
    expect((await olga.put('/api/v1/plans/targets/institution', institution)).status).toBe(403);
    expect((await alice.put('/api/v1/plans/targets/institution', institution)).status).toBe(403);
    const bad = await adam.put('/api/v1/plans/targets/institution', { baseline_year: BASE, points: [{ year: 2020, reduction_pct: 10 }] });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/after the baseline/);
    expect((await adam.put('/api/v1/plans/targets/institution', { baseline_year: BASE, points: [{ year: 2030, reduction_pct: 155 }] })).status).toBe(422);
    expect((await adam.get('/api/v1/plans/targets/institution')).body).toBeNull();
    expect((await adam.put('/api/v1/plans/targets/institution', institution)).status).toBe(200);
    expect((await bob.get('/api/v1/plans/targets/institution')).body).toMatchObject(institution);

    const laxer = await alice.put(`/api/v1/plans/units/${unit}/targets`, { baseline_year: BASE, points: [{ year: 2030, reduction_pct: 40, scope: null }] });
    expect(laxer.status).toBe(422);
    expect(laxer.body.detail).toMatch(/laxer than the institution's \(−55 %\)/);
    expect(laxer.body).toMatchObject({ code: 'target_laxer', params: { year: 2030, own: 40, wanted: 55 } });
    expect((await q('SELECT * FROM plan_targets WHERE unit_id = $1', [unit])).length).toBe(0);
    expect((await bob.put(`/api/v1/plans/units/${unit}/targets`, { baseline_year: BASE, points: [{ year: 2030, reduction_pct: 60, scope: null }] })).status).toBe(403);
    expect((await (await as(stack, 'dan')).put(`/api/v1/plans/units/${unit}/targets`, { baseline_year: BASE, points: [{ year: 2030, reduction_pct: 60, scope: null }] })).status).toBe(403);
    expect((await alice.put(`/api/v1/plans/units/${unit}/targets`, { baseline_year: BASE, points: [{ year: 2030, reduction_pct: 60, scope: null }] })).status).toBe(200);
    const lines = await q<{ actor_id: number; unit_id: number | null; details: { level: string } }>(`SELECT actor_id, unit_id, details FROM audit_log WHERE action = 'target_set' ORDER BY id`);
    expect(lines.map((l) => [l.unit_id === null ? null : Number(l.unit_id), l.details.level])).toEqual([
      [null, 'institution'],
      [unit, 'unit'],
    ]);
  });

  it("the unit's trajectory: a straight line from its baseline year's total", async () => {
    const alice = await as(stack, 'alice');
    const res = await alice.get(`/api/v1/plans/units/${unit}/targets`);
    expect(res.status).toBe(200);
    const t = res.body as UnitTargets;
    expect(t.applies).toBe('unit');
    expect(t.baseline_kg).toBeCloseTo(trips.base!.kg, 6);
    expect(t.trajectory.map((y) => y.year)).toEqual([2024, 2025, 2026, 2027, 2028, 2029, 2030]);
    // 60 % over 6 years: 10 % a year.
    expect(t.trajectory[1]).toMatchObject({ reduction_pct: expect.closeTo(10, 9), allowed_kg: expect.closeTo(trips.base!.kg * 0.9, 6) });
    expect(t.trajectory[1]!.measured_kg).toBeCloseTo(trips.short!.kg + trips.business!.kg + trips.long!.kg, 6);
    expect(t.trajectory.at(-1)!.allowed_kg).toBeCloseTo(trips.base!.kg * 0.4, 6);
    expect((await (await as(stack, 'bob')).get(`/api/v1/plans/units/${unit}/targets`)).status).toBe(403);
    expect((await alice.get('/api/v1/plans/units/999999/targets')).status).toBe(404);
  });
});

describe('scenarios', () => {
  let scenario: ScenarioResult;

  /** The train that would replace the short flight: the train formula's distance between the
   * two airports and the year's train factor for their country (or the world's), from the database. */
  async function expectedTrainKg(numberOfTrips: number): Promise<number> {
    const [o, d] = await q<{ lat: number; lon: number; country_code: string }>(`SELECT lat, lon, country_code FROM locations WHERE kind = 'airport' AND code = ANY ($1) ORDER BY code = 'GVA' DESC`, [['GVA', 'CDG']]);
    const rows = await q<{ country: string; v: number }>(`SELECT classification ->> 'country' AS country, ("values" ->> 'kg_co2eq_per_km')::float8 AS v FROM factors WHERE data_entry_type = 'train' AND year = $1`, [YEAR]);
    const wanted = o!.country_code === d!.country_code ? o!.country_code : d!.country_code;
    const perKm = (rows.find((r) => r.country === wanted) ?? rows.find((r) => r.country === 'RoW'))!.v;
    return haversineKm(o!, d!) * TRAIN_DETOUR_FACTOR * numberOfTrips * perKm;
  }

  it('a principal builds a scenario; each lever is computed from the unit\'s own trips', async () => {
    const alice = await as(stack, 'alice');
    const res = await alice.post(`/api/v1/plans/units/${unit}/scenarios`, {
      name: 'Trains and economy',
      year: YEAR,
      levers: [
        { key: 'flights_to_train', params: { below_km: 1000 } },
        { key: 'economy_class', params: { share_pct: 100 } },
        { key: 'renewable_electricity', params: {} },
      ],
    });
    expect(res.status).toBe(201);
    scenario = res.body;
    const [train, economy, renewable] = scenario.effects;
    expect(train).toMatchObject({ key: 'flights_to_train', changed: 1, no_factor: 0, unsupported: null });
    expect(train!.delta_kg).toBeCloseTo((await expectedTrainKg(1)) - trips.short!.kg, 6);
    // Economy: the business trip's km × (economy − business factor of its band), from its stored emission.
    const [row] = await q<{ km: number; band: string }>(`SELECT quantity::float8 AS km, meta ->> 'band' AS band FROM data_entry_emissions WHERE data_entry_id = $1`, [trips.business!.id]);
    const perKm = async (cabin: string) => (await q<{ v: number }>(`SELECT ("values" ->> 'kg_co2eq_per_km')::float8 AS v FROM factors WHERE data_entry_type = 'plane' AND year = $1 AND classification = $2::jsonb`, [YEAR, JSON.stringify({ band: row!.band, cabin_class: cabin })]))[0]!.v;
    expect(economy!.delta_kg).toBeCloseTo(row!.km * ((await perKm('economy')) - (await perKm('business'))), 6);
    expect(economy!.sigma_kg).toBeGreaterThan(0);
    // The library has no market-based electricity row: said, not a zero.
    expect(renewable).toMatchObject({ unsupported: 'no_market_based_factor', delta_kg: 0 });
    const total = trips.short!.kg + trips.business!.kg + trips.long!.kg;
    expect(scenario.total_kg).toBeCloseTo(total, 6);
    expect(scenario.delta_kg).toBeCloseTo(train!.delta_kg + economy!.delta_kg, 9);
    expect(train!.reduction_pct).toBeCloseTo((-100 * train!.delta_kg) / total, 9);
    // Against the unit's target: the plan's total from the baseline year's, and the target's last point.
    expect(scenario.planned_kg).toBeCloseTo(total + scenario.delta_kg, 6);
    expect(scenario.reduction_from_baseline_pct).toBeCloseTo((100 * (trips.base!.kg - scenario.planned_kg)) / trips.base!.kg, 6);
    expect(scenario).toMatchObject({ baseline_year: BASE, target_year: 2030, target_pct: 60 });
  });

  it('follows the entries: a trip made twice doubles the lever', async () => {
    const alice = await as(stack, 'alice');
    const before = (await alice.get(`/api/v1/plans/scenarios/${scenario.id}`)).body as ScenarioResult;
    const patched = await alice.patch(`/api/modules/${unit}/${YEAR}/professional-travel/plane/${trips.short!.id}`, { number_of_trips: 2 });
    expect(patched.status).toBe(200);
    const after = (await alice.get(`/api/v1/plans/scenarios/${scenario.id}`)).body as ScenarioResult;
    expect(after.effects[0]!.delta_kg).toBeCloseTo(2 * before.effects[0]!.delta_kg, 5);
    expect(after.effects[0]!.delta_kg).toBeCloseTo((await expectedTrainKg(2)) - patched.body.kg_co2eq, 6);
    expect(after.effects[1]!.delta_kg).toBeCloseTo(before.effects[1]!.delta_kg, 9);
  });

  it('refuses bad input with a detail and changes nothing', async () => {
    const alice = await as(stack, 'alice');
    const count = async () => (await q('SELECT id FROM plan_scenarios')).length;
    const n = await count();
    for (const [body, detail] of [
      [{ name: 'X', year: YEAR, levers: [{ key: 'teleportation', params: {} }] }, /no lever "teleportation"/],
      [{ name: 'X', year: YEAR, levers: [{ key: 'flights_avoided', params: { share_pct: 150 } }] }, /share_pct must be a number from 0 to 100/],
      [{ name: 'X', year: YEAR, levers: [{ key: 'flights_avoided', params: { band: 'orbital' } }] }, /band must be one of/],
      [{ name: 'X', year: YEAR, levers: [{ key: 'flights_avoided', params: { speed: 3 } }] }, /no setting "speed"/],
      [{ name: 'X', year: 2031, levers: [] }, /no carbon report for 2031/],
      [{ name: '', year: YEAR, levers: [] }, /name/],
    ] as const) {
      const res = await alice.post(`/api/v1/plans/units/${unit}/scenarios`, body);
      expect(res.status).toBe(422);
      expect(res.body.detail).toMatch(detail);
    }
    const dup = await alice.post(`/api/v1/plans/units/${unit}/scenarios`, { name: 'Trains and economy', year: YEAR, levers: [] });
    expect(dup.status).toBe(409);
    expect(dup.body.detail).toMatch(/already has a scenario/);
    expect(await count()).toBe(n);
  });

  it('standard users see no scenario, principals only their unit\'s', async () => {
    const [bob, dan, olga] = [await as(stack, 'bob'), await as(stack, 'dan'), await as(stack, 'olga')];
    expect((await bob.get(`/api/v1/plans/units/${unit}/scenarios`)).status).toBe(403);
    expect((await bob.get(`/api/v1/plans/scenarios/${scenario.id}`)).status).toBe(403);
    expect((await bob.post(`/api/v1/plans/units/${unit}/scenarios`, { name: 'Mine', year: YEAR, levers: [] })).status).toBe(403);
    expect((await dan.get(`/api/v1/plans/scenarios/${scenario.id}`)).status).toBe(403);
    expect((await dan.get(`/api/v1/plans/units/${unit}/scenarios`)).status).toBe(403);
    expect((await dan.get(`/api/v1/plans/scenarios/${scenario.id}/plan.csv`)).status).toBe(403);
    expect((await olga.get(`/api/v1/plans/scenarios/${scenario.id}`)).status).toBe(200);
    expect((await olga.get('/api/v1/plans/scenarios/99999999')).status).toBe(404);
  });

  it('becomes a plan with actions, checked against a later year, exported as CSV', async () => {
    const alice = await as(stack, 'alice');
    const early = await alice.post(`/api/v1/plans/scenarios/${scenario.id}/actions`, { title: 'Rail first', owner: 'Alice', due_date: '2026-01-31', module_type: 'professional_travel', expected_kg: 100 });
    expect(early.status).toBe(422);
    expect(early.body.detail).toMatch(/adopt/);
    const adopted = await alice.post(`/api/v1/plans/scenarios/${scenario.id}/adopt`);
    expect(adopted.status).toBe(200);
    expect(adopted.body.adopted_at).toEqual(expect.any(String));
    const action = await alice.post(`/api/v1/plans/scenarios/${scenario.id}/actions`, { title: 'Rail first', owner: 'Alice', due_date: '2026-01-31', module_type: 'professional_travel', expected_kg: 100 });
    expect(action.status).toBe(201);
    expect((await alice.post(`/api/v1/plans/scenarios/${scenario.id}/actions`, { title: 'X', owner: 'A', due_date: '2026-02-30', module_type: 'professional_travel', expected_kg: 1 })).status).toBe(422);
    expect((await alice.get(`/api/v1/plans/scenarios/${scenario.id}/actions`)).body).toEqual([action.body]);

    // 2024 → 2025 measured by the module totals, against what the plan computes: its year is 2025,
    // so check it from the baseline's scenario instead: a scenario of 2024 checked in 2025.
    const old = await alice.post(`/api/v1/plans/units/${unit}/scenarios`, { name: 'From 2024', year: BASE, levers: [{ key: 'flights_avoided', params: { share_pct: 50, band: 'all' } }] });
    expect(old.status).toBe(201);
    const check = await alice.get(`/api/v1/plans/scenarios/${old.body.id}/check?to_year=${YEAR}`);
    expect(check.status).toBe(200);
    const [y] = check.body.years;
    const now = (await alice.get(`/api/v1/plans/scenarios/${scenario.id}`)).body as ScenarioResult;
    expect(y).toEqual({ year: YEAR, by_module: { professional_travel: { planned_kg: expect.closeTo(-0.5 * trips.base!.kg, 6), measured_kg: expect.closeTo(now.total_kg - trips.base!.kg, 6) } } });

    const csv = await alice.get(`/api/v1/plans/scenarios/${scenario.id}/plan.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = String(csv.body).replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('section,name,module,settings,change_kg,sigma_kg,change_pct,changed_entries,entries_without_factor,not_computed,owner,due_date');
    expect(lines.filter((l) => l.startsWith('lever,'))).toHaveLength(3);
    expect(lines.find((l) => l.startsWith('action,'))).toMatch(/^action,Rail first,professional_travel,,-100,.*Alice,2026-01-31$/);
    const audit = await q<{ action: string }>(`SELECT action FROM audit_log WHERE action IN ('scenario_save', 'plan_adopt', 'plan_action_add') ORDER BY id`);
    expect(audit.map((a) => a.action)).toEqual(['scenario_save', 'plan_adopt', 'plan_action_add', 'scenario_save']);
  });

  it('the institution view: back office and administrators only', async () => {
    for (const u of ['alice', 'bob', 'dan']) expect((await (await as(stack, u)).get(`/api/v1/plans/institution?year=${YEAR}`)).status).toBe(403);
    const olga = await as(stack, 'olga');
    expect((await olga.get('/api/v1/plans/institution?year=20x5')).status).toBe(422);
    const res = await olga.get(`/api/v1/plans/institution?year=${YEAR}`);
    expect(res.status).toBe(200);
    const climate = res.body.units.find((u: { unit_id: number }) => u.unit_id === unit);
    const plan = (await olga.get(`/api/v1/plans/scenarios/${scenario.id}`)).body as ScenarioResult;
    expect(climate).toMatchObject({ applies: 'unit', baseline_kg: expect.closeTo(trips.base!.kg, 6), measured_kg: expect.closeTo(plan.total_kg, 6), allowed_kg: expect.closeTo(trips.base!.kg * 0.9, 6) });
    expect(climate.gap_kg).toBeCloseTo(plan.total_kg - trips.base!.kg * 0.9, 6);
    expect(climate.plan).toMatchObject({ scenario_id: scenario.id, delta_kg: expect.closeTo(plan.delta_kg, 6) });
    // Only the climate lab has entries: the institution's sums are its figures.
    expect(res.body.totals).toMatchObject({
      baseline_kg: expect.closeTo(trips.base!.kg, 6),
      planned_kg: expect.closeTo(plan.total_kg + plan.delta_kg, 6),
      target_year: 2030,
      target_kg: expect.closeTo(trips.base!.kg * 0.45, 6),
      gap_kg: expect.closeTo(plan.total_kg + plan.delta_kg - trips.base!.kg * 0.45, 6),
    });
  });

  it('a scenario is changed and deleted by its unit\'s principal; a unit goes back to the institution\'s target', async () => {
    const alice = await as(stack, 'alice');
    const created = await alice.post(`/api/v1/plans/units/${unit}/scenarios`, { name: 'To change', year: YEAR, levers: [{ key: 'flights_avoided', params: { share_pct: 10, band: 'all' } }] });
    expect(created.status).toBe(201);
    const changed = await alice.put(`/api/v1/plans/scenarios/${created.body.id}`, { name: 'Changed', year: YEAR, levers: [{ key: 'flights_avoided', params: { share_pct: 30, band: 'all' } }] });
    expect(changed.status).toBe(200);
    expect(changed.body.name).toBe('Changed');
    expect(changed.body.effects[0].delta_kg).toBeCloseTo(3 * created.body.effects[0].delta_kg, 6);
    expect((await alice.put(`/api/v1/plans/scenarios/${created.body.id}`, { name: 'Trains and economy', year: YEAR, levers: [] })).status).toBe(409);
    expect((await (await as(stack, 'dan')).delete(`/api/v1/plans/scenarios/${created.body.id}`)).status).toBe(403);
    expect((await alice.delete(`/api/v1/plans/scenarios/${created.body.id}`)).status).toBe(204);
    expect((await alice.get(`/api/v1/plans/scenarios/${created.body.id}`)).status).toBe(404);
    const deleted = await q<{ details: { name: string } }>(`SELECT details FROM audit_log WHERE action = 'scenario_delete'`);
    expect(deleted.map((d) => d.details.name)).toEqual(['Changed']);

    expect((await alice.delete(`/api/v1/plans/units/${unit}/targets`)).status).toBe(204);
    const t = (await alice.get(`/api/v1/plans/units/${unit}/targets`)).body as UnitTargets;
    expect(t).toMatchObject({ applies: 'institution', unit: null });
    expect(t.trajectory.at(-1)!.allowed_kg).toBeCloseTo(trips.base!.kg * 0.45, 6);
  });
});
