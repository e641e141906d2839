// /api/v1/carbon_reports/{id}/carry-forward: what the unit's latest earlier report would give this
// one (GET, to review), and copying the chosen entry types (POST → 202 with a job per type, each
// an upload of the rows through the CSV pipeline). Principals and the back office.
import { Router } from 'express';
import type { JobDeps } from '../useCases/deps';
import { previewCarryForward, startCarryForward } from '../useCases/carryForward';
import { userOf } from '../policies';
import { parseInput } from '../core/validate';
import { idParam } from './params';
import { jsonBody } from './body';
import { carryForwardSchema } from './carryForward.schema';

export function carryForwardRoutes(d: JobDeps): Router {
  const r = Router();
  r.get('/:report_id/carry-forward', async (req, res) => {
    res.json(await previewCarryForward(d.pool, userOf(req), idParam(req.params.report_id, 'carbon report')));
  });
  r.post<{ report_id: string }>('/:report_id/carry-forward', jsonBody(), async (req, res) => {
    const reportId = idParam(req.params.report_id, 'carbon report');
    const { entry_types } = parseInput(carryForwardSchema, req.body);
    res.status(202).json(await startCarryForward(d, userOf(req), reportId, entry_types));
  });
  return r;
}
