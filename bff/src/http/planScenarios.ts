// /api/v1/plans: a unit's reduction scenarios, computed from its entries at each read; the
// adopted plan's actions, its check against later years and its CSV export; and the levers the
// registry offers. Principals build them for their unit; whoever sees the unit's totals reads them.
import { Router } from 'express';
import { LEVERS } from '@carbon/shared';
import type { Pool } from '../useCases/deps';
import { addPlanAction, adoptScenario, checkPlan, createScenario, deleteScenario, exportPlan, getScenario, listPlanActions, listScenarios, updateScenario } from '../useCases/plans';
import { userOf } from '../policies';
import { parseInput } from '../core/validate';
import { jsonBody } from './body';
import { idParam } from './params';
import { actionSchema, checkQuerySchema, scenarioSchema } from './planScenarios.schema';

/** The levers as data (key, module, entry types, settings), for the scenario page. */
const leverList = LEVERS.map(({ key, module, entryTypes, params }) => ({ key, module, entry_types: entryTypes, params }));

export function planScenarioRoutes(pool: Pool): Router {
  const r = Router();
  const scenarioId = (v: string | undefined) => idParam(v, 'scenario');

  r.get('/levers', (_req, res) => {
    res.json(leverList);
  });

  r.get('/units/:unit_id/scenarios', async (req, res) => {
    res.json(await listScenarios(pool, userOf(req), idParam(req.params.unit_id, 'unit')));
  });

  r.post<{ unit_id: string }>('/units/:unit_id/scenarios', jsonBody(), async (req, res) => {
    const unitId = idParam(req.params.unit_id, 'unit');
    const input = parseInput(scenarioSchema, req.body);
    res.status(201).json(await createScenario(pool, userOf(req), unitId, input));
  });

  r.get('/scenarios/:id', async (req, res) => {
    res.json(await getScenario(pool, userOf(req), scenarioId(req.params.id)));
  });

  r.put<{ id: string }>('/scenarios/:id', jsonBody(), async (req, res) => {
    const id = scenarioId(req.params.id);
    const input = parseInput(scenarioSchema, req.body);
    res.json(await updateScenario(pool, userOf(req), id, input));
  });

  r.delete('/scenarios/:id', async (req, res) => {
    await deleteScenario(pool, userOf(req), scenarioId(req.params.id));
    res.status(204).end();
  });

  r.post('/scenarios/:id/adopt', async (req, res) => {
    res.json(await adoptScenario(pool, userOf(req), scenarioId(req.params.id)));
  });

  r.get('/scenarios/:id/actions', async (req, res) => {
    res.json(await listPlanActions(pool, userOf(req), scenarioId(req.params.id)));
  });

  r.post<{ id: string }>('/scenarios/:id/actions', jsonBody(), async (req, res) => {
    const id = scenarioId(req.params.id);
    const input = parseInput(actionSchema, req.body);
    res.status(201).json(await addPlanAction(pool, userOf(req), id, input));
  });

  // Later years against the plan, per module: "planned −12 t, measured −9 t".
  r.get('/scenarios/:id/check', async (req, res) => {
    const id = scenarioId(req.params.id);
    const { to_year } = parseInput(checkQuerySchema, req.query, 'query');
    res.json(await checkPlan(pool, userOf(req), id, to_year));
  });

  r.get('/scenarios/:id/plan.csv', async (req, res) => {
    const file = await exportPlan(pool, userOf(req), scenarioId(req.params.id));
    res.type('text/csv; charset=utf-8').attachment(file.fileName).send(`\ufeff${file.csv}`);
  });

  return r;
}
