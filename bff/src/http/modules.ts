// /api/modules/{unit_id}/{year}/…: unit/year-addressed routes. The member list (headcount members)
// is declared before the generic module route so that its path never reaches it.
import { Router } from 'express';
import { membersSegment } from '@carbon/shared';
import type { Pool } from '../useCases/deps';
import { fieldChoices } from '../domain/fieldChoices';
import { headcountMembers } from '../domain/headcountMembers';
import { moduleSummary } from '../domain/moduleSummary';
import { userOf } from '../policies';
import { mountUnitEntryRoutes } from './dataEntries';
import { entryTypeParam, idParam, moduleParam, yearParam } from './params';

export function moduleRoutes(pool: Pool): Router {
  const r = Router();

  // The member list — must stay first.
  r.get(`/:unit_id/:year/${membersSegment()}`, async (req, res) => {
    const list = await headcountMembers(pool, userOf(req), idParam(req.params.unit_id, 'unit'), yearParam(req.params.year));
    res.type('application/json');
    if (!('gzip' in list)) return void res.send(list.json);
    // Sent as prepared: Express answers 304 to a matching If-None-Match; compression() leaves an
    // encoded body alone. Kept by the browser only, and asked again each time (304 when unchanged).
    res.set({ ETag: list.etag, 'Cache-Control': 'private, no-cache' }).vary('Accept-Encoding');
    if (req.acceptsEncodings('gzip', 'identity') === 'gzip') res.set('Content-Encoding', 'gzip').send(list.gzip);
    else res.send(list.json);
  });

  // The module summary.
  r.get('/:unit_id/:year/:module', async (req, res) => {
    const module = moduleParam(req.params.module);
    res.json(await moduleSummary(pool, userOf(req), { unitId: idParam(req.params.unit_id, 'unit'), year: yearParam(req.params.year), module: module.type }));
  });

  // The choices of a field picked among the year's factor rows (registry `factorChoices`).
  r.get('/:unit_id/:year/:module/:type/choices/:field', async (req, res) => {
    const module = moduleParam(req.params.module);
    const entryType = entryTypeParam(module, req.params.type);
    const ref = { unitId: idParam(req.params.unit_id, 'unit'), year: yearParam(req.params.year), module: module.type };
    res.json(await fieldChoices(pool, userOf(req), ref, entryType, req.params.field));
  });

  // Travel creates and the other entry operations.
  mountUnitEntryRoutes(r, pool);
  return r;
}
