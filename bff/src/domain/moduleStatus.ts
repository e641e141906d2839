// Validate or reopen a module (principals of the unit, back-office). Data changes reopen a
// validated module by themselves (Path 1 and aggregation); this is the explicit switch.
import type { CarbonReportModuleView, ModuleStats } from '@carbon/shared';
import { withTransaction, type Pool } from '../db/pool';
import { writeAudit } from './audit';
import { authorizeModuleStatus } from '../policies';
import type { Actor } from './actor';
import { loadModuleContext, type ModuleRef } from './context';
import { moduleStatsAsShown } from './surveys';

export type SettableStatus = 'validated' | 'in_progress';

export async function setModuleStatus(pool: Pool, actor: Actor, ref: ModuleRef, status: SettableStatus): Promise<CarbonReportModuleView> {
  const ctx = await loadModuleContext(pool, actor, ref, { action: 'view' });
  authorizeModuleStatus(actor, ctx.unitId);
  // The switch and its audit line commit together.
  const m = await withTransaction(pool, async (db) => {
    // `old` is read from the statement's snapshot: the status before this switch.
    const { rows } = await db.query<{ id: number; status: SettableStatus; previous: string; stats: Partial<ModuleStats>; updated_at: Date }>(
      `UPDATE carbon_report_modules m SET status = $2, updated_at = now()
         FROM carbon_report_modules old
        WHERE m.id = $1 AND old.id = m.id
       RETURNING m.id, m.status, old.status AS previous, m.stats, m.updated_at`,
      [ctx.moduleId, status],
    );
    const row = rows[0]!;
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
