// The ± beside a results total: "± x t (y %)" from the report's uncertainty, the part of the total
// no stated uncertainty covers (never taken as exact), "unknown" when nothing is covered, nothing
// for a total of 0, and, beside the report total, the sentence saying how it is combined; in
// English and French. The results table shows each module's beside its figure.
import { describe, expect, it } from 'vitest';
import type { UncertaintyFigure as Figure } from '@carbon/shared';
import UncertaintyFigure from '../src/components/UncertaintyFigure.vue';
import ResultsTable from '../src/components/ResultsTable.vue';
import { THIN_SPACE } from '../src/utils/format';
import { mountApp } from './support/mountApp';

// 1,500 kg, σ = √(15² + 160² + 100²) ≈ 189.27 kg, 350 kg without a stated uncertainty.
const report: Figure = { kg_co2eq: 1500, sigma_kg: Math.sqrt(15 ** 2 + 160 ** 2 + 100 ** 2), sigma_pct: (100 * Math.sqrt(35825)) / 1500, uncovered_kg: 350 };

const figure = (f: Figure, locale: 'en' | 'fr' = 'en', explain = false) => mountApp(UncertaintyFigure, { props: { figure: f, explain } }, locale);
const text = (w: ReturnType<typeof figure>, id: string) => w.find(`[data-testid="${id}"]`).text();

describe('UncertaintyFigure', () => {
  it('shows ± tonnes and % of the total, and the uncovered part, in English and French', () => {
    const en = figure(report);
    expect(text(en, 'uncertainty-sigma')).toBe('± 0.2 t (12.6 %)');
    expect(text(en, 'uncertainty-uncovered')).toBe('of which 0.4 t without a stated uncertainty');
    expect(en.find('[data-testid="uncertainty-explanation"]').exists()).toBe(false);
    const fr = figure(report, 'fr');
    expect(text(fr, 'uncertainty-sigma')).toBe('± 0,2 t (12,6 %)');
    expect(text(fr, 'uncertainty-uncovered')).toBe('dont 0,4 t sans incertitude indiquée');
  });

  it('says nothing of an uncovered part when every kg is covered, and groups thousands', () => {
    const w = figure({ kg_co2eq: 40_000_000, sigma_kg: 2_500_000, sigma_pct: 6.25, uncovered_kg: 0 });
    expect(text(w, 'uncertainty-sigma')).toBe(`± 2${THIN_SPACE}500.0 t (6.3 %)`);
    expect(w.find('[data-testid="uncertainty-uncovered"]').exists()).toBe(false);
  });

  it('says the uncertainty is unknown when no factor behind the total states one, never ± 0', () => {
    const w = figure({ kg_co2eq: 300, sigma_kg: 0, sigma_pct: 0, uncovered_kg: 300 });
    expect(w.find('[data-testid="uncertainty-sigma"]').exists()).toBe(false);
    expect(text(w, 'uncertainty-unknown')).toBe('uncertainty unknown: no factor behind it states one');
    expect(text(figure({ kg_co2eq: 300, sigma_kg: 0, sigma_pct: 0, uncovered_kg: 300 }, 'fr'), 'uncertainty-unknown')).toBe('incertitude inconnue : aucun des facteurs utilisés n’en indique');
  });

  it('shows nothing for a total of 0', () => {
    expect(figure({ kg_co2eq: 0, sigma_kg: 0, sigma_pct: null, uncovered_kg: 0 }).find('[data-testid="uncertainty-figure"]').exists()).toBe(false);
  });

  it('explains in one sentence how the ± is combined, in both languages', () => {
    expect(text(figure(report, 'en', true), 'uncertainty-explanation')).toMatch(/^The ± combines the uncertainty each factor’s source states: emissions computed with the same factor share its error and add up, while different factors .*\.$/);
    expect(text(figure(report, 'fr', true), 'uncertainty-explanation')).toMatch(/^Le ± combine l’incertitude indiquée par la source de chaque facteur : .*\.$/);
  });
});

describe('ResultsTable', () => {
  it('shows a row\'s ± beside its tonnes when it has one', () => {
    const rows = [
      { key: 'purchases', label: 'Purchases', kg: 1100, entries: 5, withoutFactor: 1, uncertainty: { kg_co2eq: 1100, sigma_kg: Math.sqrt(35600), sigma_pct: (100 * Math.sqrt(35600)) / 1100, uncovered_kg: 100 } },
      { key: 'headcount', label: 'Headcount', kg: 0, entries: 0 },
    ];
    const w = mountApp(ResultsTable, { props: { rows, label: 'Module', total: 1100 } });
    const purchases = w.find('[data-testid="result-row-purchases"]');
    expect(purchases.find('[data-testid="uncertainty-sigma"]').text()).toBe('± 0.2 t (17.2 %)');
    expect(purchases.find('[data-testid="uncertainty-uncovered"]').text()).toBe('of which 0.1 t without a stated uncertainty');
    expect(w.find('[data-testid="result-row-headcount"] [data-testid="uncertainty-figure"]').exists()).toBe(false);
  });
});
