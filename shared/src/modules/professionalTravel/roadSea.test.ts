// Car, taxi, coach, bus and ferry trips, worked by hand: the formula through the registry (so the
// scope and category come from its declaration), with factor rows written here as an operator's
// file could hold them (a hybrid car and a taxi per vehicle-km, coach and bus per passenger-km, no
// ferry row), and trips between two places one degree of latitude apart.
import { describe, expect, it } from 'vitest';
import { ENTRY_TYPES, reportEmissions, type EntryData, type FactorRow, type ResolvedLocation } from '../../index';

const hybrid: FactorRow = { id: 1, classification: { mode: 'car_hybrid' }, values: { kg_co2eq_per_km: 0.12 } };
const coach: FactorRow = { id: 2, classification: { mode: 'coach' }, values: { kg_co2eq_per_km: 0.03 } };
const bus: FactorRow = { id: 3, classification: { mode: 'bus' }, values: { kg_co2eq_per_km: 0.1 } };
const taxi: FactorRow = { id: 4, classification: { mode: 'taxi' }, values: { kg_co2eq_per_km: 0.2 } };

// One degree of latitude apart on the same meridian: the great circle is 6,371 km × π / 180 =
// 111.19493 km, and the road distance 1.3 times that, 144.55341 km.
const place = (id: number, lat: number): ResolvedLocation => ({ id, kind: 'place', code: String(id), name: `P${id}`, country_code: 'CH', lat, lon: 7 });
const ends = { origin: place(11, 46), destination: place(12, 47) };
const ONE_DEGREE_KM = (6371 * Math.PI) / 180;

const compute = (data: EntryData, locations: Record<string, ResolvedLocation> = {}, more: FactorRow[] = []) => {
  const t = ENTRY_TYPES.road_sea!;
  const factors = [hybrid, coach, bus, taxi, ...more];
  return reportEmissions(t, t.computeEmissions({ data, locations, factors, factorSets: { road_sea: factors }, year: 2025 }))[0]!;
};
const trip = (mode: string, distance_km: number, more: EntryData = {}): EntryData => ({ mode, distance_km, number_of_trips: 1, round_trip: false, ...more });

describe('road and sea trips', () => {
  it('a hybrid car, 210 km each way, two people in it: 420 km × 0.12 / 2 = 25.2 kg, scope 3 business travel', () => {
    const e = compute(trip('car_hybrid', 210, { round_trip: true, occupancy: 2 }));
    expect(e).toMatchObject({ emission_type: 'road_sea', scope: 3, category: 'business_travel', quantity: 420, quantity_unit: 'km', factor_id: 1 });
    expect(e.kg_co2eq).toBeCloseTo(25.2, 9);
    expect(e.meta).toMatchObject({ mode: 'car_hybrid', distance_km: 210, legs: 2, total_km: 420, occupancy: 2, factor: { id: 1 } });
  });

  it('a car without occupants given: the traveler alone, 420 km × 0.12 = 50.4 kg', () => {
    const e = compute(trip('car_hybrid', 210, { round_trip: true }));
    expect(e.kg_co2eq).toBeCloseTo(50.4, 9);
    expect(e.meta).toMatchObject({ occupancy: 1 });
  });

  it('a coach, 100 km, three round trips: 600 km × 0.03 = 18 kg; occupants do not divide a per-passenger factor', () => {
    const e = compute(trip('coach', 100, { number_of_trips: 3, round_trip: true, occupancy: 4 }));
    expect(e).toMatchObject({ quantity: 600, factor_id: 2 });
    expect(e.kg_co2eq).toBeCloseTo(18, 9);
    expect(e.meta).toMatchObject({ legs: 6, total_km: 600, occupancy: null });
  });

  it('a bus, 35 km: 35 × 0.1 = 3.5 kg', () => {
    expect(compute(trip('bus', 35)).kg_co2eq).toBeCloseTo(3.5, 9);
  });

  it('a ferry without a factor row: the distance is known, the figure is not, and why', () => {
    const e = compute(trip('ferry_foot', 70, { round_trip: true }));
    expect(e).toMatchObject({ kg_co2eq: null, quantity: 140, factor_id: null, meta: { reason: 'no factor applies', factor: null } });
  });

  it('a ferry once an operator uploads its row (0.02 per passenger-km): 70 km there and back × 0.02 = 2.8 kg, occupants ignored', () => {
    const ferry: FactorRow = { id: 5, classification: { mode: 'ferry_foot' }, values: { kg_co2eq_per_km: 0.02 } };
    const e = compute(trip('ferry_foot', 70, { round_trip: true, occupancy: 3 }), {}, [ferry]);
    expect(e).toMatchObject({ quantity: 140, factor_id: 5, meta: { occupancy: null } });
    expect(e.kg_co2eq).toBeCloseTo(2.8, 9);
  });

  it('a petrol car without a factor row: no figure, never 0 kg', () => {
    expect(compute(trip('car_petrol', 95))).toMatchObject({ kg_co2eq: null, quantity: 95, meta: { reason: 'no factor applies' } });
  });

  it('a taxi, 12 km, three passengers: per vehicle-km shared like a car, 12 × 0.2 / 3 = 0.8 kg', () => {
    const e = compute(trip('taxi', 12, { occupancy: 3 }));
    expect(e).toMatchObject({ quantity: 12, factor_id: 4, meta: { mode: 'taxi', distance_km: 12, occupancy: 3 } });
    expect(e.kg_co2eq).toBeCloseTo(0.8, 9);
  });

  it('a hybrid car between two places, two people, round trip: 111.19493 km × 1.3 × 2 legs × 0.12 / 2 = 17.34641 kg', () => {
    const { distance_km: _, ...data } = trip('car_hybrid', 0, { round_trip: true, occupancy: 2 });
    const e = compute(data, ends);
    expect(e.quantity).toBeCloseTo(289.10681, 4);
    expect(e.kg_co2eq).toBeCloseTo(17.34641, 4);
    expect(e.meta).toMatchObject({ legs: 2, occupancy: 2, detour_factor: 1.3, location_ids: [11, 12] });
    expect(e.meta.great_circle_km).toBeCloseTo(ONE_DEGREE_KM, 9);
    expect(e.meta.one_way_km).toBeCloseTo(ONE_DEGREE_KM * 1.3, 9);
    expect(e.meta).not.toHaveProperty('distance_km');
  });

  it('a coach between the same places: 144.55341 km × 0.03 = 4.33660 kg; a distance given wins over the places', () => {
    const { distance_km: _, ...data } = trip('coach', 0);
    expect(compute(data, ends).kg_co2eq).toBeCloseTo(ONE_DEGREE_KM * 1.3 * 0.03, 9);
    const given = compute(trip('coach', 150), ends);
    expect(given).toMatchObject({ quantity: 150, meta: { distance_km: 150 } });
    expect(given.meta).not.toHaveProperty('great_circle_km');
    expect(given.kg_co2eq).toBeCloseTo(4.5, 9);
  });
});

describe('road and sea trip fields', () => {
  it('refuses a distance of 0, more than nine people in a car, and a mode it does not know; takes the rest', async () => {
    const { createSchema } = await import('../schemas');
    const schema = createSchema(ENTRY_TYPES.road_sea!);
    const issue = (data: EntryData) => schema.safeParse(data).error?.issues[0];
    expect(issue(trip('coach', 0))).toMatchObject({ path: ['distance_km'], message: 'must be more than 0' });
    expect(issue(trip('car_diesel', 10, { occupancy: 10 }))).toMatchObject({ path: ['occupancy'], message: 'must be at most 9' });
    expect(issue(trip('car_diesel', 10, { occupancy: 0 }))).toMatchObject({ path: ['occupancy'], message: 'must be at least 1' });
    expect(issue(trip('tram', 10))).toMatchObject({ path: ['mode'] });
    expect(issue({ distance_km: 10 })).toMatchObject({ path: ['mode'], message: 'is required' });
    expect(schema.safeParse({ mode: 'ferry_foot', distance_km: 0.5, origin: 'Calais', destination: 'Dover' }).success).toBe(true);
  });

  it('takes two places instead of the distance for a car, taxi or coach only, and one place is not enough', async () => {
    const { createSchema } = await import('../schemas');
    const schema = createSchema(ENTRY_TYPES.road_sea!);
    const issues = (data: EntryData) => schema.safeParse(data).error?.issues.map((i) => ({ path: i.path, message: i.message }));
    for (const mode of ['car_diesel', 'taxi', 'coach']) expect(schema.safeParse({ mode, origin: 'Lausanne', destination: 'Bern' }).success, mode).toBe(true);
    expect(issues({ mode: 'bus', origin: 'Brest', destination: 'Roscoff' })).toEqual([{ path: ['distance_km'], message: 'is required for mode bus' }]);
    expect(issues({ mode: 'ferry_foot', origin: 'Calais', destination: 'Dover' })).toEqual([{ path: ['distance_km'], message: 'is required for mode ferry_foot' }]);
    expect(issues({ mode: 'taxi', origin: 'Lausanne' })).toEqual([{ path: ['distance_km'], message: 'is required unless origin and destination are given' }]);
    expect(issues({ mode: 'car_hybrid', distance_km: null })).toEqual([{ path: ['distance_km'], message: 'is required unless origin and destination are given' }]);
  });
});
