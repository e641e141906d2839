// Car, taxi and coach trips between two places (great circle × 1.3) and the taxi mode, end to end
// with factors uploaded here: the same trips typed one by one (Path 1) and sent in a file (Path 2)
// give the same stats; the traveler link holds for the new modes (name stored at write time, 422
// for a person number not in the headcount, a file row skipped with a warning); a file's rows
// without a distance or with an unknown place are reported and nothing of them is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, as, demoIds, rounded, type DemoIds } from './support/carbon';
import { jobRow, settled, tableCounts, upload, uploadFactorFile } from './support/pipeline';
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
// A petrol car 0.17 and a taxi 0.2 kg per vehicle-km, a coach 0.03 per passenger-km; no diesel row.
const FACTORS = 'mode,kg_co2eq_per_km,source\ncar_petrol,0.17,test\ntaxi,0.2,test\ncoach,0.03,test';
const HEADER = 'mode,distance_km,occupancy,origin,origin_country,destination,destination_country,number_of_trips,round_trip,departure_date,person_number';

/** The trips of both paths: a petrol car Lausanne–Bern for two, round trip; a taxi Genève–Lyon;
 * a coach Zürich–Bern twice; a diesel car of 80 km given (no factor row: no figure). */
const TRIPS = [
  { mode: 'car_petrol', occupancy: 2, origin: 'Lausanne', destination: 'Bern', number_of_trips: 1, round_trip: true },
  { mode: 'taxi', origin: 'Genève', destination: 'Lyon', destination_country: 'FR', number_of_trips: 1, round_trip: false },
  { mode: 'coach', origin: 'Zürich', destination: 'Bern', number_of_trips: 2, round_trip: false },
  { mode: 'car_diesel', distance_km: 80, number_of_trips: 1, round_trip: false },
];
const csvLine = (t: Record<string, unknown>, person: number) =>
  [t.mode, t.distance_km, t.occupancy, t.origin, t.origin_country, t.destination, t.destination_country, t.number_of_trips, t.round_trip, '2025-05-02', person].map((v) => v ?? '').join(',');

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  dan = await as(stack, 'dan');
  olga = await as(stack, 'olga');
  // The library's diesel car row for the year goes: a mode without a row has no figure.
  await stack.server.pool.query(`DELETE FROM factors WHERE data_entry_type = 'road_sea' AND year = $1 AND classification->>'mode' = 'car_diesel'`, [YEAR]);
  expect((await uploadFactorFile(olga, stack.server.pool, 'professional-travel', 'road_sea', YEAR, FACTORS)).result).toBe('SUCCESS');
  await addMember(dan, OCEAN(), YEAR, 200002, 'Dan Ocean');
  await addMember(olga, CLIMATE(), YEAR, 100001, 'Alice Martin');
});
afterAll(() => stack?.stop());

const moduleStats = async (unit: number) => (await olga.get(`/api/modules/${unit}/${YEAR}/professional-travel`)).body.stats;

describe('trips between two places', () => {
  it('Path 1: the distance from the places, the name of the traveler stored with the trip', async () => {
    const made = [];
    for (const t of TRIPS) {
      const res = await dan.post(path(OCEAN()), { ...t, departure_date: '2025-05-02', traveler_id: 200002 });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ traveler_id: 200002, traveler_name: 'Dan Ocean' });
      made.push(res.body);
    }
    const [car, taxi, coach, diesel] = made;
    // Places in canonical form with their countries, filled by the server.
    expect(car).toMatchObject({ origin: 'Lausanne', origin_country: 'CH', destination: 'Bern', destination_country: 'CH' });
    const carKm = car.emissions[0].meta.great_circle_km as number;
    expect(carKm).toBeCloseTo(78.5, 1);
    expect(car.emissions[0]).toMatchObject({ quantity: expect.closeTo(carKm * 1.3 * 2, 5), meta: { detour_factor: 1.3, legs: 2, occupancy: 2 } });
    expect(car.kg_co2eq).toBeCloseTo((carKm * 1.3 * 2 * 0.17) / 2, 5);
    expect(taxi.emissions[0].meta.great_circle_km).toBeCloseTo(112.3, 1);
    expect(taxi.kg_co2eq).toBeCloseTo(taxi.emissions[0].meta.great_circle_km * 1.3 * 0.2, 5);
    expect(coach.kg_co2eq).toBeCloseTo(coach.emissions[0].meta.great_circle_km * 1.3 * 2 * 0.03, 5);
    expect(diesel).toMatchObject({ kg_co2eq: null, emissions: [{ quantity: 80, meta: { reason: 'no factor applies' } }] });
  });

  it('Path 2: the same trips in a file give the same stats', async () => {
    const res = await upload(olga, { module: 'professional-travel', type: 'road_sea', year: YEAR, unit_id: CLIMATE() }, [HEADER, ...TRIPS.map((t) => csvLine(t, 100001))].join('\n'));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await settled(stack.server.pool);
    expect((await jobRow(stack.server.pool, res.body.job_id)).report).toMatchObject({ rows: 4, stored: 4, skipped: 0 });
    const typed = await moduleStats(OCEAN());
    const filed = await moduleStats(CLIMATE());
    expect(rounded(filed)).toEqual(rounded(typed));
    expect(typed).toMatchObject({ entries: 4, without_factor: 1, by_type: { road_sea: { entries: 4, without_factor: 1 } } });
    expect(typed.kg_co2eq).toBeGreaterThan(0);
  });

  it('refuses a trip without its distance unless a car, taxi or coach names both places, and a person not in the headcount; changes nothing', async () => {
    const before = await tableCounts(stack.server.pool);
    const refused = async (body: Record<string, unknown>) => {
      const res = await dan.post(path(OCEAN()), { departure_date: '2025-05-02', traveler_id: 200002, ...body });
      expect(res.status).toBe(422);
      expect(res.body.detail).toBeTruthy();
      return res.body.errors;
    };
    expect(await refused({ mode: 'taxi', origin: 'Genève' })).toEqual([
      { field: 'distance_km', message: 'is required unless origin and destination are given', code: 'required_unless', params: { others: 'origin, destination' } },
    ]);
    expect(await refused({ mode: 'ferry_foot', origin: 'Calais', destination: 'Dover' })).toEqual([
      { field: 'distance_km', message: 'is required for mode ferry_foot', code: 'required_for_option', params: { field: 'mode', option: 'ferry_foot' } },
    ]);
    expect(await refused({ mode: 'taxi', origin: 'Genève', destination: 'Nowhereville' })).toEqual([
      expect.objectContaining({ field: 'destination', code: 'unknown_place', params: { name: 'Nowhereville' } }),
    ]);
    expect(await refused({ mode: 'taxi', distance_km: 12, traveler_id: 999999 })).toEqual([
      expect.objectContaining({ field: 'traveler_id', code: 'traveler_not_in_headcount', params: { personNumber: 999999, year: YEAR } }),
    ]);
    expect(await tableCounts(stack.server.pool)).toEqual(before);
  });

  it('an update may drop the distance for the places, and back', async () => {
    const taxi = await dan.post(path(OCEAN()), { mode: 'taxi', distance_km: 10, origin: 'Kiel', destination: 'Hamburg', departure_date: '2025-06-01', traveler_id: 200002 });
    expect(taxi.body.kg_co2eq).toBeCloseTo(2, 9); // 10 km given × 0.2: the places are for the record
    const fromPlaces = await dan.patch(path(OCEAN(), taxi.body.id), { distance_km: null });
    expect(fromPlaces.status).toBe(200);
    expect(fromPlaces.body.kg_co2eq).toBeCloseTo(fromPlaces.body.emissions[0].meta.great_circle_km * 1.3 * 0.2, 5);
    const bus = await dan.patch(path(OCEAN(), taxi.body.id), { mode: 'bus' });
    expect(bus.status).toBe(422);
    expect(bus.body.errors).toEqual([expect.objectContaining({ field: 'distance_km', code: 'required_for_option' })]);
  });

  it('a file: a row without its distance, one with an unknown place and one of a person not in the headcount are reported and skipped', async () => {
    const before = await tableCounts(stack.server.pool);
    const lines = [
      HEADER,
      'taxi,,1,Lausanne,,Bern,,1,false,2025-03-03,100001',
      'taxi,,,Lausanne,,,,1,false,2025-03-03,100001',
      'bus,,,Brest,FR,Roscoff,FR,1,false,2025-03-03,100001',
      'car_petrol,,,Lausanne,,Qxzwville,,1,false,2025-03-03,100001',
      'taxi,,,Lausanne,,Bern,,1,false,2025-03-03,999999',
    ];
    const res = await upload(olga, { module: 'professional-travel', type: 'road_sea', year: YEAR, unit_id: CLIMATE() }, lines.join('\n'));
    expect(res.status).toBe(202);
    await settled(stack.server.pool);
    const job = await jobRow(stack.server.pool, res.body.job_id);
    const issues = job.report.issues.map((i: { row: number; column: string; code: string; level: string }) => [i.row, i.column, i.code, i.level]);
    expect(issues).toEqual([
      [3, 'distance_km', 'required_unless', 'error'],
      [4, 'distance_km', 'required_for_option', 'error'],
      [5, 'destination', 'unknown_place', 'error'],
      [6, 'person_number', 'traveler_not_in_headcount', 'warning'],
    ]);
    expect(job).toMatchObject({ state: 'FINISHED', result: 'WARNING', report: { rows: 5, stored: 1, skipped: 4 } });
    const after = await tableCounts(stack.server.pool);
    expect(after.entries).toBe(before.entries + 1);
  });
});
