// The method page: every entry type of the registry with the formula of each of its emission
// types, and every factor set of the year with its rows (values, year, source), saying which sets
// have no factor for the year; an uncertainty column only where rows carry one; a year without a
// report says so.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { QLayout, QPageContainer } from 'quasar';
import { ENTRY_TYPES, FACTOR_SETS, type YearFactors } from '@carbon/shared';
import MethodPage from '../src/pages/MethodPage.vue';
import { fetchYearFactors } from '../src/api/carbon';
import { mountApp, settle } from './support/mountApp';
import { memoryRouter } from './support/router';

vi.mock('../src/api/carbon', () => ({ fetchYearFactors: vi.fn() }));
const fetch = vi.mocked(fetchYearFactors);

const answer: YearFactors = {
  unit_id: 2,
  year: 2025,
  factor_sets: Object.keys(FACTOR_SETS).map((name) => ({
    name,
    factors:
      name === 'plane'
        ? [
            {
              id: 1,
              set: 'plane',
              year: 2025,
              classification: { band: 'long', cabin_class: 'economy' },
              values: { kg_co2eq_per_km: 0.1517 },
              edition: 2023,
              boundary: 'with_upstream',
              origin: 'library',
              source: 'ADEME Base Carbone',
            },
          ]
        : name === 'electricity'
          ? [{ id: 2, set: 'electricity', year: 2025, classification: { supply: 'location_based', mix: 'DE' }, values: { kg_co2eq_per_kwh: 0.363 }, source: 'UBA', uncertainty_pct: 10 }]
          : [],
  })),
};

async function open(result: YearFactors | Error, locale: 'en' | 'fr' = 'en') {
  if (result instanceof Error) fetch.mockRejectedValue(result);
  else fetch.mockResolvedValue(result);
  // A page lives in the app's layout.
  const InLayout = defineComponent(() => () => h(QLayout, null, () => h(QPageContainer, null, () => h(MethodPage))));
  const w = mountApp(InLayout, { global: { plugins: [await memoryRouter('/u/2/2025/method', '/u/:unitId/:year/method')] } }, locale);
  await settle();
  return w;
}

afterEach(() => fetch.mockReset());

describe('MethodPage', () => {
  it('gives every emission type of every entry type its formula in words', async () => {
    const w = await open(answer);
    for (const t of Object.values(ENTRY_TYPES)) {
      const formulas = w.findAll(`[data-testid="method-type-${t.type}"] [data-testid="method-formula"]`).map((f) => f.text());
      expect(formulas, t.type).toHaveLength(t.emissionTypes.length);
      expect(formulas.every((f) => f.length > 20), t.type).toBe(true);
    }
    expect(w.find('[data-testid="method-type-plane"]').text()).toContain('great-circle distance between the airports + 95 km');
  });

  it('lists the year’s factor rows of each set with value, year and source, and says which sets have none', async () => {
    const w = await open(answer);
    expect(fetch).toHaveBeenCalledWith(2, 2025);
    const plane = w.find('[data-testid="method-set-plane"]');
    expect(plane.findAll('th').map((h) => h.text())).toEqual(['Distance band', 'Cabin class', 'kg CO2e per km', 'Edition', 'Counts', 'Origin', 'Source']);
    expect(plane.findAll('[data-testid="method-factor-row"] td').map((d) => d.text())).toEqual([
      'long haul (over 3,500 km)',
      'Economy',
      '0.1517',
      '2023',
      'with the production of the fuel or energy',
      'default factor library',
      'ADEME Base Carbone',
    ]);
    // Its coverage of the year: one of the nine band × cabin options.
    expect(plane.find('[data-testid="method-set-coverage"]').text()).toBe('Coverage for 2025: 1 of 9 options have a factor');
    expect(w.find('[data-testid="method-set-electricity"] [data-testid="method-set-coverage"]').text()).toBe(
      'Coverage for 2025: 1 of 33 options have a factor. 1 of 32 listed countries have their own factor; the others read the world average',
    );
    expect(plane.find('[data-testid="method-set-no-factor"]').exists()).toBe(false);
    expect(w.find('[data-testid="method-set-train"] [data-testid="method-set-no-factor"]').text()).toContain('No factor for 2025');
    // An optional set is empty by design: nothing configured, nothing missing.
    expect(w.find('[data-testid="method-set-member"] [data-testid="method-set-no-factor"]').text()).toContain('No per-FTE estimate is configured for 2025');
    // only rows that carry an uncertainty get its column
    expect(w.find('[data-testid="method-set-electricity"]').text()).toContain('± 10 %');
    expect(plane.text()).not.toContain('Uncertainty');
  });

  it('speaks French, and says when the unit has no report for the year', async () => {
    const fr = await open(answer, 'fr');
    expect(fr.find('[data-testid="method-set-train"] [data-testid="method-set-no-factor"]').text()).toContain('Aucun facteur pour 2025');
    expect(fr.find('[data-testid="method-set-member"] [data-testid="method-set-no-factor"]').text()).toContain('Aucune estimation par ETP n’est configurée pour 2025');
    expect(fr.find('[data-testid="method-type-train"]').text()).toContain('distance orthodromique × 1,2');
    const missing = await open(Object.assign(new Error('404'), { isAxiosError: true, response: { status: 404, data: { detail: 'There is no carbon report for this unit in 2025.', code: 'no_report_for_year', params: { year: 2025 } } } }));
    expect(missing.text()).toContain('There is no carbon report for this unit in 2025.');
  });
});
