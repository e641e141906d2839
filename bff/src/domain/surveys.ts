// The basis of each survey module's extrapolation (registry `extrapolated`), for many reports in
// one statement: its responses, the people who answered and their FTE, and the unit's headcount
// that year. shared/src/modules/extrapolation.ts turns it into the multiplier; stats.ts applies it.
import { extrapolationFactor, MODULE_TYPES, MODULES, peopleEntryType, personLinkKey, type ModuleStats, type ModuleType, type SurveyBasis } from '@carbon/shared';
import type { SqlRunner } from './db';
import { sqlName } from './registrySql';
import { extrapolateModuleStats, normalizeModuleStats } from './stats';

/** The survey modules of the registry. */
export const SURVEY_MODULES: readonly ModuleType[] = MODULE_TYPES.filter((m) => MODULES[m].extrapolated);

/** Survey bases by module type, per report. */
export type SurveyBases = Partial<Record<string, SurveyBasis>>;

// A named respondent counts the FTE of their member row; one no longer in the headcount, like an
// anonymous response, counts 1 FTE (docs/decisions.md, extrapolating a survey). Each figure is
// grouped once over all the reports, then joined to its (report, module) pair: the roll-up asks
// for every report of a year, so nothing here may scan the responses or the people per pair.
// The survey modules' ids go in as an array: joined to the modules instead, the planner expects a
// few hundred entries per module (the average over every module type) and reads the whole
// data_entries table to find a survey's few responses once it is asked for a hundred reports.
// The unit's FTE and head count are the headcount module's stored stats (the members' quantity is
// their FTE), as the report's own FTE is; a respondent's member row is found by the headcount's
// person number index, which the literal entry type and key below let the planner use. Reading
// every member row instead cost a 1,000-unit roll-up more than its whole budget.
const PEOPLE = peopleEntryType();
const PERSON_LINK = personLinkKey();
const SURVEY_BASES = `
  WITH surveys AS MATERIALIZED (
    SELECT id, carbon_report_id AS report_id, module_type FROM carbon_report_modules
     WHERE carbon_report_id = ANY($1::bigint[]) AND module_type = ANY($2::text[])
  ), responses AS (
    -- A response without a figure (no factor for its mode) stands for nobody: it is left out of
    -- the respondents as of their emissions, and counted apart.
    SELECT s.report_id, s.module_type, e.data ->> $3 AS person,
           NOT EXISTS (SELECT 1 FROM data_entry_emissions x WHERE x.data_entry_id = e.id AND x.kg_co2eq IS NULL) AS figured
      FROM data_entries e JOIN surveys s ON s.id = e.carbon_report_module_id
     WHERE e.carbon_report_module_id = ANY (ARRAY(SELECT id FROM surveys))
  ), headcount AS (
    SELECT carbon_report_id AS report_id, id AS module_id,
           coalesce((stats -> 'by_type' -> ${sqlName(PEOPLE.type)} ->> 'quantity')::float8, 0) AS unit_fte,
           coalesce((stats -> 'by_type' -> ${sqlName(PEOPLE.type)} ->> 'entries')::int, 0) AS unit_head_count
      FROM carbon_report_modules WHERE carbon_report_id = ANY($1::bigint[]) AND module_type = $4
  ), answered AS (
    SELECT report_id, module_type, count(*) AS responses, count(*) FILTER (WHERE NOT figured) AS without_figure,
           count(*) FILTER (WHERE person IS NULL AND figured) AS anonymous
      FROM responses GROUP BY report_id, module_type
  ), named AS (
    SELECT n.report_id, n.module_type, count(*) AS named, sum(coalesce(p.fte, 1)) AS named_fte
      FROM (SELECT DISTINCT report_id, module_type, person FROM responses WHERE person IS NOT NULL AND figured) n
      LEFT JOIN headcount h ON h.report_id = n.report_id
      LEFT JOIN LATERAL (
            SELECT coalesce((m.data ->> ${sqlName(PEOPLE.person.fteField)})::float8, 0) AS fte FROM data_entries m
             WHERE m.carbon_report_module_id = h.module_id AND m.data_entry_type = ${sqlName(PEOPLE.type)}
               AND m.data ->> ${sqlName(PEOPLE.person.numberField)} = n.person) p ON true
     GROUP BY n.report_id, n.module_type
  )
  SELECT rep.report_id, t.module_type,
         coalesce(a.responses, 0)::int AS responses,
         coalesce(a.without_figure, 0)::int AS without_figure,
         coalesce(a.anonymous, 0)::int AS anonymous,
         coalesce(n.named, 0)::int AS named,
         coalesce(n.named_fte, 0)::float8 AS named_fte,
         coalesce(h.unit_fte, 0)::float8 AS unit_fte,
         coalesce(h.unit_head_count, 0)::int AS unit_head_count
    FROM unnest($1::bigint[]) rep(report_id) CROSS JOIN unnest($2::text[]) t(module_type)
    LEFT JOIN answered a ON a.report_id = rep.report_id AND a.module_type = t.module_type
    LEFT JOIN named n ON n.report_id = rep.report_id AND n.module_type = t.module_type
    LEFT JOIN headcount h ON h.report_id = rep.report_id`;

interface BasisRow {
  report_id: string;
  module_type: string;
  responses: number;
  without_figure: number;
  anonymous: number;
  named: number;
  named_fte: number;
  unit_fte: number;
  unit_head_count: number;
}

/** The survey bases of these reports, by report id (every report and survey module present). */
export async function surveyBases(db: SqlRunner, reportIds: readonly number[]): Promise<Map<number, SurveyBases>> {
  const out = new Map<number, SurveyBases>(reportIds.map((id) => [id, {}]));
  if (!reportIds.length || !SURVEY_MODULES.length) return out;
  const { rows } = await db.query<BasisRow>(SURVEY_BASES, [reportIds, SURVEY_MODULES, PERSON_LINK, PEOPLE.module]);
  for (const r of rows) {
    out.get(Number(r.report_id))![r.module_type] = extrapolationFactor({
      responses: r.responses,
      without_figure: r.without_figure,
      anonymous: r.anonymous,
      respondents: r.named + r.anonymous,
      respondents_fte: r.named_fte + r.anonymous,
      unit_fte: r.unit_fte,
      unit_head_count: r.unit_head_count,
    });
  }
  return out;
}

/** A module's stored stats as shown: normalized, and extrapolated when it is a survey (one more
 * statement, for survey modules only). */
export async function moduleStatsAsShown(db: SqlRunner, reportId: number, moduleType: ModuleType, stored: Partial<ModuleStats> | null | undefined): Promise<ModuleStats> {
  const stats = normalizeModuleStats(stored, moduleType);
  if (!MODULES[moduleType].extrapolated) return stats;
  return extrapolateModuleStats(stats, (await surveyBases(db, [reportId])).get(reportId)?.[moduleType]);
}
