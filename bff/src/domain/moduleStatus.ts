// Validate or reopen a module (principals of the unit, back-office). Data changes reopen a
// validated module by themselves (Path 1 and aggregation); this is the explicit switch.
import type { CarbonReportModuleView, ModuleStats } from '@carbon/shared';
import type { Pool } from '../db/pool';
import { authorizeModuleStatus } from '../policies';
import type { Actor } from './actor';
import { loadModuleContext, type ModuleRef } from './context';
import { normalizeModuleStats } from './stats';

export type SettableStatus = 'validated' | 'in_progress';

export async function setModuleStatus(pool: Pool, actor: Actor, ref: ModuleRef, status: SettableStatus): Promise<CarbonReportModuleView> {
  const ctx = await loadModuleContext(pool, actor, ref, { action: 'view' });
  authorizeModuleStatus(actor, ctx.unitId);
  const { rows } = await pool.query<{ id: number; status: SettableStatus; stats: Partial<ModuleStats>; updated_at: Date }>(
    `UPDATE carbon_report_modules SET status = $2, updated_at = now() WHERE id = $1 RETURNING id, status, stats, updated_at`,
    [ctx.moduleId, status],
  );
  const m = rows[0]!;
  return { id: m.id, module_type: ctx.moduleType, status: m.status, stats: normalizeModuleStats(m.stats, ctx.moduleType), updated_at: m.updated_at.toISOString() };
}
