// The breakdowns of the results page: which views there are, the one an address asks for (the
// `view` query, so that a view can be linked), and the rows of each, from the results the BFF
// computed (bff/src/domain/results/).
import type { ResultFigure, UnitResults } from '@carbon/shared';

export const RESULT_VIEWS = ['module', 'scope', 'category', 'type'] as const;
export type ResultView = (typeof RESULT_VIEWS)[number];

/** The view a `view` query names; the first one otherwise (absent, repeated or unknown). */
export function viewOf(query: unknown): ResultView {
  return RESULT_VIEWS.find((v) => v === query) ?? RESULT_VIEWS[0];
}

/** A row of a breakdown: its figure and, for modules, its status. */
export interface BreakdownRow extends ResultFigure {
  key: string;
  status?: UnitResults['by_module'][string]['status'];
}

/** The rows of a view. Modules: every module of the report (empty ones say so); scopes: all
 * three; categories and entry types: those with entries, since only they hold anything. */
export function breakdownRows(results: UnitResults, view: ResultView): BreakdownRow[] {
  switch (view) {
    case 'module':
      return Object.entries(results.by_module).map(([key, f]) => ({ key, ...f }));
    case 'scope':
      return Object.entries(results.by_scope).map(([key, f]) => ({ key, ...f }));
    case 'category':
      return Object.entries(results.by_category)
        .filter(([, f]) => f.entries > 0)
        .map(([key, f]) => ({ key, ...f }));
    case 'type':
      return Object.entries(results.by_type)
        .filter(([, f]) => f.entries > 0)
        .map(([key, f]) => ({ key, kg_co2eq: f.kg_co2eq, entries: f.entries, without_factor: f.without_factor }));
  }
}
