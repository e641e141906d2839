// /api/v1/units: the units the user may see, with the years that have a carbon report and those
// whose report holds entries (what the back office opens on), and the factor rows of a unit's
// report year (the method page).
import { Router } from 'express';
import type { UnitSummary } from '@carbon/shared';
import type { Pool } from '../db/pool';
import { userOf, visibleUnits } from '../policies';
import { unitYearFactors } from '../domain/method';
import { idParam, yearParam } from './params';

const UNITS_WITH_YEARS = `
  SELECT u.id, u.institutional_id, u.name, u.parent_id, u.is_active,
         coalesce(array_agg(r.year ORDER BY r.year) FILTER (WHERE r.id IS NOT NULL), '{}') AS years,
         coalesce(array_agg(r.year ORDER BY r.year) FILTER (WHERE (r.stats ->> 'entries')::numeric > 0), '{}') AS years_with_entries
    FROM units u LEFT JOIN carbon_reports r ON r.unit_id = u.id
   WHERE $1::boolean OR u.id = ANY($2::bigint[])
   GROUP BY u.id
   ORDER BY u.name`;

export function unitRoutes(pool: Pool): Router {
  const r = Router();
  r.get('/', async (req, res) => {
    const v = visibleUnits(userOf(req));
    const { rows } = await pool.query<UnitSummary>(UNITS_WITH_YEARS, [v.all, v.all ? [] : v.ids]);
    res.json(rows);
  });
  r.get('/:unit_id/years/:year/factors', async (req, res) => {
    res.json(await unitYearFactors(pool, userOf(req), idParam(req.params.unit_id, 'unit'), yearParam(req.params.year)));
  });
  return r;
}
