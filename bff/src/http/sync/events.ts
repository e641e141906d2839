// GET /api/sync/events: the server-sent event stream of job progress. Optional
// narrowing by pipeline_id, unit_id and year; what the user may not see is never sent.
import { Router } from 'express';
import { z } from 'zod';
import type { EventHub } from '../../events/hub';
import { canSeeUnit, userOf } from '../../policies';
import { ForbiddenError } from '../../core/errors';
import { parseInput } from '../../core/validate';

const query = z.object({
  pipeline_id: z.uuid().optional(),
  unit_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  year: z.coerce.number().int().min(1990).max(2100).optional(),
});

export function eventRoutes(hub: EventHub): Router {
  const r = Router();
  r.get('/', async (req, res) => {
    const user = userOf(req);
    const filter = parseInput(query, req.query, 'query');
    if (filter.unit_id !== undefined && !canSeeUnit(user, filter.unit_id)) throw new ForbiddenError('You may not follow this unit.');
    // Last-Event-ID (a reconnect) gets the same treatment as a first connect: the snapshot of
    // active pipelines, since events missed meanwhile are not replayed one by one.
    await hub.open(req, res, user, filter);
  });
  return r;
}
