// The words of an uncertainty figure (UncertaintyFigure, docs/formulas.md "Uncertainty of the
// results"), for the results page and the printable report alike, so both say the same: which
// lines to show, with their numbers formatted for the reader's locale. Apart from format.ts, which
// the first screens load, since only the results read it.
import { formatNumber, formatTonnes } from './format';
import type { UncertaintyFigure } from './modules/entries';
import { UNCERTAINTY_CLASS_PCT, UNCERTAINTY_CLASSES, type UncertaintyClass } from './modules/uncertainty';

/** One line of an uncertainty figure as the results page and the printable report word it: the
 * message under `results.uncertainty` and its parameters, already formatted for the locale. */
export interface UncertaintyLine {
  /** What the line says: the whole total's range, the kg taken in default classes, the ± the
   * sources state and on how much of the total, or that none states one. */
  part: 'range' | 'defaults' | 'stated' | 'unknown';
  message: 'range' | 'defaults' | 'stated' | 'statedAll' | 'none';
  params: Record<string, string>;
}

/** The lines of a figure (none for a total of 0: nothing to be uncertain about). The range comes
 * first, as the total's own; the ± the sources state always says how much of the total it covers,
 * so that a ± over a few tonnes is never read as the whole total's. */
export function uncertaintyLines(u: UncertaintyFigure, locale: string): UncertaintyLine[] {
  if (u.kg_co2eq <= 0) return [];
  const pct = (p: number | null) => formatNumber(p ?? 0, locale, 0, 1);
  const lines: UncertaintyLine[] = [
    { part: 'range', message: 'range', params: { low: formatTonnes(u.whole.low_kg, locale), high: formatTonnes(u.whole.high_kg, locale), tonnes: formatTonnes(u.whole.sigma_kg, locale), pct: pct(u.whole.sigma_pct) } },
  ];
  if (u.stated.covered_kg <= 0) return [...lines, { part: 'unknown', message: 'none', params: {} }];
  if (u.uncovered_kg <= 0) return [...lines, { part: 'stated', message: 'statedAll', params: {} }];
  return [
    ...lines,
    { part: 'defaults', message: 'defaults', params: { tonnes: formatTonnes(u.uncovered_kg, locale) } },
    { part: 'stated', message: 'stated', params: { tonnes: formatTonnes(u.stated.sigma_kg, locale), covered: formatTonnes(u.stated.covered_kg, locale), share: pct(u.stated.covered_pct) } },
  ];
}

/** "low 10 %, medium 30 %, …" with the classes' names in the reader's language. */
export function uncertaintyClassesText(names: Readonly<Record<UncertaintyClass, string>>): string {
  return UNCERTAINTY_CLASSES.map((c) => `${names[c]} ${UNCERTAINTY_CLASS_PCT[c]} %`).join(', ');
}
