// Every carbon report holds one row per module of the registry. New reports get them where they
// are created (the unit sync, the demo seeder); this gives the reports that existed before a
// module was added theirs, at the next start: one set-based statement over every report and
// every module type, so no module is ever named here.
import { MODULE_TYPES } from '@carbon/shared';
import type { Pool } from '../db/pool';

/** Adds the module rows reports lack (idempotent; safe when instances start together). Returns
 * how many it added. */
export async function ensureReportModules(pool: Pool): Promise<number> {
  const { rowCount } = await pool.query(
    `INSERT INTO carbon_report_modules (carbon_report_id, module_type)
     SELECT r.id, m.module_type
       FROM carbon_reports r
      CROSS JOIN unnest($1::text[]) AS m(module_type)
      WHERE NOT EXISTS (SELECT 1 FROM carbon_report_modules x WHERE x.carbon_report_id = r.id AND x.module_type = m.module_type)
     ON CONFLICT (carbon_report_id, module_type) DO NOTHING`,
    [MODULE_TYPES],
  );
  return rowCount ?? 0;
}
