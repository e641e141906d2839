// What a unit-scoped Path 2 request names: does the unit exist, and has it a report holding the
// module for the year. Read in one statement so that the caller can answer 404, 403, 404 in the
// order the API promises (useCases/uploads.ts).
import type { SqlRunner } from './db';

/** undefined: no such unit; otherwise whether it has a report with this module for the year. */
export async function unitModuleTarget(db: SqlRunner, unitId: number, year: number, moduleType: string): Promise<{ report: boolean } | undefined> {
  const { rows } = await db.query<{ report: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM carbon_reports r JOIN carbon_report_modules m ON m.carbon_report_id = r.id
                     WHERE r.unit_id = u.id AND r.year = $2 AND m.module_type = $3) AS report
       FROM units u WHERE u.id = $1`,
    [unitId, year, moduleType],
  );
  return rows[0];
}
