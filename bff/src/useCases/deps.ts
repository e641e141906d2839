// What the use cases receive from the composition root. Routes hold these handles only to pass
// them on: they never run a statement themselves (eslint.config.js, "SQL in http/").
import type { Pool } from '../db/pool';
import type { JobRunner } from '../jobs/runner';

export type { Pool };

export interface JobDeps {
  pool: Pool;
  runner: JobRunner;
}
