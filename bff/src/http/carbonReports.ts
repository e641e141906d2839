// /api/v1/carbon_reports: reports with module status and stats, their results (breakdowns,
// completeness, ratios) and the uncertainty of their totals, module validation, the
// report-addressed data-entry routes (Path 1), and the report's exports (every emission and the
// summary as CSV, the printable report as PDF).
import { Router } from 'express';
import type { Pool } from '../useCases/deps';
import { getReport, listReports, ownFootprint } from '../domain/carbonReports';
import { exportReportEmissions, type ReportExporter } from '../domain/reportExport';
import { unitResults } from '../domain/results';
import { reportFactorOrigins } from '../domain/results/factorOrigins';
import { reportUncertainty } from '../domain/uncertainty';
import { setModuleStatus } from '../useCases/moduleStatus';
import { userOf } from '../policies';
import { reportListQuerySchema, reportPdfQuerySchema } from './carbonReports.schema';
import { mountReportEntryRoutes } from './dataEntries';
import { anonymousResponsesSchema, moduleStatusSchema } from './dataEntries.schema';
import { setAnonymousResponses } from '../domain/surveySettings';
import { idParam, moduleParam } from './params';
import { parseInput } from '../core/validate';
import { jsonBody } from './body';

export function carbonReportRoutes(pool: Pool, exporter: ReportExporter): Router {
  const r = Router();

  r.get('/', async (req, res) => {
    const q = parseInput(reportListQuerySchema, req.query, 'query');
    res.json(await listReports(pool, userOf(req), { unitId: q.unit_id, year: q.year }));
  });

  r.get('/:report_id', async (req, res) => {
    res.json(await getReport(pool, userOf(req), idParam(req.params.report_id, 'carbon report')));
  });

  // The signed-in user's own footprint in the report, beside the unit's per-FTE figure.
  r.get('/:report_id/own', async (req, res) => {
    res.json(await ownFootprint(pool, userOf(req), idParam(req.params.report_id, 'carbon report')));
  });

  // The unit's results: breakdowns, completeness and ratios (those who may see its totals only).
  r.get('/:report_id/results', async (req, res) => {
    res.json(await unitResults(pool, userOf(req), idParam(req.params.report_id, 'carbon report')));
  });

  // The ± of the report's total and of each module's, from the factors' stated uncertainties: read
  // by the results page beside the report itself, so that report lists stay one cheap query.
  r.get('/:report_id/uncertainty', async (req, res) => {
    res.json(await reportUncertainty(pool, userOf(req), idParam(req.params.report_id, 'carbon report')));
  });

  // What the total rests on: the factor library's defaults, an operator's factors, or none.
  r.get('/:report_id/factor_origins', async (req, res) => {
    res.json(await reportFactorOrigins(pool, userOf(req), idParam(req.params.report_id, 'carbon report')));
  });

  // Every emission of the report as CSV (UTF-8 with a BOM so spreadsheets pick the encoding).
  r.get('/:report_id/emissions.csv', async (req, res) => {
    const file = await exportReportEmissions(pool, userOf(req), idParam(req.params.report_id, 'carbon report'));
    res.type('text/csv; charset=utf-8').attachment(file.fileName).send(`\ufeff${file.csv}`);
  });

  // Totals by module, scope, category and entry type as CSV, for the same users.
  r.get('/:report_id/summary.csv', async (req, res) => {
    const file = await exporter.summary(userOf(req), idParam(req.params.report_id, 'carbon report'));
    res.type('text/csv; charset=utf-8').attachment(file.fileName).send(`\ufeff${file.csv}`);
  });

  // The printable report, in the language asked for (`?lang=en|fr`, the user's locale): written
  // by the export workers, kept by report version (domain/reportExport/exporter.ts).
  r.get('/:report_id/report.pdf', async (req, res) => {
    const reportId = idParam(req.params.report_id, 'carbon report');
    const { lang } = parseInput(reportPdfQuerySchema, req.query, 'query');
    const file = await exporter.pdf(userOf(req), reportId, lang);
    res.type('application/pdf').attachment(file.fileName).send(file.pdf);
  });

  r.patch<{ report_id: string; module: string }>('/:report_id/modules/:module/status', jsonBody(), async (req, res) => {
    const module = moduleParam(req.params.module);
    const reportId = idParam(req.params.report_id, 'carbon report');
    const { status } = parseInput(moduleStatusSchema, req.body);
    res.json(await setModuleStatus(pool, userOf(req), { reportId, module: module.type }, status));
  });

  // A survey module's setting: may its responses be anonymous this year (principals).
  r.patch<{ report_id: string; module: string }>('/:report_id/modules/:module/anonymous_responses', jsonBody(), async (req, res) => {
    const module = moduleParam(req.params.module);
    const reportId = idParam(req.params.report_id, 'carbon report');
    const { anonymous_responses } = parseInput(anonymousResponsesSchema, req.body);
    res.json(await setAnonymousResponses(pool, userOf(req), { reportId, module: module.type }, anonymous_responses));
  });

  mountReportEntryRoutes(r, pool);
  return r;
}
