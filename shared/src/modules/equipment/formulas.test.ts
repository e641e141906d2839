// Equipment, worked by hand: the device formula through the registry (so the scope and category
// come from its declaration), with the factor values written here.
import { describe, expect, it } from 'vitest';
import { createSchema, ENTRY_TYPES, reportEmissions, type EntryData, type FactorRow } from '../../index';
import { lifetimeShare } from './formulas';

const laptop: FactorRow = { id: 1, classification: { device_type: 'laptop' }, values: { kg_co2eq_per_device: 260, lifetime_years: 4 } };
const server: FactorRow = { id: 2, classification: { device_type: 'server' }, values: { kg_co2eq_per_device: 1300, lifetime_years: 5 } };
const smartphone: FactorRow = { id: 3, classification: { device_type: 'smartphone' }, values: { kg_co2eq_per_device: 63, lifetime_years: 1.5 } };
// A grid mix of 0.363 kg CO2e/kWh, and a supplier's contract under the same name (never a grid).
const grid: FactorRow = { id: 10, classification: { supply: 'location_based', mix: 'DE' }, values: { kg_co2eq_per_kwh: 0.363 } };
const contract: FactorRow = { id: 11, classification: { supply: 'supplier_specific', mix: 'FR' }, values: { kg_co2eq_per_kwh: 0.012 } };

const devices = [laptop, server, smartphone];
const compute = (data: EntryData, year: number, own: FactorRow[] = devices, electricity: FactorRow[] = [grid, contract]) => {
  const t = ENTRY_TYPES.device!;
  return reportEmissions(t, t.computeEmissions({ data, year, locations: {}, factors: own, factorSets: { device: own, electricity } }));
};

describe('device without a use phase', () => {
  it('12 laptops bought in 2023, the factor row\'s 4 years: 12 × 260 / 4 = 780 kg in 2025, 3 devices\' worth, scope 3 capital goods', () => {
    const rows = compute({ description: 'Staff laptops', device_type: 'laptop', count: 12, acquisition_year: 2023 }, 2025);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ emission_type: 'device_embodied', scope: 3, category: 'capital_goods', quantity: 3, quantity_unit: 'item', factor_id: 1 });
    expect(rows[0]!.kg_co2eq).toBeCloseTo(780, 9);
    expect(rows[0]!.meta).toMatchObject({ lifetime_years: 4, lifetime_from: 'factor', share: 0.25, kg_co2eq_per_device: 260 });
  });

  it('the entry\'s own lifetime wins: 12 laptops kept 6 years, 12 × 260 / 6 = 520 kg', () => {
    const [row] = compute({ device_type: 'laptop', count: 12, acquisition_year: 2023, lifetime_years: 6 }, 2025);
    expect(row!.kg_co2eq).toBeCloseTo(520, 9);
    expect(row!.meta).toMatchObject({ lifetime_years: 6, lifetime_from: 'entry' });
  });

  it('counts a quarter in each of 2023..2026 for a 4-year lifetime, nothing in 2022 or 2027, and says why', () => {
    const data = { device_type: 'laptop', count: 1, acquisition_year: 2023 };
    const byYear = [2022, 2023, 2024, 2025, 2026, 2027].map((y) => compute(data, y)[0]!.kg_co2eq);
    expect(byYear).toEqual([0, 65, 65, 65, 65, 0]);
    const [outside] = compute(data, 2027);
    expect(outside!.quantity).toBe(0);
    expect(outside!.meta.outside_lifetime).toBe('2027 is outside 2023–2026: no share of the footprint falls in it');
  });

  it('a lifetime of 1.5 years: two thirds in the first year (42 kg), one third in the second (21 kg)', () => {
    const data = { device_type: 'smartphone', count: 1, acquisition_year: 2025 };
    expect(compute(data, 2025)[0]!.kg_co2eq).toBeCloseTo(42, 9);
    expect(compute(data, 2026)[0]!.kg_co2eq).toBeCloseTo(21, 9);
    expect(compute(data, 2027)[0]!.kg_co2eq).toBe(0);
    expect(lifetimeShare(2025, 2025, 1.5) + lifetimeShare(2026, 2025, 1.5)).toBeCloseTo(1, 12);
  });

  it('is carried into a new year while that year still carries a share of it', () => {
    const keeps = ENTRY_TYPES.device!.carryForward!.keeps!;
    const factors: FactorRow[] = [{ id: 1, classification: { device_type: 'laptop' }, values: { kg_co2eq_per_device: 250, lifetime_years: 4 } }];
    // 2023 + 4 years (the factor row's): 2023–2026.
    expect(keeps({ data: { device_type: 'laptop', acquisition_year: 2023 }, toYear: 2026, factors })).toBe(true);
    expect(keeps({ data: { device_type: 'laptop', acquisition_year: 2023 }, toYear: 2027, factors })).toBe(false);
    // Its own lifetime wins; 1.5 years reach into the second year only.
    expect(keeps({ data: { device_type: 'laptop', acquisition_year: 2023, lifetime_years: 1.5 }, toYear: 2024, factors })).toBe(true);
    expect(keeps({ data: { device_type: 'laptop', acquisition_year: 2023, lifetime_years: 1.5 }, toYear: 2025, factors })).toBe(false);
    // No lifetime from either: kept, so that the new year says what is missing.
    expect(keeps({ data: { device_type: 'printer', acquisition_year: 2000 }, toYear: 2025, factors })).toBe(true);
  });

  it('a device type without a factor row has no figure, never a zero', () => {
    const [row] = compute({ device_type: 'printer', count: 2, acquisition_year: 2025 }, 2025);
    expect(row).toMatchObject({ emission_type: 'device_embodied', kg_co2eq: null, quantity: null, factor_id: null });
    expect(row!.meta.reason).toBe('no factor applies');
  });
});

describe('device with a use phase', () => {
  const serverData = { device_type: 'server', count: 2, acquisition_year: 2022, lifetime_years: 6, power_w: 400, hours_per_year: 8760, grid_country: 'de' };

  it('2 servers of 400 W all year in Germany: 2 × 1300 / 6 = 433.33 kg scope 3, and 2 × 400 × 8760 / 1000 = 7008 kWh × 0.363 = 2543.904 kg scope 2', () => {
    const rows = compute(serverData, 2025);
    expect(rows.map((r) => [r.emission_type, r.scope, r.category])).toEqual([
      ['device_embodied', 3, 'capital_goods'],
      ['device_use', 2, 'purchased_electricity'],
    ]);
    expect(rows[0]!.kg_co2eq).toBeCloseTo(2600 / 6, 9);
    expect(rows[1]).toMatchObject({ quantity: 7008, quantity_unit: 'kwh', factor_id: 10 });
    expect(rows[1]!.kg_co2eq).toBeCloseTo(2543.904, 9);
  });

  it('outside its lifetime the embodied row is 0 while the electricity it still draws counts', () => {
    const rows = compute(serverData, 2028);
    expect(rows[0]!.kg_co2eq).toBe(0);
    expect(rows[1]!.kg_co2eq).toBeCloseTo(2543.904, 9);
  });

  it('before its acquisition nothing runs: both rows 0', () => {
    const rows = compute(serverData, 2021);
    expect(rows.map((r) => r.kg_co2eq)).toEqual([0, 0]);
  });

  it('a country with only a supplier contract, or none, has no grid figure: the use row is null, the embodied row stays', () => {
    const rows = compute({ ...serverData, grid_country: 'FR' }, 2025);
    expect(rows[0]!.kg_co2eq).toBeCloseTo(2600 / 6, 9);
    expect(rows[1]).toMatchObject({ kg_co2eq: null, quantity: 7008, factor_id: null });
    expect(rows[1]!.meta.reason).toBe('no grid factor applies');
  });

  it('the use phase is all or nothing: a power needs its hours and its grid country, a country its power and hours', () => {
    const issues = (data: EntryData) => createSchema(ENTRY_TYPES.device!).safeParse({ description: 'Freezer', device_type: 'server', count: 1, acquisition_year: 2024, ...data }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ power_w: 300 })).toEqual([
      ['hours_per_year', 'is required when power_w is given'],
      ['grid_country', 'is required when power_w is given'],
    ]);
    expect(issues({ grid_country: 'DE' })).toEqual([
      ['power_w', 'is required when grid_country is given'],
      ['hours_per_year', 'is required when grid_country is given'],
    ]);
    expect(issues({ power_w: 300, hours_per_year: 10, grid_country: 'DE' })).toBeUndefined();
  });
});
