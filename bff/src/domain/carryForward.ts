// Carrying rows forward: a new year's report starts from the rows of the unit's latest earlier
// report that last from one year to the next (entry types with `carryForward` in the registry:
// the headcount, a building's supplies, devices within their lifetime). What is read here is what
// the use case shows for review and then hands to the CSV pipeline as a file per entry type.
import { dataCsvLine, DATA_ENTRY_TYPES, ENTRY_TYPES, entryColumns, type EntryData, type EntryTypeDef, type FactorRow } from '@carbon/shared';
import type { SqlRunner } from './db';

/** The entry types whose rows may be carried forward into a report holding `modules`, in
 * registration order. */
export const carriedTypes = (modules: readonly string[]): EntryTypeDef[] =>
  DATA_ENTRY_TYPES.map((t) => ENTRY_TYPES[t]!).filter((t) => t.carryForward && modules.includes(t.module));

export interface CarryReport {
  id: number;
  unit_id: number;
  year: number;
  /** The unit's latest report before this one, if any. */
  from_year: number | null;
  /** The modules the report holds: only their rows can be carried into it. */
  modules: string[];
}

/** The report and the year it would carry rows from; undefined: no such report. */
export async function carryReport(db: SqlRunner, reportId: number): Promise<CarryReport | undefined> {
  const { rows } = await db.query<CarryReport>(
    `SELECT r.id, r.unit_id, r.year,
            (SELECT max(p.year) FROM carbon_reports p WHERE p.unit_id = r.unit_id AND p.year < r.year) AS from_year,
            ARRAY(SELECT m.module_type FROM carbon_report_modules m WHERE m.carbon_report_id = r.id) AS modules
       FROM carbon_reports r WHERE r.id = $1`,
    [reportId],
  );
  return rows[0];
}

/** The rows of `types` in the unit's report of `year`, by entry type, in the order they were stored. */
export async function rowsOfYear(db: SqlRunner, unitId: number, year: number, types: readonly string[]): Promise<Map<string, EntryData[]>> {
  const { rows } = await db.query<{ data_entry_type: string; data: EntryData }>(
    `SELECT e.data_entry_type, e.data
       FROM carbon_reports r JOIN carbon_report_modules m ON m.carbon_report_id = r.id
       JOIN data_entries e ON e.carbon_report_module_id = m.id
      WHERE r.unit_id = $1 AND r.year = $2 AND e.data_entry_type = ANY ($3::text[])
      ORDER BY e.id`,
    [unitId, year, types],
  );
  const byType = new Map<string, EntryData[]>(types.map((t) => [t, []]));
  for (const r of rows) byType.get(r.data_entry_type)!.push(r.data);
  return byType;
}

/** How many rows of each of `types` the report holds already. */
export async function rowCounts(db: SqlRunner, reportId: number, types: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await db.query<{ data_entry_type: string; n: number }>(
    `SELECT e.data_entry_type, count(*)::int AS n
       FROM carbon_report_modules m JOIN data_entries e ON e.carbon_report_module_id = m.id
      WHERE m.carbon_report_id = $1 AND e.data_entry_type = ANY ($2::text[])
      GROUP BY e.data_entry_type`,
    [reportId, types],
  );
  return new Map(rows.map((r) => [r.data_entry_type, r.n]));
}

/** The rows of the entry types' own factor sets for `year` (a device's lifetime), by set: per
 * classification its row of that year, else of the latest year before (a year past the library's
 * last still knows a laptop's lifetime). */
export async function ownFactors(db: SqlRunner, year: number, types: readonly string[]): Promise<Map<string, FactorRow[]>> {
  const { rows } = await db.query<FactorRow & { data_entry_type: string }>(
    `SELECT DISTINCT ON (data_entry_type, classification) id, data_entry_type, classification, "values"
       FROM factors WHERE year <= $1 AND data_entry_type = ANY ($2::text[])
      ORDER BY data_entry_type, classification, year DESC`,
    [year, types],
  );
  const bySet = new Map<string, FactorRow[]>(types.map((t) => [t, []]));
  for (const { data_entry_type, ...row } of rows) bySet.get(data_entry_type)!.push(row);
  return bySet;
}

/** The rows of an entry type that still belong to `toYear`, and those left behind. */
export function splitKept(t: EntryTypeDef, rows: readonly EntryData[], toYear: number, factors: readonly FactorRow[]): { kept: EntryData[]; left: number } {
  const keeps = t.carryForward?.keeps;
  const kept = keeps ? rows.filter((data) => keeps({ data, toYear, factors })) : [...rows];
  return { kept, left: rows.length - kept.length };
}

/** Rows as a CSV file of the entry type (its columns, no unit column): what an upload of them
 * would be. Derived fields (a traveler's name) are left to the pipeline, as in any upload. */
export function rowsCsv(t: EntryTypeDef, rows: readonly EntryData[]): string {
  const cell = (v: unknown) => (v === undefined || v === null ? null : typeof v === 'object' ? JSON.stringify(v) : (v as string | number | boolean));
  return dataCsvLine(entryColumns(t, false)) + rows.map((data) => dataCsvLine(t.csvColumns.map((c) => cell(data[c.field])))).join('');
}
