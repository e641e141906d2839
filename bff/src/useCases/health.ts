// Readiness: how many migrations this instance knows of are not applied yet.
import type { Pool } from '../db/pool';
import { pendingMigrations } from '../db/migrate';

export const pendingMigrationCount = (pool: Pool): Promise<number> => pendingMigrations(pool);
