// The units a user may see, with the years that have a carbon report and those whose report
// holds entries (what the back office opens on).
import type { UnitSummary } from '@carbon/shared';
import type { SqlRunner } from './db';

const UNITS_WITH_YEARS = `
  SELECT u.id, u.institutional_id, u.name, u.parent_id, u.is_active,
         coalesce(array_agg(r.year ORDER BY r.year) FILTER (WHERE r.id IS NOT NULL), '{}') AS years,
         coalesce(array_agg(r.year ORDER BY r.year) FILTER (WHERE (r.stats ->> 'entries')::numeric > 0), '{}') AS years_with_entries
    FROM units u LEFT JOIN carbon_reports r ON r.unit_id = u.id
   WHERE $1::boolean OR u.id = ANY($2::bigint[])
   GROUP BY u.id
   ORDER BY u.name`;

export async function unitsWithYears(db: SqlRunner, scope: { all: true } | { all: false; ids: number[] }): Promise<UnitSummary[]> {
  return (await db.query<UnitSummary>(UNITS_WITH_YEARS, [scope.all, scope.all ? [] : scope.ids])).rows;
}
