// The results page under a real memory router: the breakdown shown is the address's `view`
// query (linkable; an unknown one shows the modules), a tab switches it and writes it into the
// address, each view's table holds the figures of the results read, entries without a factor
// show beside the rows they affect (never as 0), empty and unvalidated modules are listed, and
// the ratios per person and per position category are shown, in English and French.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { defineComponent, h } from 'vue';
import { QLayout, QPageContainer } from 'quasar';
import { permissionsFor, type CarbonReportView, type UnitResults } from '@carbon/shared';
import ResultsPage from '../src/pages/ResultsPage.vue';
import { fetchReport, fetchResults } from '../src/api/carbon';
import { useAuthStore } from '../src/stores/auth';
import { viewOf } from '../src/utils/resultViews';
import { mountBackoffice } from './support/mountBackoffice';
import { memoryRouter } from './support/router';

vi.mock('../src/api/carbon', () => ({ fetchReport: vi.fn(), fetchResults: vi.fn() }));
// The chart draws on a canvas, which the test DOM has not: its figures are checked in the table.
vi.mock('vue-echarts', () => ({ default: { name: 'VChart', props: ['option'], template: '<div data-testid="chart" />' } }));
const report = vi.mocked(fetchReport);
const results = vi.mocked(fetchResults);

const UNIT = 2;
const f = (kg: number, entries: number, without_factor = 0) => ({ kg_co2eq: kg, entries, without_factor });
const zero = f(0, 0);

// 12,000 kg over 8 FTE and 10 people: 1.5 t per FTE, 1.2 t per person.
const RESULTS: UnitResults = {
  report_id: 7,
  unit_id: UNIT,
  year: 2025,
  total: f(12_000, 14, 1),
  fte: 8,
  head_count: 10,
  kg_co2eq_per_fte: 1_500,
  kg_co2eq_per_person: 1_200,
  by_module: {
    headcount: { ...f(8_000, 10), status: 'validated' },
    professional_travel: { ...f(3_000, 2), status: 'in_progress' },
    buildings: { ...f(1_000, 2, 1), status: 'in_progress' },
    equipment: { ...zero, status: 'not_started' },
    purchases: { ...zero, status: 'not_started' },
  },
  by_scope: { 1: zero, 2: f(1_000, 2, 1), 3: f(11_000, 12) },
  by_category: { stationary_combustion: zero, purchased_electricity: f(1_000, 2, 1), business_travel: f(3_000, 2), per_fte_estimates: f(8_000, 10), capital_goods: zero },
  by_type: {
    member: { ...f(8_000, 10), module: 'headcount' },
    plane: { ...f(3_000, 2), module: 'professional_travel' },
    electricity: { ...f(1_000, 2, 1), module: 'buildings' },
    device: { ...zero, module: 'equipment' },
  },
  modules_empty: ['equipment', 'purchases'],
  modules_not_validated: ['professional_travel', 'buildings', 'equipment', 'purchases'],
  by_position: {
    researcher_faculty: { ...f(6_000, 5), head_count: 4, fte: 4, kg_co2eq_per_fte: 1_500 },
    phd_student: { ...f(5_000, 7), head_count: 6, fte: 4, kg_co2eq_per_fte: 1_250 },
    postdoc: { ...zero, head_count: 0, fte: 0, kg_co2eq_per_fte: null },
    unspecified: { ...zero, head_count: 0, fte: 0, kg_co2eq_per_fte: null },
  },
  unattributed: f(1_000, 2, 1),
};

const REPORT = { id: 7, unit_id: UNIT, unit: { institutional_id: 'CLIMATE-LAB', name: 'Climate Lab' }, year: 2025, stats: { kg_co2eq: 12_000 }, modules: [] } as unknown as CarbonReportView;

afterEach(() => {
  document.body.innerHTML = '';
  report.mockReset();
  results.mockReset();
});

/** The page inside the app's layout, signed in as the unit's principal, at `path`. */
async function open(path: string, locale: 'en' | 'fr' = 'en') {
  report.mockResolvedValue(REPORT);
  results.mockResolvedValue(RESULTS);
  const router = await memoryRouter(path, '/u/:unitId/:year/results');
  const InLayout = defineComponent(() => {
    useAuthStore().session = { user: { id: 1, name: 'Alice', email: null, person_number: 100001 }, roles: [], permissions: permissionsFor([{ role: 'principal', unitId: UNIT }]), idle_expires_at: '', absolute_expires_at: '' } as never;
    return () => h(QLayout, null, () => h(QPageContainer, null, () => h(ResultsPage)));
  });
  const w = mountBackoffice(InLayout, { global: { plugins: [router] } }, locale);
  await flushPromises();
  return { w, router };
}

const rowsOf = (w: Awaited<ReturnType<typeof open>>['w']) => w.findAll('[data-testid^="result-row-"]').map((r) => r.attributes('data-testid')!.replace('result-row-', ''));

describe('results views', () => {
  it('reads the view from the address, and shows the modules for none or an unknown one', () => {
    expect(viewOf('scope')).toBe('scope');
    expect(viewOf(undefined)).toBe('module');
    expect(viewOf('bogus')).toBe('module');
    expect(viewOf(['scope', 'type'])).toBe('module');
  });

  it('opens the view the address names, and a tab switches it and writes it into the address', async () => {
    const { w, router } = await open('/u/2/2025/results?view=scope');
    expect(results).toHaveBeenCalledWith(7);
    expect(w.find('[data-testid="breakdown-scope"]').exists()).toBe(true);
    expect(rowsOf(w)).toEqual(['1', '2', '3']);
    // Scope 2: 1.0 t of two entries, one without a factor, said beside it; scope 1 holds nothing.
    expect(w.find('[data-testid="result-row-2"]').text()).toContain('Scope 2 — Purchased energy');
    expect(w.find('[data-testid="result-row-2"] [data-testid="result-kg"]').text()).toContain('1.0');
    expect(w.find('[data-testid="result-row-2"] [data-testid="result-incomplete"]').text()).toBe('1 without a factor');
    expect(w.find('[data-testid="result-row-3"]').text()).toContain('91.7 %');

    await w.find('[data-testid="results-view-category"]').trigger('click');
    await flushPromises();
    expect(router.currentRoute.value.query.view).toBe('category');
    expect(w.find('[data-testid="breakdown-category"]').exists()).toBe(true);
    // Only categories with entries.
    expect(rowsOf(w)).toEqual(['purchased_electricity', 'business_travel', 'per_fte_estimates']);
    expect(w.find('[data-testid="result-row-business_travel"]').text()).toContain('Business travel');
    expect(w.find('[data-testid="result-row-business_travel"]').text()).toContain('3.0');

    await w.find('[data-testid="results-view-type"]').trigger('click');
    await flushPromises();
    expect(router.currentRoute.value.query.view).toBe('type');
    expect(rowsOf(w)).toEqual(['member', 'plane', 'electricity']);
    expect(w.find('[data-testid="result-row-plane"]').text()).toContain('Plane trip');

    await w.find('[data-testid="results-view-module"]').trigger('click');
    await flushPromises();
    expect(router.currentRoute.value.query.view).toBe('module');
    // Every module, empty ones said to count for nothing, the others with their status.
    expect(rowsOf(w)).toEqual(['headcount', 'professional_travel', 'buildings', 'equipment', 'purchases']);
    expect(w.find('[data-testid="result-row-headcount"] [data-testid="result-note"]').text()).toBe('Validated');
    expect(w.find('[data-testid="result-row-equipment"] [data-testid="result-note"]').text()).toBe('empty: counts for nothing');
    w.unmount();
  });

  it('shows the totals, their ratios and what they hold, and the ratios by position, in French', async () => {
    const { w } = await open('/u/2/2025/results', 'fr');
    expect(w.find('[data-testid="breakdown-module"]').exists()).toBe(true);
    expect(w.find('[data-testid="results-total"]').text()).toBe('12,0 t CO2e');
    expect(w.find('[data-testid="results-incomplete"]').text()).toContain('1');
    expect(w.find('[data-testid="results-per-fte"]').text()).toBe('1,5 t CO2e / ETP');
    expect(w.find('[data-testid="results-per-person"]').text()).toBe('1,2 t CO2e / personne');
    expect(w.find('[data-testid="results-head-count"]').text()).toBe('10 personnes');
    expect(w.find('[data-testid="results-empty-modules"]').text()).toContain('Équipements');
    expect(w.find('[data-testid="results-not-validated"]').text()).toContain('Déplacements professionnels');
    // Categories nobody holds are left out; the rest, unattributed, apart.
    expect(w.findAll('[data-testid^="position-row-"]').map((r) => r.attributes('data-testid'))).toEqual(['position-row-researcher_faculty', 'position-row-phd_student', 'position-row-unattributed']);
    expect(w.find('[data-testid="position-row-phd_student"]').text()).toContain('Doctorant·e');
    expect(w.find('[data-testid="position-row-phd_student"] [data-testid="position-per-fte"]').text()).toBe('1,3');
    expect(w.find('[data-testid="position-row-unattributed"]').text()).toContain('1 sans facteur');
    w.unmount();
  });
});
