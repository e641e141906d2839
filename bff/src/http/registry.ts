// GET /api/registry (signed-in users): the registry as data — modules, entry types, fields with
// their types, units and options, CSV columns, factor sets, emission types with scope and
// category, categories (shared/src/modules/serialize.ts). Read-only; the web app bundles the
// same registry and does not need it.
import { Router } from 'express';
import { serializeRegistry } from '@carbon/shared';

export function registryRoutes(): Router {
  const r = Router();
  r.get('/', (_req, res) => {
    res.json(serializeRegistry());
  });
  return r;
}
