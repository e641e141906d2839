// The institution roll-up: rows and sums computed by hand from three units' figures (one whose
// totals the user may not see, which is left out of the sum rather than counted as zero), the
// filter, the CSV, and the page: rows, sum row, a drill-down link per unit, and the filter.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import type { RollupUnit } from '@carbon/shared';
import RollupPage from '../src/pages/backoffice/RollupPage.vue';
import { fetchRollup } from '../src/api/carbon';
import { filterRows, rollupCsv, rollupRows, rollupTotal } from '../src/utils/rollup';
import { mountBackoffice } from './support/mountBackoffice';
import { memoryRouter } from './support/router';

vi.mock('../src/api/carbon', () => ({ fetchRollup: vi.fn() }));
// The units the page reads its year from: reports up to 2026, entries in 2025.
vi.mock('../src/api/client', async (actual) => ({
  ...(await actual<typeof import('../src/api/client')>()),
  api: { get: vi.fn().mockResolvedValue({ data: [{ id: 1, institutional_id: 'CLIMATE-LAB', name: 'Climate Lab', parent_id: null, is_active: true, years: [2025, 2026], years_with_entries: [2025] }] }) },
}));
const fetchUnits = vi.mocked(fetchRollup);

function unit(unitId: number, code: string, name: string, figures: { kg: number; fte: number; s1: number; s2: number; s3: number; entries: number } | null, validated: number): RollupUnit {
  return {
    unit_id: unitId,
    institutional_id: code,
    name,
    report_id: unitId * 10,
    kg_co2eq: figures?.kg ?? null,
    fte: figures?.fte ?? null,
    kg_co2eq_per_fte: figures ? (figures.fte > 0 ? figures.kg / figures.fte : null) : null,
    by_scope: figures && { 1: figures.s1, 2: figures.s2, 3: figures.s3 },
    entries: figures?.entries ?? null,
    without_factor: figures ? (figures.entries > 20 ? 3 : 0) : null,
    modules: 2,
    validated,
  };
}

const UNITS = [
  unit(1, 'CLIMATE-LAB', 'Climate Lab', { kg: 12_000, fte: 8, s1: 1_000, s2: 2_000, s3: 9_000, entries: 40 }, 2),
  unit(2, 'OCEAN-LAB', 'Océan Lab', { kg: 3_000, fte: 2, s1: 0, s2: 500, s3: 2_500, entries: 10 }, 1),
  unit(3, 'HIDDEN-LAB', 'Hidden Lab', null, 0),
];

afterEach(() => {
  document.body.innerHTML = '';
  fetchUnits.mockReset();
});

describe('roll-up figures', () => {
  const rows = rollupRows(UNITS);

  it('sums the units whose totals are visible, and says how many those are', () => {
    const total = rollupTotal(rows);
    // 12,000 + 3,000 kg over 8 + 2 FTE = 1,500 kg per FTE; scopes 1,000 / 2,500 / 11,500.
    expect(total).toEqual({ units: 3, counted: 2, kg: 15_000, fte: 10, perFte: 1_500, byScope: { 1: 1_000, 2: 2_500, 3: 11_500 }, entries: 50, withoutFactor: 3 });
    expect(rows[2]).toMatchObject({ kg: null, perFte: null, byScope: { 1: null, 2: null, 3: null }, withoutFactor: null, validated: 0, modules: 2 });
  });

  it('filters by name or identifier, ignoring case and accents', () => {
    expect(filterRows(rows, 'ocean').map((r) => r.unitId)).toEqual([2]);
    expect(filterRows(rows, 'climate-').map((r) => r.unitId)).toEqual([1]);
    expect(filterRows(rows, '  ')).toHaveLength(3);
  });

  it('writes its figures to the hundredth, without the float noise of sums', () => {
    const noisy = rollupRows([unit(4, 'A-LAB', 'A', { kg: 0.1, fte: 0.1, s1: 0, s2: 0, s3: 0.1, entries: 1 }, 0), unit(5, 'B-LAB', 'B', { kg: 0.2, fte: 0.2, s1: 0, s2: 0, s3: 0.2, entries: 1 }, 0)]);
    const sum = rollupCsv(2025, noisy, rollupTotal(noisy)).trim().split('\r\n').at(-1)!;
    expect(sum).toBe('2025,TOTAL,2 of 2 units,0.3,0.3,1,0,0,0.3,2,0,,');
  });

  it('writes a CSV of the rows and the sum, hidden figures as empty cells', () => {
    const lines = rollupCsv(2025, rows, rollupTotal(rows)).trim().split('\r\n');
    expect(lines[0]).toBe('year,unit,unit_name,kg_co2eq,fte,kg_co2eq_per_fte,scope_1_kg,scope_2_kg,scope_3_kg,entries,entries_without_factor,modules_validated,modules');
    expect(lines[1]).toBe('2025,CLIMATE-LAB,Climate Lab,12000,8,1500,1000,2000,9000,40,3,2,2');
    expect(lines[3]).toBe('2025,HIDDEN-LAB,Hidden Lab,,,,,,,,,0,2');
    expect(lines[4]).toBe('2025,TOTAL,2 of 3 units,15000,10,1500,1000,2500,11500,50,3,,');
  });
});

describe('RollupPage', () => {
  it('lists the units with links to their results, the sum, and narrows to the filter', async () => {
    fetchUnits.mockResolvedValue(UNITS);
    const w = mountBackoffice(RollupPage, { attachTo: document.body, global: { plugins: [await memoryRouter('/backoffice/rollup')] } });
    await flushPromises();
    expect(fetchUnits).toHaveBeenCalledWith(2025);
    const links = w.findAll('[data-testid="rollup-open"]');
    // Sorted by total, largest first; the hidden unit last.
    expect(links.map((a) => a.text())).toEqual(['Climate Lab', 'Océan Lab', 'Hidden Lab']);
    expect(links[0]!.attributes('href')).toBe('/u/1/2025/results');
    expect(w.find('[data-testid="rollup-sum"]').text()).toContain('Institution (2 of 3 units)');
    expect(w.find('[data-testid="rollup-sum-kg"]').text()).toMatch(/^15(\.0)? t CO2e$/);
    expect(w.text()).toContain('not visible');
    expect(w.find('[data-testid="rollup-sum-without-factor"]').text()).toBe('3');

    await w.find('input[data-testid="rollup-filter"]').setValue('océan');
    await flushPromises();
    expect(w.findAll('[data-testid="rollup-open"]').map((a) => a.text())).toEqual(['Océan Lab']);
    expect(w.find('[data-testid="rollup-sum"]').text()).toContain('Institution (1 of 1 units)');
  });
});
