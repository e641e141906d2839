// A unit's report of a year as a printable PDF, written on the server from the report figures
// (the results page's own figures) section by section, in English or French.
import type { Pool } from '../../../db/pool';
import type { Actor } from '../../actor';
import { reportFigures } from '../figures';
import { ReportLayout } from './layout';
import { fill, reportText, type ReportLocale } from './messages';
import { ReportWords, SECTIONS } from './sections';

export { REPORT_LOCALES, type ReportLocale } from './messages';

export interface ReportPdf {
  fileName: string;
  pdf: Buffer;
}

export async function renderReportPdf(pool: Pool, actor: Actor, reportId: number, locale: ReportLocale, now: Date): Promise<ReportPdf> {
  const figures = await reportFigures(pool, actor, reportId, now);
  const words = new ReportWords(reportText(locale));
  const layout = new ReportLayout({
    title: `${words.text.report.title} ${figures.unit.institutional_id} ${figures.year}`,
    author: figures.unit.name,
    createdAt: now,
    language: locale,
  });
  for (const section of SECTIONS) section(layout, figures, words);
  const pdf = await layout.finish((n, total) => fill(words.text.report.page, { n, total }));
  return { fileName: `carbon-report-${figures.unit.institutional_id}-${figures.year}-${locale}.pdf`, pdf };
}
