// Every lever worked by hand on a tiny fixed data set: the factor values are written here (those
// of the library's rows they name), the distances from coordinates on the equator, where the great
// circle is 6,371 km × the longitude difference in radians.
import { describe, expect, it } from 'vitest';
import { ENTRY_TYPES, findLever, leverParams, runLevers, type EntryData, type FactorRow, type FactorSets, type LeverParams, type ResolvedLocation, type ScenarioRow } from '../index';
import { laxerThan, reductionAt, targetProblem, trajectory } from '../plans';

const YEAR = 2024;
const R = 6371;
const equatorKm = (deg: number) => (R * deg * Math.PI) / 180;

const place = (id: number, code: string, country: string, lon: number): ResolvedLocation => ({ id, kind: 'airport', code, name: code, country_code: country, lat: 0, lon });
const A = place(1, 'AAA', 'FR', 0);
const B = place(2, 'BBB', 'FR', 5);
const C = place(3, 'CCC', 'US', 30);
const D = place(4, 'DDD', 'JP', 60);

// plane/2019.csv rows (short economy, medium business, long economy), train/2019.csv FR, heating/2024.csv
// natural gas and district heating, commute/2024.csv car_petrol and bus.
const factor = (id: number, classification: Record<string, string>, values: Record<string, number>): FactorRow => ({ id, classification, values });
const sets: FactorSets = {
  plane: [
    factor(11, { band: 'short', cabin_class: 'economy' }, { kg_co2eq_per_km: 0.2582 }),
    factor(12, { band: 'medium', cabin_class: 'business' }, { kg_co2eq_per_km: 0.280795 }),
    factor(13, { band: 'medium', cabin_class: 'economy' }, { kg_co2eq_per_km: 0.1872 }),
    factor(14, { band: 'long', cabin_class: 'economy' }, { kg_co2eq_per_km: 0.1517 }),
  ],
  train: [factor(21, { country: 'FR' }, { kg_co2eq_per_km: 0.0023 })],
  heating: [factor(31, { carrier: 'natural_gas' }, { kg_co2eq_per_kwh: 0.23611, kwh_per_mwh: 1000 }), factor(32, { carrier: 'district_heating' }, { kg_co2eq_per_kwh: 0.22428, kwh_per_mwh: 1000 })],
  electricity: [factor(41, { supply: 'location_based', mix: 'FR' }, { kg_co2eq_per_kwh: 0.05, kwh_per_mwh: 1000 })],
  commute: [factor(51, { mode: 'car_petrol' }, { kg_co2eq_per_km: 0.21049 }), factor(52, { mode: 'bus' }, { kg_co2eq_per_km: 0.13495 }), factor(53, { mode: 'bike' }, { kg_co2eq_per_km: 0 })],
  device: [factor(61, { device_type: 'laptop' }, { kg_co2eq_per_device: 250, lifetime_years: 4 })],
  purchase: [factor(71, { category: 'it_equipment' }, { kg_co2eq_per_eur: 0.5 }), factor(72, { category: 'furniture' }, { kg_co2eq_per_eur: 0.3 })],
  exchange_rate: [],
  price_index: [],
  purchase_nacres: [],
};
const ctx = { year: YEAR, factorSets: sets };

/** A row as the scenario reads it from the database: its data and its stored figures. */
function row(id: number, type: string, data: EntryData, locations: Record<string, ResolvedLocation> = {}): ScenarioRow {
  const e = ENTRY_TYPES[type]!.computeEmissions({ data, year: YEAR, locations, factors: sets[type] ?? [], factorSets: sets });
  return { id, type, data, locations, weight: 1, emissions: e.map((x) => ({ factor_id: x.factor_id, kg: x.kg_co2eq!, quantity: x.quantity, quantity_unit: x.quantity_unit })) };
}
const flight = (id: number, to: ResolvedLocation, cabin: string) => row(id, 'plane', { origin: A.code, destination: to.code, cabin_class: cabin, number_of_trips: 1, round_trip: false }, { origin: A, destination: to });
const flights = [flight(1, B, 'economy'), flight(2, C, 'business'), flight(3, D, 'economy')];

const run = (rows: ScenarioRow[], key: string, params: LeverParams = {}) => {
  const def = findLever(key)!;
  return runLevers(rows, [{ def, params: leverParams(def, params) }], ctx).outcomes[0]!;
};

describe('travel levers', () => {
  // One way with the 95 km uplift: 555.97 + 95 = 650.97 km (short), 3,335.85 + 95 = 3,430.85 (medium), 6,671.70 + 95 = 6,766.70 (long).
  const km1 = equatorKm(5) + 95;
  const km2 = equatorKm(30) + 95;
  const km3 = equatorKm(60) + 95;

  it('the data set: three flights, 168.08 + 963.36 + 1,026.51 kg', () => {
    expect(flights.map((f) => f.emissions[0]!.kg)).toEqual([expect.closeTo(km1 * 0.2582, 9), expect.closeTo(km2 * 0.280795, 9), expect.closeTo(km3 * 0.1517, 9)]);
  });

  it('flights under 1,000 km by train: the train distance (555.97 × 1.2 = 667.17 km) × FR 0.0023 replaces 650.97 × 0.2582', () => {
    const o = run(flights, 'flights_to_train', { below_km: 1000, share_pct: 100 });
    const train = equatorKm(5) * 1.2 * 0.0023;
    expect(o.changed).toBe(1);
    expect(o.delta_kg).toBeCloseTo(train - km1 * 0.2582, 9);
    expect(o.delta_kg).toBeCloseTo(1.5345 - 168.0816, 3);
    expect(o.by_factor).toEqual(expect.arrayContaining([{ factor_id: 11, set: 'plane', kg: expect.closeTo(-km1 * 0.2582, 9) }, { factor_id: 21, set: 'train', kg: expect.closeTo(train, 9) }]));
  });

  it('a flight to a country with no train factor and no world row: no factor, not a zero', () => {
    const o = run(flights, 'flights_to_train', { below_km: 4000 });
    // The flight to CCC (US) would be a train trip with no US or RoW row.
    expect(o).toMatchObject({ changed: 1, no_factor: 1 });
    expect(o.delta_kg).toBeCloseTo(equatorKm(5) * 1.2 * 0.0023 - km1 * 0.2582, 9);
  });

  it('25 % of long-haul flights avoided: −0.25 × 1,026.51 kg', () => {
    const o = run(flights, 'flights_avoided', { share_pct: 25, band: 'long' });
    expect(o.changed).toBe(1);
    expect(o.delta_kg).toBeCloseTo(-0.25 * km3 * 0.1517, 9);
    const all = run(flights, 'flights_avoided', { share_pct: 10, band: 'all' });
    expect(all.delta_kg).toBeCloseTo(-0.1 * (km1 * 0.2582 + km2 * 0.280795 + km3 * 0.1517), 9);
  });

  it('economy instead of business: 3,430.85 km × (0.1872 − 0.280795)', () => {
    const o = run(flights, 'economy_class', { share_pct: 100 });
    expect(o.changed).toBe(1);
    expect(o.delta_kg).toBeCloseTo(km2 * (0.1872 - 0.280795), 9);
  });

  it('levers in sequence never count a flight twice: half avoided, then the rest to economy', () => {
    const defs = [findLever('flights_avoided')!, findLever('economy_class')!];
    const { outcomes } = runLevers(flights, [{ def: defs[0]!, params: { share_pct: 50, band: 'medium' } }, { def: defs[1]!, params: { share_pct: 100 } }], ctx);
    expect(outcomes[0]!.delta_kg).toBeCloseTo(-0.5 * km2 * 0.280795, 9);
    expect(outcomes[1]!.delta_kg).toBeCloseTo(0.5 * km2 * (0.1872 - 0.280795), 9);
  });
});

describe('building levers', () => {
  const gas = row(1, 'heating', { site: 'Lab', carrier: 'natural_gas', quantity: 20, quantity_unit: 'mwh' });
  const power = row(2, 'electricity', { site: 'Lab', consumption: 10_000, consumption_unit: 'kwh', supply: 'location_based', mix: 'FR' });

  it('gas to district heating: the same 20,000 kWh × (0.22428 − 0.23611)', () => {
    const o = run([gas], 'heating_switch', { from: 'natural_gas', to: 'district_heating', share_pct: 100 });
    expect(o.delta_kg).toBeCloseTo(20_000 * (0.22428 - 0.23611), 9);
  });

  it('a heat pump: the library has no COP, so the lever says so and computes nothing', () => {
    const o = run([gas], 'heating_switch', { from: 'natural_gas', to: 'heat_pump' });
    expect(o).toMatchObject({ unsupported: 'no_heat_pump_factor', delta_kg: 0, changed: 0 });
  });

  it('a renewable contract: no market-based row in the factors, so no figure', () => {
    expect(run([power], 'renewable_electricity')).toMatchObject({ unsupported: 'no_market_based_factor', delta_kg: 0 });
    const withContract = { ...ctx, factorSets: { ...sets, electricity: [...sets.electricity!, factor(42, { supply: 'supplier_specific', mix: 'Hydro' }, { kg_co2eq_per_kwh: 0.01 })] } };
    const def = findLever('renewable_electricity')!;
    const o = runLevers([power], [{ def, params: leverParams(def, { share_pct: 50 }) }], withContract).outcomes[0]!;
    expect(o.delta_kg).toBeCloseTo(0.5 * 10_000 * (0.01 - 0.05), 9);
  });

  it('15 % less energy: 0.15 × (20,000 × 0.23611 + 10,000 × 0.05)', () => {
    const o = run([gas, power], 'energy_cut', { cut_pct: 15 });
    expect(o.changed).toBe(2);
    expect(o.delta_kg).toBeCloseTo(-0.15 * (20_000 * 0.23611 + 10_000 * 0.05), 9);
  });
});

describe('equipment, purchases and commuting levers', () => {
  it('a laptop of 2023 kept 2 more years: 250 kg over 6 years instead of 4', () => {
    const laptop = row(1, 'device', { description: 'L', device_type: 'laptop', count: 3, acquisition_year: 2023 });
    const old = row(2, 'device', { description: 'Old', device_type: 'laptop', count: 1, acquisition_year: 2015 });
    const o = run([laptop, old], 'equipment_lifetime', { years: 2 });
    expect(o.changed).toBe(1);
    expect(o.delta_kg).toBeCloseTo(3 * 250 * (1 / 6 - 1 / 4), 9);
  });

  it('IT purchases cut by 30 %: 0.3 × 4,000 EUR × 0.5, furniture untouched', () => {
    const it = row(1, 'purchase', { description: 'PCs', category: 'it_equipment', amount: 4000, currency: 'EUR', purchase_date: '2024-03-01' });
    const chairs = row(2, 'purchase', { description: 'Chairs', category: 'furniture', amount: 1000, currency: 'EUR', purchase_date: '2024-03-01' });
    expect(it.emissions[0]!.kg).toBeCloseTo(2000, 9);
    const o = run([it, chairs], 'purchases_cut', { category: 'it_equipment', cut_pct: 30 });
    expect(o.changed).toBe(1);
    expect(o.delta_kg).toBeCloseTo(-0.3 * 4000 * 0.5, 9);
  });

  it('half the car commuters by bus, or sharing their car with one colleague', () => {
    // 10 km each way, 4 days a week, 40 weeks: 2 × 10 × 4 × 40 = 3,200 km a year.
    const car = row(1, 'commute', { mode: 'car_petrol', distance_km: 10, days_per_week: 4, weeks_per_year: 40 });
    const bike = row(2, 'commute', { mode: 'bike', distance_km: 5, days_per_week: 5, weeks_per_year: 40 });
    const bus = run([car, bike], 'commute_shift', { share_pct: 50, to: 'bus' });
    expect(bus.changed).toBe(1);
    expect(bus.delta_kg).toBeCloseTo(0.5 * 3200 * (0.13495 - 0.21049), 9);
    const pool = run([car, bike], 'commute_shift', { share_pct: 50, to: 'carpool', occupancy: 2 });
    expect(pool.delta_kg).toBeCloseTo(0.5 * 3200 * (0.21049 / 2 - 0.21049), 9);
  });
});

describe('targets and the trajectory', () => {
  const institution = { baseline_year: 2019, points: [{ year: 2030, reduction_pct: 55, scope: null }, { year: 2040, reduction_pct: 80, scope: null }] };

  it('a straight line from the baseline to each target, then flat', () => {
    expect(reductionAt(institution, 2019, null)).toBe(0);
    expect(reductionAt(institution, 2025, null)).toBeCloseTo((55 * 6) / 11, 9);
    expect(reductionAt(institution, 2030, null)).toBe(55);
    expect(reductionAt(institution, 2035, null)).toBeCloseTo(67.5, 9);
    expect(reductionAt(institution, 2045, null)).toBe(80);
    expect(reductionAt(institution, 2018, null)).toBeNull();
    const t = trajectory(institution, 1000, new Map([[2020, 990]]));
    expect(t[0]).toEqual({ year: 2019, reduction_pct: 0, allowed_kg: 1000, measured_kg: null });
    expect(t[1]).toEqual({ year: 2020, reduction_pct: expect.closeTo(5, 9), allowed_kg: expect.closeTo(950, 9), measured_kg: 990 });
    expect(t.at(-1)).toMatchObject({ year: 2040, allowed_kg: expect.closeTo(200, 9) });
  });

  it('a unit may be stricter, never laxer', () => {
    expect(laxerThan({ baseline_year: 2019, points: [{ year: 2030, reduction_pct: 60, scope: null }] }, institution)).toMatchObject({ detail: expect.stringMatching(/2040/) });
    expect(laxerThan({ baseline_year: 2019, points: [{ year: 2030, reduction_pct: 60, scope: null }, { year: 2040, reduction_pct: 80, scope: null }] }, institution)).toBeNull();
    expect(laxerThan({ baseline_year: 2019, points: [{ year: 2030, reduction_pct: 50, scope: null }, { year: 2040, reduction_pct: 90, scope: null }] }, institution)).toMatchObject({ detail: expect.stringMatching(/−50 % by 2030.*−55 %/), figures: { year: 2030, own: 50, wanted: 55 } });
    // Reaching 55 % by 2035 is laxer in 2030 even with 80 % by 2040.
    expect(laxerThan({ baseline_year: 2019, points: [{ year: 2035, reduction_pct: 60, scope: null }, { year: 2040, reduction_pct: 80, scope: null }] }, institution)).toMatchObject({ detail: expect.stringMatching(/2030/) });
    expect(laxerThan({ baseline_year: 2020, points: [{ year: 2030, reduction_pct: 90, scope: null }] }, institution)).toMatchObject({ detail: expect.stringMatching(/baseline/) });
  });

  it('a target set is checked: years after the baseline, reductions that never go down', () => {
    expect(targetProblem(institution)).toBeNull();
    expect(targetProblem({ baseline_year: 2019, points: [] })).toMatch(/at least one/);
    expect(targetProblem({ baseline_year: 2019, points: [{ year: 2019, reduction_pct: 10, scope: null }] })).toMatch(/after the baseline/);
    expect(targetProblem({ baseline_year: 2019, points: [{ year: 2030, reduction_pct: 50, scope: 1 }, { year: 2040, reduction_pct: 40, scope: 1 }] })).toMatch(/smaller/);
  });
});
