// The uncertainty beside a results total: a range for the whole total (the default classes where
// no source states an uncertainty), the ± the sources state on the part of the total it covers —
// never shown as the total's own —, nothing for a total of 0, and, beside the report total, the
// sentence saying how it is combined; in English and French. The results table shows each
// module's beside its figure.
import { describe, expect, it } from 'vitest';
import type { UncertaintyFigure as Figure } from '@carbon/shared';
import UncertaintyFigure from '../src/components/UncertaintyFigure.vue';
import ResultsTable from '../src/components/ResultsTable.vue';
import { THIN_SPACE } from '../src/utils/format';
import { mountApp } from './support/mountApp';

// The testers' report: 94.2 t, of which 6.3 t on factors stating ±27 % (σ 1.7 t); the other
// 87.9 t (80 t of purchases, high 50 %; 7.9 t of grid electricity, medium 30 %) in the whole
// total's range: σ = √(1,701² + 40,000² + 2,370²) ≈ 40,106.2 kg.
const WHOLE = Math.sqrt(1_701 ** 2 + 40_000 ** 2 + 2_370 ** 2);
const report: Figure = {
  kg_co2eq: 94_200,
  stated: { covered_kg: 6_300, covered_pct: (100 * 6_300) / 94_200, sigma_kg: 1_701, sigma_pct: 27 },
  uncovered_kg: 87_900,
  uncovered_by_class: { low: 0, medium: 7_900, high: 80_000, very_high: 0 },
  whole: { sigma_kg: WHOLE, sigma_pct: (100 * WHOLE) / 94_200, low_kg: 94_200 - WHOLE, high_kg: 94_200 + WHOLE },
};
/** A figure all of whose kg are on factors stating `pct`. */
const allStated = (kg: number, sigma: number): Figure => ({
  kg_co2eq: kg,
  stated: { covered_kg: kg, covered_pct: 100, sigma_kg: sigma, sigma_pct: (100 * sigma) / kg },
  uncovered_kg: 0,
  uncovered_by_class: { low: 0, medium: 0, high: 0, very_high: 0 },
  whole: { sigma_kg: sigma, sigma_pct: (100 * sigma) / kg, low_kg: kg - sigma, high_kg: kg + sigma },
});
/** 300 kg of purchases on a ratio stating none: the range from the class alone (high, 50 %). */
const noneStated: Figure = {
  kg_co2eq: 300,
  stated: { covered_kg: 0, covered_pct: 0, sigma_kg: 0, sigma_pct: null },
  uncovered_kg: 300,
  uncovered_by_class: { low: 0, medium: 0, high: 300, very_high: 0 },
  whole: { sigma_kg: 150, sigma_pct: 50, low_kg: 150, high_kg: 450 },
};

const figure = (f: Figure, locale: 'en' | 'fr' = 'en', explain = false) => mountApp(UncertaintyFigure, { props: { figure: f, explain } }, locale);
const text = (w: ReturnType<typeof figure>, id: string) => w.find(`[data-testid="${id}"]`).text();

describe('UncertaintyFigure', () => {
  it('gives the whole total a range, and the ± the sources state on the part it covers, never as the total\'s; in English and French', () => {
    const en = figure(report);
    expect(text(en, 'uncertainty-range')).toBe('Range 54.1 to 134.3 t (± 40.1 t, 42.6 %)');
    expect(text(en, 'uncertainty-defaults')).toBe('with the default uncertainty class of their factors for the 87.9 t whose sources state none');
    expect(text(en, 'uncertainty-stated')).toBe('stated by the sources: ± 1.7 t on the 6.3 t (6.7 % of the total) whose factors state an uncertainty');
    // Not the 1.8 % a ± of 1.7 t makes of 94.2 t.
    expect(en.text()).not.toContain('1.8 %');
    expect(en.find('[data-testid="uncertainty-explanation"]').exists()).toBe(false);
    const fr = figure(report, 'fr');
    expect(text(fr, 'uncertainty-range')).toBe('Fourchette de 54,1 à 134,3 t (± 40,1 t, 42,6 %)');
    expect(text(fr, 'uncertainty-defaults')).toBe('avec la classe d’incertitude par défaut de leurs facteurs pour les 87,9 t dont les sources n’en indiquent pas');
    expect(text(fr, 'uncertainty-stated')).toBe('indiquée par les sources : ± 1,7 t sur les 6,3 t (6,7 % du total) dont les facteurs indiquent une incertitude');
  });

  it('says the range is the sources\' own when every kg is covered, and groups thousands', () => {
    const w = figure(allStated(40_000_000, 2_500_000));
    expect(text(w, 'uncertainty-range')).toBe(`Range 37${THIN_SPACE}500.0 to 42${THIN_SPACE}500.0 t (± 2${THIN_SPACE}500.0 t, 6.3 %)`);
    expect(text(w, 'uncertainty-stated')).toBe('as stated by the sources of all its factors');
    expect(w.find('[data-testid="uncertainty-defaults"]').exists()).toBe(false);
  });

  it('says when no factor behind the total states an uncertainty, and ranges it with the default classes alone, never ± 0', () => {
    const w = figure(noneStated);
    expect(text(w, 'uncertainty-range')).toBe('Range 0.2 to 0.5 t (± 0.2 t, 50 %)');
    expect(w.find('[data-testid="uncertainty-stated"]').exists()).toBe(false);
    expect(text(w, 'uncertainty-unknown')).toBe('no factor behind it states an uncertainty: the range rests on default classes alone');
    expect(text(figure(noneStated, 'fr'), 'uncertainty-unknown')).toBe('aucun des facteurs utilisés n’indique d’incertitude : la fourchette repose sur les seules classes par défaut');
  });

  it('shows nothing for a total of 0', () => {
    const zero: Figure = { ...noneStated, kg_co2eq: 0, uncovered_kg: 0, uncovered_by_class: { low: 0, medium: 0, high: 0, very_high: 0 }, whole: { sigma_kg: 0, sigma_pct: null, low_kg: 0, high_kg: 0 } };
    expect(figure(zero).find('[data-testid="uncertainty-figure"]').exists()).toBe(false);
  });

  it('explains in one sentence how the range is combined and names the default classes, in both languages', () => {
    expect(text(figure(report, 'en', true), 'uncertainty-explanation')).toMatch(
      /^The range takes each factor’s uncertainty as its source states it, or else the default class of its factor family \(low 10 %, medium 30 %, high 50 %, very high 80 %\): emissions computed with the same factor share its error and add up, while different factors .*\.$/,
    );
    expect(text(figure(report, 'fr', true), 'uncertainty-explanation')).toMatch(/^La fourchette prend l’incertitude de chaque facteur telle que sa source l’indique, ou à défaut la classe par défaut de sa famille de facteurs \(faible 10 %, moyenne 30 %, élevée 50 %, très élevée 80 %\) : .*\.$/);
  });
});

describe('ResultsTable', () => {
  it('shows a row\'s ± beside its tonnes when it has one', () => {
    const rows = [
      { key: 'purchases', label: 'Purchases', kg: 300, entries: 5, withoutFactor: 1, uncertainty: noneStated },
      { key: 'headcount', label: 'Headcount', kg: 0, entries: 0 },
    ];
    const w = mountApp(ResultsTable, { props: { rows, label: 'Module', total: 300 } });
    const purchases = w.find('[data-testid="result-row-purchases"]');
    expect(purchases.find('[data-testid="uncertainty-range"]').text()).toBe('Range 0.2 to 0.5 t (± 0.2 t, 50 %)');
    expect(purchases.find('[data-testid="uncertainty-unknown"]').exists()).toBe(true);
    expect(w.find('[data-testid="result-row-headcount"] [data-testid="uncertainty-figure"]').exists()).toBe(false);
  });
});
