// One batch of CSV records → the rows to store, with Path 1's own pieces: the shared create
// schema, the traveler rule and location resolution. Each gives its field issues directly; they
// become the report's lines (line, column, reason) and the row is skipped. Anything else that
// goes wrong is a fault and fails the job.
import { coded, createSchema, reportYearIssues, type EntryData, type EntryTypeDef } from '@carbon/shared';
import type { FieldIssue } from '../../../core/errors';
import { checkInput } from '../../../core/validate';
import { compact, locateEntry } from '../../../domain/entries/prepare';
import { findMembers, linkTraveler, memberKey, type Member } from '../../../domain/entries/traveler';
import { letIoThrough, ROWS_PER_TURN } from '../shared';
import type { SqlRunner } from '../../../domain/db';
import type { CsvRow } from '../../csv/readCsv';
import { rowIssue, type RowIssue, type RowReport } from '../../csv/rowReport';
import { LocationBook } from '../shared/locationBook';
import { recordPayload, UNIT_COLUMN, type ColumnMap } from './columns';
import type { DecimalColumns } from './decimals';

export interface Target {
  unit_id: number;
  institutional_id: string;
  module_id: number;
  report_id: number;
  /** A survey module that takes anonymous responses: a row may name nobody. */
  anonymous_responses: boolean;
}

export interface IngestContext {
  db: SqlRunner;
  entryType: EntryTypeDef;
  year: number;
  columns: ColumnMap;
  /** The one target of a single-unit file; undefined for a file with a unit column. */
  single: Target | undefined;
  targetsByUnit: Map<string, Target>;
  /** Travel: the members looked up so far in this file, by `memberKey` (null: no member). */
  travelers: Map<string, Member | null> | undefined;
  /** Entry types that hold a person number at most once per module (`onePerPersonField`): the
   * field, and `${module_id}:${person number}` → the line that holds it ('module' when stored). */
  once: { field: string; seen: Map<string, number | 'module'> } | undefined;
  /** The decimal mark of each number column. */
  decimals: DecimalColumns;
  report: RowReport;
}

export interface PreparedRow {
  m: number;
  /** The entry's data as JSON text (insertEntries.sql explains why text). */
  d: string;
}

interface Candidate {
  line: number;
  target: Target;
  data: EntryData;
}

/** Field issues as report lines, added to `into`: the field's CSV column, the reason. One reason
 * per column: a bad date need not also be "out of range". */
function rowIssues(ctx: IngestContext, line: number, issues: FieldIssue[], level: RowIssue['level'] = 'error', into: RowIssue[] = []): RowIssue[] {
  for (const i of issues) {
    const column = (i.field && ctx.columns.columnOf.get(i.field)) ?? i.field ?? null;
    if (!into.some((x) => x.column === column)) into.push({ row: line, column, reason: i.message, code: i.code, params: i.params, level });
  }
  return into;
}

/** The batch's person numbers not met before in this file, looked up in one statement. */
async function lookUpTravelers(ctx: IngestContext, candidates: Candidate[]): Promise<void> {
  const t = ctx.entryType.traveler;
  if (!t || !ctx.travelers) return;
  const wanted = new Map<string, { reportId: number; personNumber: number }>();
  for (const c of candidates) {
    const personNumber = c.data[t.idField];
    if (typeof personNumber !== 'number') continue;
    const key = memberKey(c.target.report_id, personNumber);
    if (!ctx.travelers.has(key)) wanted.set(key, { reportId: c.target.report_id, personNumber });
  }
  const found = await findMembers(ctx.db, [...wanted.values()]);
  for (const key of wanted.keys()) ctx.travelers.set(key, found.get(key) ?? null);
}

/** What the lookup found for a candidate's person number; undefined without one. */
function memberOf(ctx: IngestContext, c: Candidate): Member | null | undefined {
  const t = ctx.entryType.traveler;
  const personNumber = t ? c.data[t.idField] : undefined;
  if (typeof personNumber !== 'number') return undefined;
  return ctx.travelers?.get(memberKey(c.target.report_id, personNumber)) ?? null;
}

export { LocationBook };

/** The field of a person number that a module holds at most once: the people's own number (a
 * headcount), or the respondent's of a one-per-person type (a survey); undefined for others. */
export function onePerPersonField(entryType: EntryTypeDef): string | undefined {
  return entryType.person?.numberField ?? (entryType.onePerPerson ? entryType.traveler?.idField : undefined);
}

/** Where a row's person number (as the row holds it: a member's is text, a respondent's a
 * number) is already: in the module or on an earlier line; the issue says so. */
function takenIssue(ctx: IngestContext, line: number, personNumber: string | number, seen: number | 'module'): RowIssue {
  const field = ctx.once!.field;
  const column = ctx.columns.columnOf.get(field) ?? field;
  if (seen !== 'module') return rowIssue(line, column, `person number ${personNumber} already appears on line ${seen} of this file`, coded('person_number_in_file', { personNumber, line: seen }));
  if (ctx.entryType.person) return rowIssue(line, column, `person number ${personNumber} is already in this headcount`, coded('person_number_taken', { personNumber }));
  return rowIssue(line, column, `person number ${personNumber} already answered for this year; edit that response instead`, coded('response_exists', { personNumber: Number(personNumber) }));
}

/** A row skipped after its person number was noted frees it for a later line. */
function release(ctx: IngestContext, c: Candidate): void {
  if (ctx.once) ctx.once.seen.delete(`${c.target.module_id}:${String(c.data[ctx.once.field])}`);
}

export async function prepareBatch(ctx: IngestContext, records: CsvRow[], locations: LocationBook): Promise<PreparedRow[]> {
  const { entryType, report } = ctx;
  const schema = createSchema(entryType);
  const skipped: RowIssue[][] = [];
  const candidates: Candidate[] = [];
  for (const [i, rec] of records.entries()) {
    if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await letIoThrough();
    report.rows++;
    const { payload, unit, extra, refused } = recordPayload(ctx.columns, rec.fields, ctx.decimals);
    const issues: RowIssue[] = refused.map((r) => rowIssue(rec.line, ctx.columns.columnOf.get(r.field) ?? r.field, r.reason, r.coded));
    if (extra) issues.push(rowIssue(rec.line, null, `has ${extra} value${extra > 1 ? 's' : ''} beyond the columns of the header`, coded('extra_values', { count: extra })));
    let target = ctx.single;
    if (!target) {
      if (!unit) issues.push(rowIssue(rec.line, UNIT_COLUMN, 'is required', coded('required')));
      else if (!(target = ctx.targetsByUnit.get(unit))) {
        issues.push(rowIssue(rec.line, UNIT_COLUMN, `unit ${unit} is unknown or has no carbon report for ${ctx.year}`, coded('unit_unknown_for_year', { unit, year: ctx.year })));
      }
    }
    const checked = checkInput(schema, payload);
    if (!checked.ok) rowIssues(ctx, rec.line, checked.issues, 'error', issues);
    else rowIssues(ctx, rec.line, reportYearIssues(entryType, checked.data as EntryData, ctx.year), 'error', issues);
    if (issues.length || !target || !checked.ok || refused.length) {
      skipped.push(issues);
      continue;
    }
    const data = compact({ ...(checked.data as EntryData) });
    // A row naming nobody (an anonymous response) is not concerned.
    const personNumber = ctx.once ? (data[ctx.once.field] as string | number | undefined) : undefined;
    if (personNumber !== undefined) {
      const key = `${target.module_id}:${String(personNumber)}`;
      const seen = ctx.once!.seen.get(key);
      if (seen !== undefined) {
        skipped.push([takenIssue(ctx, rec.line, personNumber, seen)]);
        continue;
      }
      ctx.once!.seen.set(key, rec.line);
    }
    candidates.push({ line: rec.line, target, data });
  }

  await lookUpTravelers(ctx, candidates);
  const linked: Candidate[] = [];
  for (const c of candidates) {
    const problem = linkTraveler(entryType, c.data, memberOf(ctx, c), ctx.year, c.target.anonymous_responses);
    // An unknown person number: a valid row that cannot be used, skipped with a warning and
    // never stored unlinked.
    if (problem) {
      skipped.push(rowIssues(ctx, c.line, problem.error.issues, problem.kind === 'unknown' ? 'warning' : 'error'));
      release(ctx, c);
    } else linked.push(c);
  }

  await locations.prime(ctx.db, entryType, linked.map((c) => c.data));
  const out: PreparedRow[] = [];
  for (const [i, c] of linked.entries()) {
    if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await letIoThrough();
    const { issues } = locateEntry(entryType, c.data, locations.lookup);
    if (issues.length) {
      skipped.push(rowIssues(ctx, c.line, issues));
      release(ctx, c);
      continue;
    }
    out.push({ m: c.target.module_id, d: JSON.stringify(c.data) });
  }
  // In the file's order, whichever step refused them.
  skipped.sort((a, b) => a[0]!.row - b[0]!.row);
  for (const issues of skipped) report.skip(issues);
  report.stored += out.length;
  return out;
}
