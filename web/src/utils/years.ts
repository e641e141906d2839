// A unit's years side by side: each year's total, per FTE, per scope and per module, and the
// change from the year before that has figures. A year whose totals the user may not see in full
// has no figures (null) and no change; the next year compares with the last year that has them.
import { GHG_SCOPES, type CarbonReportView, type GhgScope } from '@carbon/shared';

export interface YearRow {
  year: number;
  kg: number | null;
  perFte: number | null;
  byScope: Record<GhgScope, number | null>;
  byModule: Record<string, number>;
  /** Relative change of the total from the previous year with figures (0.1 = +10 %). */
  change: number | null;
  perFteChange: number | null;
}

/** (b − a) / a, or null when there is nothing to compare with (no figure, or a zero base). */
export const relativeChange = (a: number | null | undefined, b: number | null): number | null => (a === null || a === undefined || b === null || a === 0 ? null : (b - a) / a);

export function yearRows(reports: readonly CarbonReportView[]): YearRow[] {
  let previous: YearRow | undefined;
  return [...reports]
    .sort((a, b) => a.year - b.year)
    .map((r) => {
      const s = r.stats;
      const kg = s ? s.kg_co2eq : null;
      const perFte = s ? s.kg_co2eq_per_fte : null;
      const row: YearRow = {
        year: r.year,
        kg,
        perFte,
        byScope: Object.fromEntries(GHG_SCOPES.map((g) => [g, s ? (s.by_scope?.[`${g}`] ?? 0) : null])) as Record<GhgScope, number | null>,
        byModule: Object.fromEntries(Object.entries(s?.by_module ?? {}).map(([m, v]) => [m, v.kg_co2eq])),
        change: relativeChange(previous?.kg, kg),
        perFteChange: relativeChange(previous?.perFte, perFte),
      };
      if (kg !== null) previous = row;
      return row;
    });
}
