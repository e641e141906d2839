// The basis of each survey module's extrapolation (registry `extrapolated`), for many reports in
// one statement: its responses, the people who answered and their FTE, and the unit's headcount
// that year. shared/src/modules/extrapolation.ts turns it into the multiplier; stats.ts applies it.
import { extrapolationFactor, MODULE_TYPES, MODULES, peopleEntryType, personLinkedEntryTypes, type ModuleStats, type ModuleType, type SurveyBasis } from '@carbon/shared';
import type { SqlRunner } from './db';
import { extrapolateModuleStats, normalizeModuleStats } from './stats';

/** The survey modules of the registry. */
export const SURVEY_MODULES: readonly ModuleType[] = MODULE_TYPES.filter((m) => MODULES[m].extrapolated);

/** Survey bases by module type, per report. */
export type SurveyBases = Partial<Record<string, SurveyBasis>>;

// A named respondent counts the FTE of their member row; one no longer in the headcount, like an
// anonymous response, counts 1 FTE (docs/decisions.md, extrapolating a survey).
const SURVEY_BASES = `
  WITH responses AS (
    SELECT m.carbon_report_id AS report_id, m.module_type, e.data ->> $3 AS person
      FROM carbon_report_modules m JOIN data_entries e ON e.carbon_report_module_id = m.id
     WHERE m.carbon_report_id = ANY($1::bigint[]) AND m.module_type = ANY($2::text[])
  ), people AS (
    SELECT hm.carbon_report_id AS report_id, p.data ->> $6 AS person, coalesce((p.data ->> $7)::float8, 0) AS fte
      FROM carbon_report_modules hm JOIN data_entries p ON p.carbon_report_module_id = hm.id
     WHERE hm.carbon_report_id = ANY($1::bigint[]) AND hm.module_type = $4 AND p.data_entry_type = $5
  ), named AS (
    SELECT DISTINCT r.report_id, r.module_type, r.person FROM responses r WHERE r.person IS NOT NULL
  )
  SELECT rep.report_id, t.module_type,
         (SELECT count(*) FROM responses r WHERE r.report_id = rep.report_id AND r.module_type = t.module_type)::int AS responses,
         (SELECT count(*) FROM responses r WHERE r.report_id = rep.report_id AND r.module_type = t.module_type AND r.person IS NULL)::int AS anonymous,
         (SELECT count(*) FROM named n WHERE n.report_id = rep.report_id AND n.module_type = t.module_type)::int AS named,
         (SELECT coalesce(sum(coalesce(p.fte, 1)), 0) FROM named n LEFT JOIN people p ON p.report_id = n.report_id AND p.person = n.person
           WHERE n.report_id = rep.report_id AND n.module_type = t.module_type)::float8 AS named_fte,
         (SELECT coalesce(sum(p.fte), 0) FROM people p WHERE p.report_id = rep.report_id)::float8 AS unit_fte,
         (SELECT count(*) FROM people p WHERE p.report_id = rep.report_id)::int AS unit_head_count
    FROM unnest($1::bigint[]) rep(report_id) CROSS JOIN unnest($2::text[]) t(module_type)`;

interface BasisRow {
  report_id: string;
  module_type: string;
  responses: number;
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
  const people = peopleEntryType();
  const link = personLinkedEntryTypes()[0]?.traveler?.idField ?? people.person.numberField;
  const { rows } = await db.query<BasisRow>(SURVEY_BASES, [reportIds, SURVEY_MODULES, link, people.module, people.type, people.person.numberField, people.person.fteField]);
  for (const r of rows) {
    out.get(Number(r.report_id))![r.module_type] = extrapolationFactor({
      responses: r.responses,
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
