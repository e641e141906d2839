// A carbon report's emissions as CSV: one row per emission of every entry (an entry without a
// figure keeps its row, with an empty kg and the reason), its scope and category, the factor used
// and its source. Only for users who may see every row of the unit (the report's totals): the
// file holds other people's rows.
import { csvLine } from '@carbon/shared';
import type { Pool } from '../../db/pool';
import { ForbiddenError } from '../../core/errors';
import { canSeeReportTotals } from '../../policies';
import type { Actor } from '../actor';
import { getReport } from '../carbonReports';
import { reportEmissions } from './sql';

export const REPORT_EXPORT_COLUMNS = [
  'year',
  'unit',
  'module',
  'entry_type',
  'entry_id',
  'entry_source',
  'emission_type',
  'scope',
  'category',
  'kg_co2eq',
  'quantity',
  'quantity_unit',
  'factor_id',
  'factor_source',
  'note',
  'entry_data',
] as const;

export interface ReportExport {
  fileName: string;
  csv: string;
}

export async function exportReportEmissions(pool: Pool, actor: Actor, reportId: number): Promise<ReportExport> {
  const report = await getReport(pool, actor, reportId);
  if (!canSeeReportTotals(actor, report.unit_id)) {
    throw new ForbiddenError('The export holds every row of the unit: only those who may see all of them can download it.');
  }
  const { rows } = await reportEmissions(pool, { reportId });
  const unit = report.unit.institutional_id;
  const lines = [csvLine(REPORT_EXPORT_COLUMNS)];
  for (const r of rows) {
    lines.push(
      csvLine([
        report.year,
        unit,
        r.module_type,
        r.data_entry_type,
        r.entry_id,
        r.entry_source,
        r.emission_type,
        r.scope,
        r.category,
        r.kg_co2eq,
        r.quantity,
        r.quantity_unit,
        r.factor_id,
        r.factor_source,
        r.kg_co2eq === null ? (r.reason ?? 'no factor') : null,
        JSON.stringify(r.data),
      ]),
    );
  }
  return { fileName: `carbon-report-${unit}-${report.year}.csv`, csv: lines.join('') };
}
