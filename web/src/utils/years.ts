// A unit's years side by side: each year's total, per FTE, per scope and per module, and the
// change from the year before that has figures. A year whose totals the user may not see in full
// has no figures (null) and no change; a year without any entry (a report made ahead) has nothing
// to compare and is no base either. Either way the next year compares with the last year that has
// entries. A change involving a year whose total lacks entries without a factor is flagged.
import { GHG_SCOPES, type CarbonReportView, type GhgScope } from '@carbon/shared';

export interface YearRow {
  year: number;
  kg: number | null;
  perFte: number | null;
  byScope: Record<GhgScope, number | null>;
  byModule: Record<string, number>;
  /** The report has no entry at all: its zeros are no figures to compare. */
  empty: boolean;
  /** Its total lacks entries without a factor. */
  incomplete: boolean;
  /** Relative change of the total from the previous year with entries (0.1 = +10 %). */
  change: number | null;
  perFteChange: number | null;
  /** The change compares a total that lacks entries (this year's or its base's). */
  changeIncomplete: boolean;
}

/** (b − a) / a, or null when there is nothing to compare with (no figure, or a zero base). */
export const relativeChange = (a: number | null | undefined, b: number | null): number | null => (a === null || a === undefined || b === null || a === 0 ? null : (b - a) / a);

export function yearRows(reports: readonly CarbonReportView[]): YearRow[] {
  let previous: YearRow | undefined;
  return [...reports]
    .sort((a, b) => a.year - b.year)
    .map((r) => {
      const s = r.stats;
      const empty = s !== null && s.entries === 0;
      const kg = s ? s.kg_co2eq : null;
      const perFte = s ? s.kg_co2eq_per_fte : null;
      const incomplete = (s?.without_factor ?? 0) > 0;
      const base = empty ? undefined : previous;
      const change = relativeChange(base?.kg, kg);
      const perFteChange = relativeChange(base?.perFte, perFte);
      const row: YearRow = {
        year: r.year,
        kg,
        perFte,
        byScope: Object.fromEntries(GHG_SCOPES.map((g) => [g, s ? (s.by_scope?.[`${g}`] ?? 0) : null])) as Record<GhgScope, number | null>,
        byModule: Object.fromEntries(Object.entries(s?.by_module ?? {}).map(([m, v]) => [m, v.kg_co2eq])),
        empty,
        incomplete,
        change,
        perFteChange,
        changeIncomplete: (change !== null || perFteChange !== null) && (incomplete || !!base?.incomplete),
      };
      if (kg !== null && !empty) previous = row;
      return row;
    });
}
