// Commuting survey responses, worked by hand: the formula through the registry (so the scope and
// category come from its declaration), with factor rows written here as an operator's file could
// hold them — one per mode, round numbers so each figure can be checked on paper — and no row for
// the electric bicycle.
import { describe, expect, it } from 'vitest';
import { createSchema, ENTRY_TYPES, reportEmissions, type EntryData, type FactorRow } from '../../index';

const PER_KM: Record<string, number> = {
  walk: 0,
  bike: 0,
  bus: 0.1,
  tram_metro: 0.03,
  train: 0.04,
  car_petrol: 0.2,
  car_diesel: 0.18,
  car_hybrid: 0.12,
  car_electric: 0.05,
  motorbike: 0.11,
};
const factors: FactorRow[] = Object.entries(PER_KM).map(([mode, v], i) => ({ id: i + 1, classification: { mode }, values: { kg_co2eq_per_km: v } }));

const compute = (data: EntryData) => {
  const t = ENTRY_TYPES.commute!;
  return reportEmissions(t, t.computeEmissions({ data, locations: {}, factors, factorSets: { commute: factors }, year: 2025 }))[0]!;
};
const response = (mode: string, distance_km: number, days_per_week: number, more: EntryData = {}): EntryData => ({ mode, distance_km, days_per_week, weeks_per_year: 40, ...more });

describe('a commuting response', () => {
  // 10 km each way, 5 days a week, 40 weeks: 2 × 10 × 5 × 40 = 4,000 km in the year.
  it.each([
    ['walk', 0],
    ['bike', 0],
    ['bus', 400],
    ['tram_metro', 120],
    ['train', 160],
    ['car_petrol', 800],
    ['car_diesel', 720],
    ['car_hybrid', 480],
    ['car_electric', 200],
    ['motorbike', 440],
  ])('by %s alone: 4,000 km × its factor = %d kg, scope 3 employee commuting', (mode, kg) => {
    const e = compute(response(mode, 10, 5));
    expect(e).toMatchObject({ emission_type: 'commute', scope: 3, category: 'employee_commuting', quantity: 4000, quantity_unit: 'km' });
    expect(e.kg_co2eq).toBeCloseTo(kg, 9);
    expect(e.meta).toMatchObject({ weeks_per_year: 40, parts: [{ mode, km: 4000, days_per_week: 5 }] });
  });

  it('walking and cycling are a zero read from their factor row, not a missing figure', () => {
    const e = compute(response('bike', 3, 5));
    expect(e.kg_co2eq).toBe(0);
    expect(e.factor_id).toBe(2);
    expect(e.meta.reason).toBeUndefined();
  });

  it('a car-pool of three in a petrol car: 4,000 km × 0.2 ÷ 3 = 266.67 kg (the car is shared)', () => {
    const e = compute(response('car_petrol', 10, 5, { occupancy: 3 }));
    expect(e.kg_co2eq).toBeCloseTo(800 / 3, 9);
    expect(e.meta).toMatchObject({ parts: [{ occupancy: 3 }] });
  });

  it('occupancy only divides cars: a bus passenger counts the bus factor in full', () => {
    expect(compute(response('bus', 10, 5, { occupancy: 3 })).kg_co2eq).toBeCloseTo(400, 9);
  });

  it('a second mode on 2 of 5 days: train 3 days (2 × 20 × 3 × 40 = 4,800 km × 0.04 = 192 kg) + bus 2 days (2 × 8 × 2 × 40 = 1,280 km × 0.1 = 128 kg) = 320 kg', () => {
    const e = compute(response('train', 20, 5, { second_mode: 'bus', second_distance_km: 8, second_days_per_week: 2 }));
    expect(e.kg_co2eq).toBeCloseTo(320, 9);
    expect(e.quantity).toBe(6080);
    expect(e.meta).toMatchObject({ parts: [{ mode: 'train', days_per_week: 3, km: 4800 }, { mode: 'bus', days_per_week: 2, km: 1280 }] });
    expect(e.factor_id).toBeNull();
  });

  it('weeks per year default to 41: 2 × 10 × 5 × 41 = 4,100 km by train × 0.04 = 164 kg', () => {
    const data = createSchema(ENTRY_TYPES.commute!).parse({ mode: 'train', distance_km: 10, days_per_week: 5, traveler_id: 100002 }) as EntryData;
    expect(data.weeks_per_year).toBe(41);
    expect(compute(data).kg_co2eq).toBeCloseTo(164, 9);
  });

  it('a mode without a factor row has no figure (null, with the reason), never 0', () => {
    const e = compute(response('ebike', 10, 5));
    expect(e.kg_co2eq).toBeNull();
    expect(e.quantity).toBe(4000);
    expect(e.meta.reason).toBe('no factor applies');
  });

  it('a second mode without a factor leaves the whole response without a figure', () => {
    const e = compute(response('train', 20, 5, { second_mode: 'ebike', second_distance_km: 4, second_days_per_week: 1 }));
    expect(e.kg_co2eq).toBeNull();
  });
});

describe('the response form rules', () => {
  const schema = createSchema(ENTRY_TYPES.commute!);
  it('refuses more days by the second mode than days on site', () => {
    const r = schema.safeParse({ mode: 'train', distance_km: 10, days_per_week: 2, second_mode: 'bus', second_distance_km: 3, second_days_per_week: 3 });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toContain('second_days_per_week');
  });
  it('a second mode needs its distance and days', () => {
    const r = schema.safeParse({ mode: 'train', distance_km: 10, days_per_week: 2, second_mode: 'bus' });
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['second_days_per_week', 'second_distance_km']);
  });
});
