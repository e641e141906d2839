// Car, coach, bus and ferry trips end to end, with factors uploaded here (figures by hand): Path 1
// creates, updates and deletes keep the module and report stats exact (scope 3, business travel);
// a mode without a factor row has no figure and is counted as such; a CSV file with good and bad
// rows reports each bad row and stores nothing of it; uploading the missing row recalculates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, as, demoIds, rounded, type DemoIds } from './support/carbon';
import { ingestReport, tableCounts, uploadFactorFile } from './support/pipeline';
import { startTestStack, type TestStack } from './support/stack';
import type { TestClient } from './support/httpClient';

let stack: TestStack;
let ids: DemoIds;
let dan: TestClient;
let olga: TestClient;
const YEAR = 2025;
const OCEAN = () => ids.unit['OCEAN-LAB']!;
const CLIMATE = () => ids.unit['CLIMATE-LAB']!;
const path = (unit: number, id?: number) => `/api/modules/${unit}/${YEAR}/professional-travel/road-sea${id ? `/${id}` : ''}`;
// A petrol car 0.17 kg per vehicle-km, a coach 0.03 and a bus 0.1 per passenger-km; no ferry row.
const FACTORS = 'mode,kg_co2eq_per_km,source\ncar_petrol,0.17,test\ncoach,0.03,test\nbus,0.1,test';

const uploadFactors = (csv: string) => uploadFactorFile(olga, stack.server.pool, 'professional-travel', 'road_sea', YEAR, csv);

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  dan = await as(stack, 'dan');
  olga = await as(stack, 'olga');
  // The library's ferry row for the year goes: a mode without a row has no figure.
  await stack.server.pool.query(`DELETE FROM factors WHERE data_entry_type = 'road_sea' AND year = $1 AND classification->>'mode' = 'ferry_foot'`, [YEAR]);
  expect((await uploadFactors(FACTORS)).result).toBe('SUCCESS');
  await addMember(dan, OCEAN(), YEAR, 200002, 'Dan Ocean');
  await addMember(olga, CLIMATE(), YEAR, 100001, 'Alice Martin');
});
afterAll(() => stack?.stop());

async function stats(unit: number) {
  const module = await olga.get(`/api/modules/${unit}/${YEAR}/professional-travel`);
  const report = await olga.get(`/api/v1/carbon_reports/${ids.report[`${unit === OCEAN() ? 'OCEAN-LAB' : 'CLIMATE-LAB'}/${YEAR}`]}`);
  expect(module.status).toBe(200);
  return { module: module.body.stats, report: report.body.stats };
}


const trip = (mode: string, distance_km: number, more: Record<string, unknown> = {}) => ({ mode, distance_km, departure_date: '2025-04-01', traveler_id: 200002, ...more });

describe('road and sea trips, Path 1', () => {
  const made: Record<string, number> = {};

  it('creates: a shared petrol car, a coach, and a ferry without a factor (no figure, counted)', async () => {
    const car = await dan.post(path(OCEAN()), trip('car_petrol', 100, { round_trip: true, occupancy: 2, origin: 'Kiel', destination: 'Hamburg' }));
    expect(car.status, JSON.stringify(car.body)).toBe(201);
    expect(car.body).toMatchObject({ traveler_id: 200002, traveler_name: 'Dan Ocean', origin: 'Kiel' });
    expect(car.body.kg_co2eq).toBeCloseTo(17, 9); // 2 legs × 100 km × 0.17 / 2 people
    expect(car.body.emissions).toMatchObject([{ emission_type: 'road_sea', scope: 3, category: 'business_travel', quantity: 200, quantity_unit: 'km' }]);
    const coach = await dan.post(path(OCEAN()), trip('coach', 250, { number_of_trips: 2 }));
    expect(coach.body.kg_co2eq).toBeCloseTo(15, 9); // 2 legs × 250 km × 0.03
    const ferry = await dan.post(path(OCEAN()), trip('ferry_foot', 40, { round_trip: true }));
    expect(ferry.status).toBe(201);
    expect(ferry.body.kg_co2eq).toBeNull();
    expect(ferry.body.emissions[0]).toMatchObject({ kg_co2eq: null, quantity: 80, factor_id: null, meta: { reason: 'no factor applies' } });
    Object.assign(made, { car: car.body.id, coach: coach.body.id, ferry: ferry.body.id });

    const s = await stats(OCEAN());
    expect(rounded(s.module)).toMatchObject({
      kg_co2eq: 32,
      entries: 3,
      without_factor: 1,
      by_scope: { 1: 0, 2: 0, 3: 32 },
      by_category: { business_travel: 32 },
      by_type: { road_sea: { kg_co2eq: 32, entries: 3, quantity: 780, without_factor: 1 } },
    });
    expect(rounded(s.report)).toMatchObject({
      kg_co2eq: 32,
      by_module: { professional_travel: { kg_co2eq: 32, entries: 3, without_factor: 1 } },
      by_scope: { 1: 0, 2: 0, 3: 32 },
      by_category: { business_travel: 32 },
    });
  });

  it('updates: four in the car, and the ferry was a bus after all', async () => {
    const car = await dan.patch(path(OCEAN(), made.car), { occupancy: 4 });
    expect(car.status).toBe(200);
    expect(car.body.kg_co2eq).toBeCloseTo(8.5, 9); // 200 km × 0.17 / 4
    const bus = await dan.patch(path(OCEAN(), made.ferry), { mode: 'bus' });
    expect(bus.body.kg_co2eq).toBeCloseTo(8, 9); // 80 km × 0.1
    const s = await stats(OCEAN());
    expect(rounded(s.module)).toMatchObject({ kg_co2eq: 31.5, entries: 3, without_factor: 0, by_scope: { 3: 31.5 }, by_type: { road_sea: { quantity: 780, without_factor: 0 } } });
    expect(rounded(s.report)).toMatchObject({ kg_co2eq: 31.5, by_module: { professional_travel: { kg_co2eq: 31.5, without_factor: 0 } }, by_category: { business_travel: 31.5 } });
  });

  it('deletes: the coach goes, and its 15 kg with it', async () => {
    expect((await dan.delete(path(OCEAN(), made.coach))).status).toBe(204);
    const s = await stats(OCEAN());
    expect(rounded(s.module)).toMatchObject({ kg_co2eq: 16.5, entries: 2, without_factor: 0, by_scope: { 1: 0, 2: 0, 3: 16.5 }, by_type: { road_sea: { quantity: 280 } } });
    expect(rounded(s.report)).toMatchObject({ kg_co2eq: 16.5, by_module: { professional_travel: { kg_co2eq: 16.5, entries: 2 } }, by_scope: { 3: 16.5 } });
  });

  it('refuses bad values with 422 naming each field, and changes nothing', async () => {
    const before = await tableCounts(stack.server.pool);
    const bad = await dan.post(path(OCEAN()), trip('tram', 0, { occupancy: 10 }));
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBeTruthy();
    const byField = Object.fromEntries(bad.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(byField).toMatchObject({ distance_km: 'must be more than 0', occupancy: 'must be at most 9' });
    expect(byField.mode).toMatch(/^must be one of: car_petrol, /);
    const lastYear = await dan.post(path(OCEAN()), trip('coach', 10, { departure_date: '2024-12-31' }));
    expect(lastYear.status).toBe(422);
    expect(lastYear.body.errors).toEqual([{ field: 'departure_date', message: 'must be a date in 2025, the year of the report', code: 'date_outside_report_year', params: { year: 2025 } }]);
    expect((await dan.patch(path(OCEAN(), made.car), { distance_km: -1 })).status).toBe(422);
    expect(await tableCounts(stack.server.pool)).toEqual(before);
  });
});

describe('road and sea trips, Path 2', () => {
  it('a CSV file with good and bad rows: a row report, nothing of the bad rows, exact stats', async () => {
    const lines = [
      'mode,distance_km,occupancy,origin,destination,number_of_trips,round_trip,departure_date,person_number',
      'car_petrol,100,4,Lausanne,Bern,1,true,2025-03-01,100001',
      'bus,40,,Brest,Roscoff,2,true,2025-06-05,100001',
      'ferry_foot,40,,Calais,Dover,2,false,2025-06-03,100001',
      'tram,10,,,,1,false,2025-01-01,100001',
      'coach,0,,,,1,false,2025-01-01,100001',
      'car_diesel,50,12,,,1,false,2025-01-01,100001',
      'coach,50,,,,1,false,2024-05-01,100001',
    ];
    const report = await ingestReport(olga, stack.server.pool, { module: 'professional-travel', type: 'road_sea', year: YEAR, unit_id: CLIMATE() }, lines);
    expect(report).toMatchObject({ rows: 7, stored: 3, skipped: 4 });
    expect(report.issues).toEqual([
      [5, 'mode'],
      [6, 'distance_km'],
      [7, 'occupancy'],
      [8, 'departure_date'],
    ]);
    // 2 × 100 × 0.17 / 4 = 8.5; 4 × 40 × 0.1 = 16; the ferry's 80 km without a figure.
    const s = await stats(CLIMATE());
    expect(rounded(s.module)).toMatchObject({
      kg_co2eq: 24.5,
      entries: 3,
      without_factor: 1,
      by_scope: { 1: 0, 2: 0, 3: 24.5 },
      by_type: { road_sea: { kg_co2eq: 24.5, entries: 3, quantity: 440, without_factor: 1 } },
    });
    expect(rounded(s.report)).toMatchObject({ kg_co2eq: 24.5, by_module: { professional_travel: { kg_co2eq: 24.5, entries: 3, without_factor: 1 } }, by_category: { business_travel: 24.5 } });
  });

  it('uploading a ferry row recalculates the ferry trips of every unit', async () => {
    expect((await uploadFactors(`${FACTORS}\nferry_foot,0.02,test`)).result).toBe('SUCCESS');
    const climate = await stats(CLIMATE());
    expect(rounded(climate.module)).toMatchObject({ kg_co2eq: 26.1, entries: 3, without_factor: 0, by_scope: { 3: 26.1 } }); // + 80 km × 0.02
    expect(rounded(climate.report)).toMatchObject({ kg_co2eq: 26.1, by_category: { business_travel: 26.1 } });
    expect(rounded((await stats(OCEAN())).module)).toMatchObject({ kg_co2eq: 16.5, without_factor: 0 });
  });
});
