// A carbon report's emissions as CSV: one row per emission of every entry (an entry without a
// figure keeps its row, with an empty kg and the reason; kg to the hundredth), its scope and
// category, the factor used and its source; after a survey module's rows, one line per reporting category with what its
// extrapolation to the unit adds (surveys.ts), so the rows sum to the report's total. Only for
// users who may see every row of the unit (the report's totals): the file holds other people's
// rows.
import { csvLine, toHundredths, extrapolationExtra, findCategory } from '@carbon/shared';
import type { Pool } from '../../db/pool';
import type { Actor } from '../actor';
import { reportForExport } from './figures';
import { reportEmissions } from './sql';
import { surveyBases } from '../surveys';

export { exportReportSummary } from './summary';
export { renderReportPdf } from './pdf';
export { ReportExporter, type ExporterOptions } from './exporter';
export { ExportPool, defaultExportWorkers } from './exportPool';

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
  const report = await reportForExport(pool, actor, reportId);
  const [{ rows }, bases] = await Promise.all([reportEmissions(pool, { reportId }), surveyBases(pool, [reportId])]);
  const surveys = bases.get(reportId) ?? {};
  /** Survey modules' respondents' kg by category, to extrapolate. */
  const surveyKg = new Map<string, Map<string, number>>();
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
        toHundredths(r.kg_co2eq),
        r.quantity,
        r.quantity_unit,
        r.factor_id,
        r.factor_source,
        r.kg_co2eq === null ? (r.reason ?? 'no factor') : null,
        JSON.stringify(r.data),
      ]),
    );
    if (surveys[r.module_type] && r.category !== null && r.kg_co2eq !== null) {
      const byCategory = surveyKg.get(r.module_type) ?? new Map<string, number>();
      byCategory.set(r.category, (byCategory.get(r.category) ?? 0) + Number(r.kg_co2eq));
      surveyKg.set(r.module_type, byCategory);
    }
  }
  for (const [module, byCategory] of surveyKg) {
    const basis = surveys[module]!;
    const note = `extrapolated to the unit: × ${basis.factor} (basis ${basis.basis}: ${basis.responses} responses, ${basis.respondents_fte} FTE of ${basis.unit_fte})`;
    for (const [category, kg] of byCategory) {
      const extra = extrapolationExtra(kg, basis);
      lines.push(csvLine([report.year, unit, module, null, null, 'extrapolation', null, findCategory(category)?.scope ?? null, category, toHundredths(extra), null, null, null, null, note, JSON.stringify(basis)]));
    }
  }
  return { fileName: `carbon-report-${unit}-${report.year}.csv`, csv: lines.join('') };
}
