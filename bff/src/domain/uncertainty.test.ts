// The propagation rule on its own: kg of one factor row add before its uncertainty applies, rows
// combine in quadrature, and what no stated uncertainty covers is summed apart, never as exact.
import { describe, expect, it } from 'vitest';
import { MODULE_TYPES } from '@carbon/shared';
import { reportUncertaintyOf, uncertaintyOf, type FactorSum } from './uncertainty';

const sum = (module_type: string, factor_id: number | null, uncertainty_pct: number | null, kg: number): FactorSum => ({ module_type, factor_id, uncertainty_pct, kg });

describe('uncertaintyOf', () => {
  it('adds the kg of one row linearly and different rows in quadrature', () => {
    // 100 + 50 kg on a ±70 % row: ±105 kg, not √(70² + 35²).
    expect(uncertaintyOf([sum('a', 1, 70, 100), sum('b', 1, 70, 50)]).sigma_kg).toBeCloseTo(105, 9);
    const u = uncertaintyOf([sum('a', 1, 10, 300), sum('a', 2, 40, 100)]);
    expect(u.sigma_kg).toBeCloseTo(50, 9); // √(30² + 40²)
    expect(u.sigma_pct).toBeCloseTo(12.5, 9);
    expect(u.uncovered_kg).toBe(0);
  });

  it('keeps the kg of rows without a stated uncertainty, and of emissions naming no row, apart', () => {
    const u = uncertaintyOf([sum('a', 1, 20, 100), sum('a', 2, null, 30), sum('a', null, null, 70)]);
    expect(u).toEqual({ kg_co2eq: 200, sigma_kg: 20, sigma_pct: 10, uncovered_kg: 100 });
  });

  it('has no percentage for a total of 0', () => {
    expect(uncertaintyOf([])).toEqual({ kg_co2eq: 0, sigma_kg: 0, sigma_pct: null, uncovered_kg: 0 });
  });
});

describe('reportUncertaintyOf', () => {
  it('answers every module, and counts a row shared by two modules once in the total', () => {
    const [m1, m2] = MODULE_TYPES;
    const u = reportUncertaintyOf(7, [sum(m1!, 1, 10, 100), sum(m2!, 1, 10, 50)]);
    expect(Object.keys(u.by_module)).toEqual([...MODULE_TYPES]);
    expect(u.by_module[m1!]!.sigma_kg).toBeCloseTo(10, 9);
    expect(u.by_module[m2!]!.sigma_kg).toBeCloseTo(5, 9);
    expect(u.sigma_kg).toBeCloseTo(15, 9); // not √(10² + 5²)
    expect(u.report_id).toBe(7);
  });
});
