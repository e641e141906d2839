// The Path 2 pipeline currently working on a module, for endpoint 11 and the "Recalculating…"
// badge. The job pipeline (bff/src/jobs/) owns data_ingestion_jobs and answers this question;
// until it is wired in here, no pipeline is ever reported as active.
import type { ModuleType } from '@carbon/shared';
import type { Queryable } from './db';

export interface PipelineScope {
  unitId: number;
  year: number;
  module: ModuleType;
}

export async function activePipelineId(_db: Queryable, _scope: PipelineScope): Promise<string | null> {
  return null;
}
