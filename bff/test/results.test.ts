// A unit's results (GET /api/v1/carbon_reports/{id}/results) on a fixed dataset, every figure
// computed by hand: totals by module, scope, category and entry type with their entries and
// those without a factor, empty and unvalidated modules, per FTE, per person, and per FTE by
// position category with the unattributed rest. Members weigh 800 kg per FTE in 2025 (factors
// uploaded here) and nothing in 2024 (no per-FTE factor: no figure); energy and refrigerants
// weigh the factor library's rows for 2025 (FR grid 0.04418 kg/kWh, natural gas 0.23617 kg/kWh,
// R-32 GWP 771; a grid named by no country code and without a row: no figure); trips weigh what
// their own emission rows say. Only those who may see every row of the unit get the results.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULE_TYPES } from '@carbon/shared';
import { as, demoIds } from './support/carbon';
import { CSV, HEADCOUNT_HEADER, settled, upload } from './support/pipeline';
import { startTestStack, type TestStack } from './support/stack';
import type { TestClient } from './support/httpClient';

let stack: TestStack;
let climate: number;
let ocean: number;
let climateReport: number;
let oceanReport: number;
/** kg of the trips, as their entries were answered. */
let aliceTrip: number;
let bobTrip: number;
let carolTrip: number;

const entry = async (c: TestClient, unit: number, year: number, path: string, body: Record<string, unknown>) => {
  const res = await c.post(`/api/modules/${unit}/${year}/${path}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; kg_co2eq: number | null };
};

beforeAll(async () => {
  stack = await startTestStack();
  const ids = await demoIds(stack.server.pool);
  climate = ids.unit['CLIMATE-LAB']!;
  ocean = ids.unit['OCEAN-LAB']!;
  climateReport = ids.report['CLIMATE-LAB/2025']!;
  oceanReport = ids.report['OCEAN-LAB/2024']!;
  const olga = await as(stack, 'olga');
  // Per-FTE factors of 2025: 500 + 300 = 800 kg CO2e per FTE.
  expect((await olga.post('/api/sync/factors/headcount/member?year=2025', 'category,kg_co2eq_per_fte,source\nfood,500,test\ncommuting,300,test', CSV)).status).toBe(202);
  await settled(stack.server.pool);

  // Climate Lab 2025: four members (3 FTE), two trips, four building rows (one without a factor).
  const alice = await as(stack, 'alice');
  const members: [string, string, number, string | null][] = [
    ['100001', 'Alice Martin', 1, 'researcher_faculty'],
    ['100002', 'Bob Keller', 0.5, 'phd_student'],
    ['100003', 'Chloé Dubois', 1, 'phd_student'],
    ['100004', 'David Müller', 0.5, null],
  ];
  for (const [n, name, fte, category] of members) {
    const m = await entry(alice, climate, 2025, 'headcount/member', { user_institutional_id: n, name, fte, position_category: category });
    expect(m.kg_co2eq).toBe(800 * fte);
  }
  aliceTrip = (await entry(alice, climate, 2025, 'professional-travel/plane', { origin: 'GVA', destination: 'JFK', traveler_id: 100001, departure_date: '2025-05-01' })).kg_co2eq!;
  bobTrip = (await entry(alice, climate, 2025, 'professional-travel/train', { origin: 'Lausanne', destination: 'Paris', traveler_id: 100002 })).kg_co2eq!;
  expect(aliceTrip).toBeGreaterThan(0);
  expect(bobTrip).toBeGreaterThan(0);
  expect((await entry(alice, climate, 2025, 'buildings/electricity', { site: 'Main', consumption: 10_000, consumption_unit: 'kwh', supply: 'location_based', mix: 'FR' })).kg_co2eq).toBeCloseTo(441.8, 9); // 10,000 kWh × 0.04418
  expect((await entry(alice, climate, 2025, 'buildings/electricity', { site: 'Annex', consumption: 1_000, consumption_unit: 'kwh', supply: 'location_based', mix: 'Atlantis' })).kg_co2eq).toBeNull();
  expect((await entry(alice, climate, 2025, 'buildings/refrigerant', { site: 'Main', gas: 'r32', leaked_kg: 2 })).kg_co2eq).toBeCloseTo(1542, 9);
  expect((await entry(alice, climate, 2025, 'buildings/heating', { site: 'Main', carrier: 'natural_gas', quantity: 1_000, quantity_unit: 'kwh' })).kg_co2eq).toBeCloseTo(236.17, 9); // 1,000 kWh × 0.23617
  expect((await alice.patch(`/api/v1/carbon_reports/${climateReport}/modules/headcount/status`, { status: 'validated' })).status).toBe(200);

  // Ocean Lab 2024 (no per-FTE factor that year): its one member, uploaded with a position
  // category, has no figure; so has its electricity from a grid without a row; only the trip has one.
  const dan = await as(stack, 'dan');
  const file = [`${HEADCOUNT_HEADER},position_category`, '200001,Carol Rossi,1,Oceanographer,postdoc'].join('\n');
  expect((await upload(dan, { module: 'headcount', type: 'member', year: 2024, unit_id: ocean }, file)).status).toBe(202);
  await settled(stack.server.pool);
  carolTrip = (await entry(dan, ocean, 2024, 'professional-travel/plane', { origin: 'GVA', destination: 'LHR', traveler_id: 200001, departure_date: '2024-06-01' })).kg_co2eq!;
  expect(carolTrip).toBeGreaterThan(0);
  expect((await entry(dan, ocean, 2024, 'buildings/electricity', { site: 'Pier', consumption: 500, consumption_unit: 'kwh', supply: 'location_based', mix: 'Atlantis' })).kg_co2eq).toBeNull();
}, 180_000);
afterAll(() => stack?.stop());

const zero = { kg_co2eq: 0, entries: 0, without_factor: 0 };
const results = async (user: string, report: number) => (await as(stack, user)).get(`/api/v1/carbon_reports/${report}/results`);

describe('the results of a unit', () => {
  it('break the total down by module, scope, category and entry type, with the entries behind each and those without a factor', async () => {
    const res = await results('alice', climateReport);
    expect(res.status).toBe(200);
    const r = res.body;
    const trips = aliceTrip + bobTrip;
    const total = 2400 + trips + 441.8 + 1542 + 236.17;
    expect(r).toMatchObject({ report_id: climateReport, unit_id: climate, year: 2025 });
    expect(r.total.kg_co2eq).toBeCloseTo(total, 6);
    expect(r.total).toMatchObject({ entries: 10, without_factor: 1 });
    // The same total as the report's stored stats.
    expect((await (await as(stack, 'alice')).get(`/api/v1/carbon_reports/${climateReport}`)).body.stats.kg_co2eq).toBeCloseTo(total, 6);

    // Every registered module, in registration order.
    expect(Object.keys(r.by_module)).toEqual([...MODULE_TYPES]);
    expect(r.by_module.headcount).toEqual({ kg_co2eq: 2400, entries: 4, without_factor: 0, status: 'validated' });
    expect(r.by_module.professional_travel).toMatchObject({ entries: 2, without_factor: 0, status: 'in_progress' });
    expect(r.by_module.professional_travel.kg_co2eq).toBeCloseTo(trips, 6);
    expect(r.by_module.buildings).toMatchObject({ entries: 4, without_factor: 1, status: 'in_progress' });
    expect(r.by_module.buildings.kg_co2eq).toBeCloseTo(441.8 + 1542 + 236.17, 6);
    expect(r.by_module.equipment).toEqual({ ...zero, status: 'not_started' });
    expect(r.by_module.purchases).toEqual({ ...zero, status: 'not_started' });
    expect(r.by_module.digital_services).toEqual({ ...zero, status: 'not_started' });
    expect(r.modules_empty).toEqual(['equipment', 'purchases', 'digital_services', 'commuting']);
    // All but the headcount, validated above.
    expect(r.modules_not_validated).toEqual(MODULE_TYPES.filter((m) => m !== 'headcount'));

    // Scope 1: refrigerant and gas; 2: the two electricity rows, one without a figure; 3: members and trips.
    expect(r.by_scope['1']).toMatchObject({ entries: 2, without_factor: 0 });
    expect(r.by_scope['1'].kg_co2eq).toBeCloseTo(1778.17, 6);
    expect(r.by_scope['2']).toMatchObject({ entries: 2, without_factor: 1 });
    expect(r.by_scope['2'].kg_co2eq).toBeCloseTo(441.8, 6);
    expect(r.by_scope['3']).toMatchObject({ entries: 6, without_factor: 0 });
    expect(r.by_scope['3'].kg_co2eq).toBeCloseTo(2400 + trips, 6);

    expect(r.by_category.fugitive_emissions.kg_co2eq).toBeCloseTo(1542, 6);
    expect(r.by_category.stationary_combustion.kg_co2eq).toBeCloseTo(236.17, 6);
    expect(r.by_category.purchased_electricity).toMatchObject({ entries: 2, without_factor: 1 });
    expect(r.by_category.business_travel).toMatchObject({ entries: 2, without_factor: 0 });
    expect(r.by_category.business_travel.kg_co2eq).toBeCloseTo(trips, 6);
    expect(r.by_category.per_fte_estimates).toEqual({ kg_co2eq: 2400, entries: 4, without_factor: 0 });
    for (const c of ['purchased_heat', 'purchased_goods_services', 'capital_goods', 'employee_commuting']) expect(r.by_category[c]).toEqual(zero);

    expect(r.by_type.member).toEqual({ kg_co2eq: 2400, entries: 4, without_factor: 0, module: 'headcount' });
    expect(r.by_type.plane.kg_co2eq).toBeCloseTo(aliceTrip, 6);
    expect(r.by_type.train.kg_co2eq).toBeCloseTo(bobTrip, 6);
    expect(r.by_type.electricity).toMatchObject({ entries: 2, without_factor: 1, module: 'buildings' });
    expect(r.by_type.electricity.kg_co2eq).toBeCloseTo(441.8, 6);
    expect(r.by_type.device).toEqual({ ...zero, module: 'equipment' });
    expect(r.by_type.purchase).toEqual({ ...zero, module: 'purchases' });
  });

  it('divide the total per FTE and per person, and per FTE by position category with the unattributed rest', async () => {
    const r = (await results('alice', climateReport)).body;
    const total = 2400 + aliceTrip + bobTrip + 441.8 + 1542 + 236.17;
    expect(r).toMatchObject({ fte: 3, head_count: 4 });
    expect(r.kg_co2eq_per_fte).toBeCloseTo(total / 3, 6);
    expect(r.kg_co2eq_per_person).toBeCloseTo(total / 4, 6);

    // Alice (1 FTE): her 800 kg and her plane trip.
    expect(r.by_position.researcher_faculty).toMatchObject({ head_count: 1, fte: 1, entries: 2, without_factor: 0 });
    expect(r.by_position.researcher_faculty.kg_co2eq).toBeCloseTo(800 + aliceTrip, 6);
    expect(r.by_position.researcher_faculty.kg_co2eq_per_fte).toBeCloseTo(800 + aliceTrip, 6);
    // Bob (0.5) and Chloé (1): 400 + 800 kg and Bob's train trip, over 1.5 FTE.
    expect(r.by_position.phd_student).toMatchObject({ head_count: 2, fte: 1.5, entries: 3, without_factor: 0 });
    expect(r.by_position.phd_student.kg_co2eq).toBeCloseTo(1200 + bobTrip, 6);
    expect(r.by_position.phd_student.kg_co2eq_per_fte).toBeCloseTo((1200 + bobTrip) / 1.5, 6);
    // David, without a category.
    expect(r.by_position.unspecified).toEqual({ kg_co2eq: 400, entries: 1, without_factor: 0, head_count: 1, fte: 0.5, kg_co2eq_per_fte: 800 });
    for (const c of ['postdoc', 'engineer_technician', 'administrative', 'other']) {
      expect(r.by_position[c]).toEqual({ ...zero, head_count: 0, fte: 0, kg_co2eq_per_fte: null });
    }
    // The buildings belong to no member: 441.8 + 1542 + 236.17 kg and the row without a factor.
    expect(r.unattributed).toMatchObject({ entries: 4, without_factor: 1 });
    expect(r.unattributed.kg_co2eq).toBeCloseTo(2219.97, 6);
  });

  it('count entries without a factor beside every figure they leave out, never as zeros', async () => {
    const res = await results('dan', oceanReport);
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r.total).toMatchObject({ entries: 3, without_factor: 1 });
    expect(r.total.kg_co2eq).toBeCloseTo(carolTrip, 6);
    expect(r).toMatchObject({ fte: 1, head_count: 1 });
    expect(r.kg_co2eq_per_fte).toBeCloseTo(carolTrip, 6);
    expect(r.kg_co2eq_per_person).toBeCloseTo(carolTrip, 6);
    // Its member adds nothing (no per-FTE estimate configured that year): not without a factor.
    expect(r.by_module.headcount).toEqual({ kg_co2eq: 0, entries: 1, without_factor: 0, status: 'in_progress' });
    expect(r.by_scope['2']).toEqual({ kg_co2eq: 0, entries: 1, without_factor: 1 });
    expect(r.by_scope['3']).toMatchObject({ entries: 2, without_factor: 0 });
    expect(r.by_category.per_fte_estimates).toEqual({ kg_co2eq: 0, entries: 1, without_factor: 0 });
    expect(r.by_category.purchased_electricity).toEqual({ kg_co2eq: 0, entries: 1, without_factor: 1 });
    expect(r.by_type.electricity).toEqual({ kg_co2eq: 0, entries: 1, without_factor: 1, module: 'buildings' });
    // Carol's category came from the file's position_category column.
    expect(r.by_position.postdoc).toMatchObject({ head_count: 1, fte: 1, entries: 2, without_factor: 0 });
    expect(r.by_position.postdoc.kg_co2eq).toBeCloseTo(carolTrip, 6);
    expect(r.unattributed).toEqual({ kg_co2eq: 0, entries: 1, without_factor: 1 });
    expect(r.modules_empty).toEqual(['equipment', 'purchases', 'digital_services', 'commuting']);
  });
});

describe('who gets the results', () => {
  it('the back office and administrators, as the principal sees them', async () => {
    const principal = (await results('alice', climateReport)).body;
    for (const user of ['olga', 'adam']) {
      const res = await results(user, climateReport);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(principal);
    }
  });

  it('not a standard user of the unit (403, saying where their own footprint is), who keeps their own footprint', async () => {
    const res = await results('bob', climateReport);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'may_not_see_results' });
    expect(res.body.detail).toContain('own');
    const own = await (await as(stack, 'bob')).get(`/api/v1/carbon_reports/${climateReport}/own`);
    expect(own.status).toBe(200);
    expect(own.body.kg_co2eq).toBeCloseTo(400 + bobTrip, 6);
  });

  it('not another unit’s principal or standard user (403), nobody for an unknown report or one that is no id (404), nobody signed out (401)', async () => {
    expect((await results('dan', climateReport)).status).toBe(403);
    expect((await results('carol', climateReport)).status).toBe(403);
    expect((await results('carol', oceanReport)).status).toBe(403);
    expect((await results('alice', 999_999)).status).toBe(404);
    expect((await (await as(stack, 'alice')).get('/api/v1/carbon_reports/x/results')).status).toBe(404);
    expect((await stack.client().get(`/api/v1/carbon_reports/${climateReport}/results`)).status).toBe(401);
  });
});
