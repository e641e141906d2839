// /api/v1/carbon_reports: reports with module status and stats, module validation, and the
// report-addressed data-entry routes (Path 1).
import { Router } from 'express';
import type { Pool } from '../db/pool';
import { getReport, listReports } from '../domain/carbonReports';
import { setModuleStatus } from '../domain/moduleStatus';
import { userOf } from '../policies';
import { reportListQuerySchema } from './carbonReports.schema';
import { mountReportEntryRoutes } from './dataEntries';
import { moduleStatusSchema } from './dataEntries.schema';
import { idParam, moduleParam } from './params';
import { parseInput } from '../core/validate';

export function carbonReportRoutes(pool: Pool): Router {
  const r = Router();

  r.get('/', async (req, res) => {
    const q = parseInput(reportListQuerySchema, req.query, 'query');
    res.json(await listReports(pool, userOf(req), { unitId: q.unit_id, year: q.year }));
  });

  r.get('/:report_id', async (req, res) => {
    res.json(await getReport(pool, userOf(req), idParam(req.params.report_id, 'carbon report')));
  });

  r.patch('/:report_id/modules/:module/status', async (req, res) => {
    const module = moduleParam(req.params.module);
    const reportId = idParam(req.params.report_id, 'carbon report');
    const { status } = parseInput(moduleStatusSchema, req.body);
    res.json(await setModuleStatus(pool, userOf(req), { reportId, module: module.type }, status));
  });

  mountReportEntryRoutes(r, pool);
  return r;
}
