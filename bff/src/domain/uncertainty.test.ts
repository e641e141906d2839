// The propagation rule on its own: kg of one factor row add before its uncertainty applies, rows
// combine in quadrature. The ± the sources state covers only the kg of rows that state one, and
// says how much of the total that is; the whole total's range takes every other row in its factor
// set's default class (purchases high 50 %, grid electricity medium 30 %, refrigerant GWPs low
// 10 %, a set the registry does not know very high 80 %).
import { describe, expect, it } from 'vitest';
import { MODULE_TYPES } from '@carbon/shared';
import { reportUncertaintyOf, uncertaintyClassOf, uncertaintyOf, type FactorSum } from './uncertainty';

const sum = (module_type: string, factor_set: string, factor_id: number | null, uncertainty_pct: number | null, kg: number): FactorSum => ({ module_type, factor_set, factor_id, uncertainty_pct, kg });

describe('the default classes of the registry', () => {
  it('are those docs/formulas.md gives the sets these figures use', () => {
    expect([uncertaintyClassOf('purchase'), uncertaintyClassOf('electricity'), uncertaintyClassOf('refrigerant'), uncertaintyClassOf('no_such_set')]).toEqual(['high', 'medium', 'low', 'very_high']);
  });
});

describe('uncertaintyOf', () => {
  it('adds the kg of one row linearly and different rows in quadrature', () => {
    // 100 + 50 kg on a ±70 % row: ±105 kg, not √(70² + 35²).
    expect(uncertaintyOf([sum('a', 'plane', 1, 70, 100), sum('b', 'plane', 1, 70, 50)]).stated.sigma_kg).toBeCloseTo(105, 9);
    const u = uncertaintyOf([sum('a', 'purchase', 1, 10, 300), sum('a', 'purchase', 2, 40, 100)]);
    expect(u.stated.sigma_kg).toBeCloseTo(50, 9); // √(30² + 40²)
    expect(u.stated.sigma_pct).toBeCloseTo(12.5, 9);
    expect(u.stated.covered_pct).toBe(100);
    expect(u.uncovered_kg).toBe(0);
    // All of it stated: the whole total's ± is the stated one.
    expect(u.whole).toEqual({ sigma_kg: u.stated.sigma_kg, sigma_pct: u.stated.sigma_pct, low_kg: 400 - u.stated.sigma_kg, high_kg: 400 + u.stated.sigma_kg });
  });

  it('states the ± of a small covered part on that part only, and ranges the whole total with the default classes', () => {
    // The testers' report: 94.2 t, of which 6.3 t on a row stating ±27 % (±1.7 t), 80 t of
    // purchases on one ratio stating none (high: 50 %) and 7.9 t of grid electricity on one mix
    // stating none (medium: 30 %).
    const u = uncertaintyOf([sum('purchases', 'purchase', 1, 27, 6_300), sum('purchases', 'purchase', 2, null, 80_000), sum('buildings', 'electricity', 3, null, 7_900)]);
    expect(u.kg_co2eq).toBeCloseTo(94_200, 9);
    // ± 1.7 t on the 6.3 t (6.7 % of the total) whose factors state an uncertainty: 27 % of them.
    expect(u.stated.covered_kg).toBeCloseTo(6_300, 9);
    expect(u.stated.covered_pct).toBeCloseTo((100 * 6_300) / 94_200, 9); // 6.69 %
    expect(u.stated.sigma_kg).toBeCloseTo(1_701, 9);
    expect(u.stated.sigma_pct).toBeCloseTo(27, 9); // of the 6.3 t, not 1.8 % of the 94.2 t
    expect(u.uncovered_kg).toBeCloseTo(87_900, 9);
    expect(u.uncovered_by_class).toEqual({ low: 0, medium: 7_900, high: 80_000, very_high: 0 });
    // The whole total: √(1,701² + (50 % × 80,000)² + (30 % × 7,900)²) = √(1,701² + 40,000² + 2,370²) ≈ 40,106.2 kg.
    const sigma = Math.sqrt(1_701 ** 2 + 40_000 ** 2 + 2_370 ** 2);
    expect(sigma).toBeCloseTo(40_106.2, 1);
    expect(u.whole.sigma_kg).toBeCloseTo(sigma, 9);
    expect(u.whole.sigma_pct).toBeCloseTo((100 * sigma) / 94_200, 9); // 42.6 %
    expect(u.whole.low_kg).toBeCloseTo(94_200 - sigma, 9); // 54.1 t
    expect(u.whole.high_kg).toBeCloseTo(94_200 + sigma, 9); // 134.3 t
  });

  it('takes the emissions naming no single row as one error per factor set, in its class', () => {
    // Two refrigerant blends (no single row: 1,000 and 500 kg, low 10 %) and a member with two
    // per-FTE factors (400 kg, very high 80 %; in a set the registry does not know here).
    const u = uncertaintyOf([sum('buildings', 'refrigerant', 5, 20, 100), sum('buildings', 'refrigerant', null, null, 1_000), sum('buildings', 'refrigerant', null, null, 500), sum('x', 'no_such_set', null, null, 400)]);
    expect(u.stated).toEqual({ covered_kg: 100, covered_pct: 5, sigma_kg: 20, sigma_pct: 20 });
    expect(u.uncovered_kg).toBe(1_900);
    expect(u.uncovered_by_class).toEqual({ low: 1_500, medium: 0, high: 0, very_high: 400 });
    // √(20² + (10 % × 1,500)² + (80 % × 400)²) = √(400 + 22,500 + 102,400) ≈ 354.0 kg.
    expect(u.whole.sigma_kg).toBeCloseTo(Math.sqrt(20 ** 2 + 150 ** 2 + 320 ** 2), 9);
  });

  it('has no stated figure when no row states an uncertainty, and still a range', () => {
    const u = uncertaintyOf([sum('purchases', 'purchase', 2, null, 1_000)]);
    expect(u.stated).toEqual({ covered_kg: 0, covered_pct: 0, sigma_kg: 0, sigma_pct: null });
    expect(u.whole).toEqual({ sigma_kg: 500, sigma_pct: 50, low_kg: 500, high_kg: 1_500 });
  });

  it('never puts the low end of the range below 0', () => {
    // A source stating ±150 %: 100 kg ± 150 kg reads 0 to 250 kg.
    expect(uncertaintyOf([sum('a', 'plane', 1, 150, 100)]).whole).toEqual({ sigma_kg: 150, sigma_pct: 150, low_kg: 0, high_kg: 250 });
  });

  it('has no percentages for a total of 0', () => {
    expect(uncertaintyOf([])).toEqual({
      kg_co2eq: 0,
      stated: { covered_kg: 0, covered_pct: null, sigma_kg: 0, sigma_pct: null },
      uncovered_kg: 0,
      uncovered_by_class: { low: 0, medium: 0, high: 0, very_high: 0 },
      whole: { sigma_kg: 0, sigma_pct: null, low_kg: 0, high_kg: 0 },
    });
  });
});

describe('reportUncertaintyOf', () => {
  it('answers every module, and counts a row shared by two modules once in the total', () => {
    const [m1, m2] = MODULE_TYPES;
    const u = reportUncertaintyOf(7, [sum(m1!, 'electricity', 1, 10, 100), sum(m2!, 'electricity', 1, 10, 50), sum(m2!, 'electricity', 2, null, 200)]);
    expect(Object.keys(u.by_module)).toEqual([...MODULE_TYPES]);
    expect(u.by_module[m1!]!.stated.sigma_kg).toBeCloseTo(10, 9);
    expect(u.by_module[m2!]!.stated.sigma_kg).toBeCloseTo(5, 9);
    expect(u.stated.sigma_kg).toBeCloseTo(15, 9); // not √(10² + 5²)
    // The whole: 15 on the shared row, 30 % × 200 = 60 on the other: √(15² + 60²).
    expect(u.whole.sigma_kg).toBeCloseTo(Math.sqrt(15 ** 2 + 60 ** 2), 9);
    expect(u.report_id).toBe(7);
  });
});
