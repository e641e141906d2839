// Path 2 ends where Path 1 would: the same members and trips entered through the API for one
// unit and uploaded as CSV files for another give the same emissions (with their scopes and
// categories), the same module stats and the same report stats, split by scope and category
// included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULE_TYPES, MODULES } from '@carbon/shared';
import { startTestStack, type TestStack } from './support/stack';
import { as, demoIds, type DemoIds } from './support/carbon';
import { CSV, HEADCOUNT_HEADER, jobRow, PLANE_HEADER, settled, TRAIN_HEADER, upload } from './support/pipeline';

let stack: TestStack;
let ids: DemoIds;
const YEAR = 2024;

const members = [
  { user_institutional_id: '900001', name: 'Lea Roux', fte: 1, position: 'Professor' },
  { user_institutional_id: '900002', name: 'Max Berg', fte: 0.6 },
];
const planes = [
  { origin: 'GVA', destination: 'JFK', cabin_class: 'economy', number_of_trips: 1, round_trip: true, departure_date: '2024-03-04', traveler_id: 900001 },
  { origin: 'ZRH', destination: 'LHR', cabin_class: 'business', number_of_trips: 3, round_trip: false, departure_date: '2024-05-06', traveler_id: 900002 },
  { origin: 'CDG', destination: 'NRT', cabin_class: 'first', number_of_trips: 1, round_trip: true, departure_date: '2024-07-08', traveler_id: 900001 },
];
const trains = [
  { origin: 'Lausanne', origin_country: 'CH', destination: 'Paris', destination_country: 'FR', class: 'second', number_of_trips: 2, round_trip: true, departure_date: '2024-02-03', traveler_id: 900002 },
  { origin: 'Zürich', destination: 'Milan', class: 'first', number_of_trips: 1, round_trip: false, departure_date: '2024-09-10', traveler_id: 900001 },
];

const cell = (v: unknown) => (v === undefined ? '' : String(v));

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  // Members weigh something too: 650 kg CO2e per FTE.
  const olga = await as(stack, 'olga');
  expect((await olga.post(`/api/sync/factors/headcount/member?year=${YEAR}`, 'category,kg_co2eq_per_fte,source\nfood,650,test', CSV)).status).toBe(202);
  await settled(stack.server.pool);
});
afterAll(async () => stack?.stop());

async function summary(unit: number, module: string) {
  const olga = await as(stack, 'olga');
  const res = await olga.get(`/api/modules/${unit}/${YEAR}/${module}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function emissions(unit: number) {
  const { rows } = await stack.server.pool.query(
    `SELECT e.data_entry_type, e.data - 'created_by' AS data, x.emission_type, x.scope, x.category, x.kg_co2eq::text AS kg, x.quantity::text AS quantity, x.quantity_unit, x.factor_id, x.meta
       FROM carbon_reports r JOIN carbon_report_modules m ON m.carbon_report_id = r.id
       JOIN data_entries e ON e.carbon_report_module_id = m.id JOIN data_entry_emissions x ON x.data_entry_id = e.id
      WHERE r.unit_id = $1 AND r.year = $2 ORDER BY e.data_entry_type, e.id`,
    [unit, YEAR],
  );
  return rows;
}

describe('Path 2 and Path 1 give the same numbers', () => {
  it('emissions, module stats and report stats are equal', async () => {
    const olga = await as(stack, 'olga');
    const p1 = ids.unit['OCEAN-LAB']!;
    const p2 = ids.unit['CLIMATE-LAB']!;
    for (const m of members) expect((await olga.post(`/api/modules/${p1}/${YEAR}/headcount/member`, m)).status).toBe(201);
    for (const p of planes) expect((await olga.post(`/api/modules/${p1}/${YEAR}/professional-travel/plane`, p)).status).toBe(201);
    for (const t of trains) expect((await olga.post(`/api/modules/${p1}/${YEAR}/professional-travel/train`, t)).status).toBe(201);

    const hc = [HEADCOUNT_HEADER, ...members.map((m) => [m.user_institutional_id, m.name, m.fte, m.position].map(cell).join(','))].join('\n');
    const pl = [PLANE_HEADER, ...planes.map((p) => [p.origin, p.destination, p.cabin_class, p.number_of_trips, p.round_trip, p.departure_date, p.traveler_id].join(','))].join('\n');
    const tr = [TRAIN_HEADER, ...trains.map((t) => [t.origin, t.origin_country, t.destination, t.destination_country, t.class, t.number_of_trips, t.round_trip, t.departure_date, t.traveler_id].map(cell).join(','))].join('\n');
    const jobs = [];
    jobs.push((await upload(olga, { module: 'headcount', type: 'member', year: YEAR, unit_id: p2 }, hc)).body.job_id);
    await settled(stack.server.pool);
    jobs.push((await upload(olga, { module: 'professional_travel', type: 'plane', year: YEAR, unit_id: p2 }, pl)).body.job_id);
    jobs.push((await upload(olga, { module: 'professional_travel', type: 'train', year: YEAR, unit_id: p2 }, tr)).body.job_id);
    await settled(stack.server.pool);
    for (const id of jobs) expect((await jobRow(stack.server.pool, id)).result).toBe('SUCCESS');

    const e1 = await emissions(p1);
    const e2 = await emissions(p2);
    expect(e2).toHaveLength(members.length + planes.length + trains.length);
    expect(e2).toEqual(e1);
    expect(new Set(e2.map((e) => `${e.emission_type}:${e.scope}:${e.category}`))).toEqual(new Set(['member:3:per_fte_estimates', 'plane:3:business_travel', 'train:3:business_travel']));
    for (const module of MODULE_TYPES.map((m) => MODULES[m].slug)) {
      const a = await summary(p1, module);
      const b = await summary(p2, module);
      expect(b.stats).toEqual(a.stats);
      expect(b.status).toBe(a.status);
      expect(b.entry_counts).toEqual(a.entry_counts);
    }
    const headcount = await summary(p2, MODULES.headcount.slug);
    // 650 kg per FTE × (1 + 0.6) FTE.
    expect(headcount.stats).toMatchObject({ kg_co2eq: 1040, by_scope: { 1: 0, 2: 0, 3: 1040 }, by_category: { per_fte_estimates: 1040 } });
    const r1 = await olga.get(`/api/v1/carbon_reports/${ids.report[`OCEAN-LAB/${YEAR}`]}`);
    const r2 = await olga.get(`/api/v1/carbon_reports/${ids.report[`CLIMATE-LAB/${YEAR}`]}`);
    expect(r2.body.stats).toEqual(r1.body.stats);
    expect(r2.body.stats.entries).toBe(members.length + planes.length + trains.length);
    expect(r2.body.stats.by_scope[3]).toBe(r2.body.stats.kg_co2eq);
    expect(r2.body.stats.by_category.per_fte_estimates).toBe(1040);
    expect(r2.body.stats.by_category.business_travel).toBeCloseTo(r2.body.stats.kg_co2eq - 1040, 6);
  });
});
