// The module card on the unit home sums a module up by the figure the registry names: the
// emissions in tonnes, or the FTE of the module listing the unit's people (with its tonnes
// beside them), and splits its emissions by scope. Standard users, who get no totals, see their
// own entry count.
import { describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import { MODULE_TYPES, MODULES, type ModuleStats, type ModuleSummary, type ModuleType } from '@carbon/shared';
import ModuleCard from '../src/components/ModuleCard.vue';
import { mountApp } from './support/mountApp';

const stats: ModuleStats = {
  kg_co2eq: 2500,
  entries: 3,
  without_factor: 0,
  by_type: { first: { kg_co2eq: 2000, entries: 2, quantity: 1.5, without_factor: 0 }, second: { kg_co2eq: 500, entries: 1, quantity: 0.25, without_factor: 0 } },
  by_scope: { 1: 300, 2: 0, 3: 2200 },
  by_category: { stationary_combustion: 300, business_travel: 2200 },
};

const summary = (module: ModuleType, s: ModuleStats | null): ModuleSummary => ({
  unit_id: 3,
  year: 2025,
  carbon_report_id: 1,
  module_id: 2,
  module_type: module,
  status: 'in_progress',
  stats: s,
  entry_counts: { first: 2, second: 1 },
  active_pipeline_id: null,
  factor_sets_needed: [],
  factor_sets_without_factors: [],
  anonymous_responses: null,
});

function card(module: ModuleType, s: ModuleStats | null, locale: 'en' | 'fr' = 'en') {
  const router = createRouter({ history: createMemoryHistory(), routes: [{ path: '/:p(.*)*', component: { template: '<div />' } }] });
  return mountApp(ModuleCard, { props: { module: MODULES[module], summary: summary(module, s), unitId: 3, year: 2025 }, global: { plugins: [router] } }, locale);
}

describe('ModuleCard', () => {
  it.each([...MODULE_TYPES])('%s: leads with the figure its registry summary names', (m) => {
    const w = card(m, stats);
    const total = w.get('[data-testid="module-card-total"]').text();
    if (MODULES[m].summary === 'fte') {
      expect(total).toBe('1.75 FTE');
      expect(w.text()).toContain('2.5 t CO2e');
    } else {
      expect(total).toBe('2.5 t CO2e');
      expect(w.text()).not.toContain('FTE');
    }
  });

  it.each([...MODULE_TYPES])('%s: splits its emissions by scope, in English and French', (m) => {
    // The label and its figure are kept on one line by a no-break space.
    const scopes = (w: ReturnType<typeof card>) => [1, 2, 3].map((s) => w.get(`[data-testid="scope-${s}"]`).text().replace(/\s/gu, ' '));
    expect(scopes(card(m, stats))).toEqual(['Scope 1 0.3 t CO2e', 'Scope 2 0.0 t CO2e', 'Scope 3 2.2 t CO2e']);
    expect(scopes(card(m, stats, 'fr'))).toEqual(['Scope 1 0,3 t CO2e', 'Scope 2 0,0 t CO2e', 'Scope 3 2,2 t CO2e']);
    expect(card(m, stats).get('[data-testid="scope-2"]').attributes('title')).toBe('Purchased energy');
    expect(card(m, stats, 'fr').get('[data-testid="scope-2"]').attributes('title')).toBe('Énergie achetée');
  });

  it.each([...MODULE_TYPES])('%s: says when its total is incomplete, in English and French, and only then', (m) => {
    const incomplete = { ...stats, without_factor: 3 };
    const notice = (w: ReturnType<typeof card>) => w.get('[data-testid="incomplete-text"]').text();
    expect(notice(card(m, incomplete))).toBe('Incomplete: 3 entries without a factor');
    expect(notice(card(m, { ...stats, without_factor: 1 }))).toBe('Incomplete: 1 entry without a factor');
    expect(notice(card(m, incomplete, 'fr'))).toBe('Incomplet : 3 saisies sans facteur');
    expect(card(m, stats).find('[data-testid="incomplete-notice"]').exists()).toBe(false);
  });

  it.each([...MODULE_TYPES])('%s: shows a user without totals their own entries', (m) => {
    const w = card(m, null);
    expect(w.find('[data-testid="module-card-total"]').exists()).toBe(false);
    expect(w.get('[data-testid="module-card-own"]').text()).toContain('3');
  });
});
