// Years side by side: changes computed by hand from three years (one whose totals are hidden, so
// the next compares with the last visible one), and the page: a row per year, changes in the
// app's language, and the modules by year.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import type { CarbonReportView } from '@carbon/shared';
import { defineComponent, h } from 'vue';
import { QLayout, QPageContainer } from 'quasar';
import YearsPage from '../src/pages/YearsPage.vue';
import { fetchReportsOfUnit } from '../src/api/carbon';
import { relativeChange, yearRows } from '../src/utils/years';
import { mountBackoffice } from './support/mountBackoffice';
import { memoryRouter } from './support/router';

vi.mock('../src/api/carbon', () => ({ fetchReportsOfUnit: vi.fn() }));
// The chart draws on a canvas, which the test DOM has not: its figures are checked in the table.
vi.mock('vue-echarts', () => ({ default: { name: 'VChart', props: ['option'], template: '<div data-testid="chart" />' } }));
const fetchReports = vi.mocked(fetchReportsOfUnit);

function report(year: number, kg: number | null, fte = 10, entries = 1, withoutFactor = 0): CarbonReportView {
  return {
    id: year,
    unit_id: 2,
    unit: { institutional_id: 'CLIMATE-LAB', name: 'Climate Lab' },
    year,
    stats:
      kg === null
        ? null
        : ({ kg_co2eq: kg, entries, without_factor: withoutFactor, fte, kg_co2eq_per_fte: kg / fte, by_module: { headcount: { kg_co2eq: kg / 4, entries: 1 }, professional_travel: { kg_co2eq: (3 * kg) / 4, entries: 1 } }, by_scope: { 1: 0, 2: 0, 3: kg }, by_category: {} } as unknown as CarbonReportView['stats']),
    modules: [],
  };
}

afterEach(() => {
  document.body.innerHTML = '';
  fetchReports.mockReset();
});

describe('years compared', () => {
  it('computes each year’s change from the last year with figures', () => {
    // 2023: 10 t; 2024 hidden; 2025: 12 t → +20 % against 2023; per FTE 1 t → 1.5 t (8 FTE) = +50 %.
    const rows = yearRows([report(2025, 12_000, 8), report(2023, 10_000), report(2024, null)]);
    expect(rows.map((r) => r.year)).toEqual([2023, 2024, 2025]);
    expect(rows.map((r) => r.change)).toEqual([null, null, 0.2]);
    expect(rows[2]!.perFteChange).toBeCloseTo(0.5, 12);
    expect(rows[1]).toMatchObject({ kg: null, byScope: { 1: null, 2: null, 3: null }, byModule: {} });
    expect(relativeChange(0, 5)).toBeNull();
  });

  it('compares only years with entries: an empty year has no change and is no base', () => {
    // 2024: 10 t; 2025 empty (a report made ahead, nothing in it); 2026: 12 t → +20 % against 2024.
    const rows = yearRows([report(2024, 10_000), report(2025, 0, 0, 0), report(2026, 12_000)]);
    expect(rows.map((r) => [r.year, r.empty, r.change])).toEqual([
      [2024, false, null],
      [2025, true, null],
      [2026, false, 0.2],
    ]);
    expect(rows[1]!.perFteChange).toBeNull();
  });

  it('marks a change incomplete when either of its years has entries without a factor', () => {
    const rows = yearRows([report(2023, 10_000), report(2024, 11_000, 10, 5, 2), report(2025, 12_000), report(2026, 13_000)]);
    expect(rows.map((r) => [r.year, r.incomplete, r.changeIncomplete])).toEqual([
      [2023, false, false],
      [2024, true, true],
      [2025, false, true],
      [2026, false, false],
    ]);
  });

  it('shows an empty year as such, never as −100 %, and flags a change between incomplete totals', async () => {
    fetchReports.mockResolvedValue([report(2024, 10_000), report(2025, 8_000, 10, 3, 1), report(2026, 0, 0, 0)]);
    const InLayout = defineComponent(() => () => h(QLayout, null, () => h(QPageContainer, null, () => h(YearsPage))));
    const mountAt = async (locale: 'en' | 'fr') =>
      mountBackoffice(InLayout, { global: { plugins: [await memoryRouter('/u/2/2025/years', '/u/:unitId/:year/years')] } }, locale);
    const en = await mountAt('en');
    await flushPromises();
    const empty = en.find('[data-testid="years-row-2026"]');
    expect(empty.find('[data-testid="years-total"]').text()).toBe('no entries');
    expect(empty.find('[data-testid="years-change"]').text()).toBe('—');
    expect(en.text()).not.toContain('100.0 %');
    const incomplete = en.find('[data-testid="years-row-2025"]');
    expect(incomplete.find('[data-testid="years-change"]').text()).toBe('−20.0 %');
    expect(incomplete.find('[data-testid="years-change-incomplete"]').text()).toBe('incomplete');
    expect(en.find('[data-testid="years-row-2024"] [data-testid="years-change-incomplete"]').exists()).toBe(false);
    en.unmount();
    const fr = await mountAt('fr');
    await flushPromises();
    expect(fr.find('[data-testid="years-row-2026"] [data-testid="years-total"]').text()).toBe('aucune saisie');
    expect(fr.find('[data-testid="years-row-2025"] [data-testid="years-change-incomplete"]').text()).toBe('incomplet');
  });

  it('shows a row per year with its change, and the modules by year, in English and French', async () => {
    fetchReports.mockResolvedValue([report(2024, 10_000), report(2025, 8_000)]);
    // The page inside the app's layout (QPage needs one), at its own address.
    const InLayout = defineComponent(() => () => h(QLayout, null, () => h(QPageContainer, null, () => h(YearsPage))));
    const mountAt = async (locale: 'en' | 'fr') =>
      mountBackoffice(InLayout, { global: { plugins: [await memoryRouter('/u/2/2025/years', '/u/:unitId/:year/years')] } }, locale);
    const en = await mountAt('en');
    await flushPromises();
    expect(fetchReports).toHaveBeenCalledWith(2);
    expect(en.find('[data-testid="years-row-2025"] [data-testid="years-change"]').text()).toBe('−20.0 %');
    expect(en.find('[data-testid="years-row-2024"] [data-testid="years-change"]').text()).toBe('—');
    expect(en.find('[data-testid="years-modules"]').text()).toContain('Professional travel');
    en.unmount();
    const fr = await mountAt('fr');
    await flushPromises();
    expect(fr.find('[data-testid="years-row-2025"] [data-testid="years-change"]').text()).toBe('−20,0 %');
  });
});
