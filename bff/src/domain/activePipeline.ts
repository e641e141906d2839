// The Path 2 pipeline currently working on a module, for the module summary and the "Recalculating…"
// badge: the oldest job still waiting or running that is about this module (of this unit, or of
// every unit, as after a factor upload). Few jobs are ever unfinished, and the partial index on
// unfinished jobs keeps this a small scan.
import type { ModuleType } from '@carbon/shared';
import type { Queryable } from './db';

export interface PipelineScope {
  unitId: number;
  year: number;
  module: ModuleType;
}

export async function activePipelineId(db: Queryable, scope: PipelineScope): Promise<string | null> {
  const { rows } = await db.query<{ pipeline_id: string }>(
    `SELECT pipeline_id FROM data_ingestion_jobs
      WHERE state <> 'FINISHED' AND module_type = $3 AND year = $2 AND (unit_id = $1 OR unit_id IS NULL)
      ORDER BY id LIMIT 1`,
    [scope.unitId, scope.year, scope.module],
  );
  return rows[0]?.pipeline_id ?? null;
}
