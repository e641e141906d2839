// The module status switch itself; the use case around it (policy, audit line, the answer) is
// useCases/moduleStatus.ts.
import type { ModuleStats } from '@carbon/shared';
import type { SqlRunner } from './db';

export type SettableStatus = 'validated' | 'in_progress';

export async function switchModuleStatus(db: SqlRunner, moduleId: number, status: SettableStatus) {
  // `old` is read from the statement's snapshot: the status before this switch.
  const { rows } = await db.query<{ id: number; status: SettableStatus; previous: string; stats: Partial<ModuleStats>; updated_at: Date }>(
    `UPDATE carbon_report_modules m SET status = $2, updated_at = now()
       FROM carbon_report_modules old
      WHERE m.id = $1 AND old.id = m.id
     RETURNING m.id, m.status, old.status AS previous, m.stats, m.updated_at`,
    [moduleId, status],
  );
  return rows[0]!;
}
