// A unit's report of a year as a printable PDF, written on the server from the report figures
// (the results page's own figures) section by section, in English or French. The figures are read
// here (database, on the event loop: waiting costs it nothing); writing the PDF is CPU work, done
// in the export workers (../exportPool.ts) by `writeReportPdf`.
import type { Pool } from '../../../db/pool';
import type { Actor } from '../../actor';
import { reportFigures, type ReportFigures } from '../figures';
import { ReportLayout } from './layout';
import { fill, reportText, type ReportLocale } from './messages';
import { ReportWords, SECTIONS } from './sections';

export { REPORT_LOCALES, type ReportLocale } from './messages';

export interface ReportPdf {
  fileName: string;
  pdf: Buffer;
}

export const reportPdfName = (figures: Pick<ReportFigures, 'unit' | 'year'>, locale: ReportLocale) => `carbon-report-${figures.unit.institutional_id}-${figures.year}-${locale}.pdf`;

/** The PDF's bytes from figures already read: no database, no I/O (runs in a worker thread). */
export async function writeReportPdf(figures: ReportFigures, locale: ReportLocale): Promise<Buffer> {
  const words = new ReportWords(reportText(locale));
  const layout = new ReportLayout({
    title: `${words.text.report.title} ${figures.unit.institutional_id} ${figures.year}`,
    author: figures.unit.name,
    createdAt: figures.generatedAt,
    language: locale,
  });
  for (const section of SECTIONS) section(layout, figures, words);
  return layout.finish((n, total) => fill(words.text.report.page, { n, total }));
}

/** Reads the figures and writes the PDF in this thread (tests and tools; the route goes through
 * the export workers). */
export async function renderReportPdf(pool: Pool, actor: Actor, reportId: number, locale: ReportLocale, now: Date): Promise<ReportPdf> {
  const figures = await reportFigures(pool, actor, reportId, now);
  return { fileName: reportPdfName(figures, locale), pdf: await writeReportPdf(figures, locale) };
}
