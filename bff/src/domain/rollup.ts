// The institution roll-up: every unit's report of one year as one row of figures, read straight
// from the stored stats in one statement. The report read (carbonReports.ts) carries every
// module's full stats, about 3 KiB a unit; the roll-up needs a dozen numbers of each, so it has
// its own read (a 1,000-unit institution answers in well under a megabyte).
import { MODULE_TYPES, MODULES, type ModuleStats, type ModuleType, type RollupUnit } from '@carbon/shared';
import type { Queryable } from './db';
import type { Actor } from './actor';
import { canSeeReportTotals } from '../policies';
import { extrapolateReportStats, normalizeModuleStats, normalizeReportStats } from './stats';
import { SURVEY_MODULES, surveyBases } from './surveys';

interface RollupRow extends Omit<RollupUnit, 'kg_co2eq_per_fte' | 'by_scope'> {
  scope_1: number;
  scope_2: number;
  scope_3: number;
  /** The stored stats of its survey modules, whose totals are extrapolated (surveys.ts). */
  surveys: Record<string, Partial<ModuleStats>> | null;
}

/** The modules whose quantity is the report's FTE (the registry's `summary: 'fte'`). */
const FTE_MODULES = MODULE_TYPES.filter((m) => MODULES[m].summary === 'fte');

const ROLLUP = `
  SELECT u.id::int AS unit_id, u.institutional_id, u.name, r.id::int AS report_id,
         coalesce((r.stats ->> 'kg_co2eq')::float8, 0) AS kg_co2eq,
         coalesce((r.stats ->> 'entries')::int, 0) AS entries,
         coalesce((r.stats ->> 'without_factor')::int, 0) AS without_factor,
         coalesce((r.stats -> 'by_scope' ->> '1')::float8, 0) AS scope_1,
         coalesce((r.stats -> 'by_scope' ->> '2')::float8, 0) AS scope_2,
         coalesce((r.stats -> 'by_scope' ->> '3')::float8, 0) AS scope_3,
         m.modules, m.validated, m.fte, m.surveys
    FROM carbon_reports r
    JOIN units u ON u.id = r.unit_id
   CROSS JOIN LATERAL (
         SELECT count(*)::int AS modules,
                count(*) FILTER (WHERE cm.status = 'validated')::int AS validated,
                coalesce(sum(q.quantity) FILTER (WHERE cm.module_type = ANY ($2::text[])), 0)::float8 AS fte,
                jsonb_object_agg(cm.module_type, cm.stats) FILTER (WHERE cm.module_type = ANY ($3::text[])) AS surveys
           FROM carbon_report_modules cm
           LEFT JOIN LATERAL (SELECT sum((t.value ->> 'quantity')::float8) AS quantity FROM jsonb_each(cm.stats -> 'by_type') t) q ON true
          WHERE cm.carbon_report_id = r.id) m
   WHERE r.year = $1
   ORDER BY u.name, u.id`;

export async function institutionRollup(db: Queryable, actor: Actor, year: number): Promise<RollupUnit[]> {
  const { rows } = await db.query<RollupRow>(ROLLUP, [year, FTE_MODULES, SURVEY_MODULES]);
  const bases = await surveyBases(db, rows.filter((r) => r.surveys).map((r) => r.report_id));
  return rows.map(({ scope_1, scope_2, scope_3, surveys, ...r }) => {
    if (!canSeeReportTotals(actor, r.unit_id)) return { ...r, kg_co2eq: null, fte: null, kg_co2eq_per_fte: null, by_scope: null, entries: null, without_factor: null };
    // The survey modules' extrapolation, as in the report's totals.
    const modules = Object.entries(surveys ?? {}).map(([m, s]) => ({ module_type: m as ModuleType, stats: normalizeModuleStats(s, m as ModuleType) }));
    const stats = extrapolateReportStats(normalizeReportStats({ kg_co2eq: r.kg_co2eq!, by_scope: { 1: scope_1, 2: scope_2, 3: scope_3 } }), modules, bases.get(r.report_id) ?? {});
    return { ...r, kg_co2eq: stats.kg_co2eq, kg_co2eq_per_fte: r.fte! > 0 ? stats.kg_co2eq / r.fte! : null, by_scope: { 1: stats.by_scope['1'], 2: stats.by_scope['2'], 3: stats.by_scope['3'] } };
  });
}
