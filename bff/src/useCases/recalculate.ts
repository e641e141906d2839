// A requested recalculation: one emission_recalc per entry type, inserted together in one
// pipeline with its audit line; each chains the de-duplicated aggregation, as after an upload.
import type { EntryTypeDef, ModuleDef } from '@carbon/shared';
import { withTransaction } from '../db/pool';
import { insertJob } from '../jobs/chainJob';
import type { JobRow } from '../jobs/types';
import { EMISSION_RECALC } from '../jobs/handlers/emissionRecalc';
import { writeAudit } from '../domain/audit';
import type { Actor } from '../domain/actor';
import type { JobDeps } from './deps';
import { authorizeModuleSync } from './uploads';

export interface Recalculation {
  module: ModuleDef;
  types: readonly EntryTypeDef[];
  year: number;
  /** null: every unit (back-office). */
  unitId: number | null;
}

export async function recalculateEmissions(d: JobDeps, actor: Actor, r: Recalculation): Promise<{ job_ids: number[]; pipeline_id: string }> {
  await authorizeModuleSync(d.pool, actor, r.module.type, r.unitId, r.year);
  const jobs = await withTransaction(d.pool, async (db) => {
    const rows: JobRow[] = [];
    for (const t of r.types) {
      rows.push(
        await insertJob(db, {
          job_type: EMISSION_RECALC,
          entity_type: r.unitId === null ? 'MODULE_PER_YEAR' : 'MODULE_UNIT_SPECIFIC',
          target: 'DATA_ENTRIES',
          module_type: r.module.type,
          data_entry_type: t.type,
          unit_id: r.unitId,
          year: r.year,
          payload: { reason: 'requested' },
          created_by: actor.id,
          pipeline_id: rows[0]?.pipeline_id,
        }),
      );
    }
    await writeAudit(db, {
      actorId: actor.id,
      action: 'recalculation',
      unitId: r.unitId,
      details: { module: r.module.type, entry_types: r.types.map((t) => t.type), year: r.year, job_ids: rows.map((j) => j.id), pipeline_id: rows[0]!.pipeline_id },
    });
    return rows;
  });
  for (const j of jobs) d.runner.fire(j.id);
  return { job_ids: jobs.map((j) => j.id), pipeline_id: jobs[0]!.pipeline_id };
}
