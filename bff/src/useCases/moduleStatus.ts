// Validate or reopen a module (principals of the unit, back-office). Data changes reopen a
// validated module by themselves (Path 1 and aggregation); this is the explicit switch.
import type { CarbonReportModuleView } from '@carbon/shared';
import { withTransaction, type Pool } from '../db/pool';
import { writeAudit } from '../domain/audit';
import { authorizeModuleStatus } from '../policies';
import type { Actor } from '../domain/actor';
import { loadModuleContext, type ModuleRef } from '../domain/context';
import { switchModuleStatus, type SettableStatus } from '../domain/moduleStatus';
import { moduleStatsAsShown } from '../domain/surveys';

export type { SettableStatus };

export async function setModuleStatus(pool: Pool, actor: Actor, ref: ModuleRef, status: SettableStatus): Promise<CarbonReportModuleView> {
  const ctx = await loadModuleContext(pool, actor, ref, { action: 'view' });
  authorizeModuleStatus(actor, ctx.unitId);
  // The switch and its audit line commit together.
  const m = await withTransaction(pool, async (db) => {
    const row = await switchModuleStatus(db, ctx.moduleId, status);
    await writeAudit(db, {
      actorId: actor.id,
      action: status === 'validated' ? 'module_validate' : 'module_reopen',
      unitId: ctx.unitId,
      details: { report_id: ctx.reportId, module: ctx.moduleType, year: ctx.year, previous_status: row.previous },
    });
    return row;
  });
  return { id: m.id, module_type: ctx.moduleType, status: m.status, stats: await moduleStatsAsShown(pool, ctx.reportId, ctx.moduleType, m.stats), updated_at: m.updated_at.toISOString() };
}
