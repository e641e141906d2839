// Liveness (the process answers) and readiness (database reachable, schema current). Declared
// as two routes of the API router rather than a router of their own, which every API request
// would otherwise pass through.
import type { Router } from 'express';
import type { Pool } from '../useCases/deps';
import { pendingMigrationCount } from '../useCases/health';

export function mountHealthRoutes(api: Router, pool: Pool, isShuttingDown: () => boolean): void {
  api.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  api.get('/ready', async (_req, res) => {
    if (isShuttingDown()) {
      res.status(503).json({ status: 'shutting_down', detail: 'This instance is shutting down.' });
      return;
    }
    try {
      const pending = await pendingMigrationCount(pool);
      if (pending > 0) {
        res.status(503).json({ status: 'migrating', detail: `${pending} migration(s) not applied yet.` });
        return;
      }
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ status: 'unavailable', detail: 'The database cannot be reached.' });
    }
  });
}
