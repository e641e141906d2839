// A carbon report's summary as CSV: the report total, then its totals by module, by GHG scope,
// by reporting category and by entry type, each line with its entries and those without a
// figure (their emissions are missing from the kg, never counted as 0), kg to the hundredth. From
// the report figures, so the lines are the results page's; the same users as the emissions file may download it.
import { csvLine, toHundredths } from '@carbon/shared';
import type { Pool } from '../../db/pool';
import type { Actor } from '../actor';
import { reportFigures, type FigureLine } from './figures';
import type { ReportExport } from './index';

export const SUMMARY_COLUMNS = ['year', 'unit', 'level', 'module', 'key', 'scope', 'kg_co2eq', 'entries', 'without_factor'] as const;

export async function exportReportSummary(pool: Pool, actor: Actor, reportId: number, now: Date): Promise<ReportExport> {
  const f = await reportFigures(pool, actor, reportId, now);
  const unit = f.unit.institutional_id;
  const row = (level: string, l: FigureLine, module: string | null, scope: number | null) =>
    csvLine([f.year, unit, level, module, l.key, scope, toHundredths(l.kg_co2eq), l.entries, l.without_factor]);
  const lines = [
    csvLine(SUMMARY_COLUMNS),
    row('total', f.total, null, null),
    ...f.byModule.map((l) => row('module', l, l.module, null)),
    ...f.byScope.map((l) => row('scope', l, null, l.scope)),
    ...f.byCategory.map((l) => row('category', l, null, l.scope)),
    ...f.byType.map((l) => row('entry_type', l, l.module, null)),
  ];
  return { fileName: `carbon-report-summary-${unit}-${f.year}.csv`, csv: lines.join('') };
}
