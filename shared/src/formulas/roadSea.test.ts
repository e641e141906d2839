// Car, coach, bus and ferry trips, worked by hand: the formula through the registry (so the scope
// and category come from its declaration), with factor rows written here as an operator's file
// could hold them (a hybrid car per vehicle-km, coach and bus per passenger-km, no ferry row).
import { describe, expect, it } from 'vitest';
import { ENTRY_TYPES, reportEmissions, type EntryData, type FactorRow } from '../index';

const hybrid: FactorRow = { id: 1, classification: { mode: 'car_hybrid' }, values: { kg_co2eq_per_km: 0.12 } };
const coach: FactorRow = { id: 2, classification: { mode: 'coach' }, values: { kg_co2eq_per_km: 0.03 } };
const bus: FactorRow = { id: 3, classification: { mode: 'bus' }, values: { kg_co2eq_per_km: 0.1 } };

const compute = (data: EntryData) => {
  const t = ENTRY_TYPES.road_sea!;
  const factors = [hybrid, coach, bus];
  return reportEmissions(t, t.computeEmissions({ data, locations: {}, factors, factorSets: { road_sea: factors }, year: 2025 }))[0]!;
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

  it('a petrol car without a factor row: no figure, never 0 kg', () => {
    expect(compute(trip('car_petrol', 95))).toMatchObject({ kg_co2eq: null, quantity: 95, meta: { reason: 'no factor applies' } });
  });
});

describe('road and sea trip fields', () => {
  it('refuses a distance of 0, more than nine people in a car, and a mode it does not know; takes the rest', async () => {
    const { createSchema } = await import('../modules/schemas');
    const schema = createSchema(ENTRY_TYPES.road_sea!);
    const issue = (data: EntryData) => schema.safeParse(data).error?.issues[0];
    expect(issue(trip('coach', 0))).toMatchObject({ path: ['distance_km'], message: 'must be more than 0' });
    expect(issue(trip('car_diesel', 10, { occupancy: 10 }))).toMatchObject({ path: ['occupancy'], message: 'must be at most 9' });
    expect(issue(trip('car_diesel', 10, { occupancy: 0 }))).toMatchObject({ path: ['occupancy'], message: 'must be at least 1' });
    expect(issue(trip('tram', 10))).toMatchObject({ path: ['mode'] });
    expect(issue({ distance_km: 10 })).toMatchObject({ path: ['mode'], message: 'is required' });
    expect(schema.safeParse({ mode: 'ferry_foot', distance_km: 0.5, origin: 'Calais', destination: 'Dover' }).success).toBe(true);
  });
});
