// One batch of CSV records → the rows to store, with Path 1's own pieces: the shared create
// schema, traveler linking and location resolution. Whatever makes a row unusable is reported
// (line, column, reason) and the row is skipped.
import { createSchema, type EntryData, type EntryTypeDef } from '@carbon/shared';
import { HttpError } from '../../../http/errors';
import { compact, linkTraveler, resolveEntryLocations, travelerNotFoundDetail } from '../../../domain/entries/prepare';
import { asQueryable, letIoThrough, ROWS_PER_TURN } from '../shared';
import type { SqlRunner } from '../../../domain/db';
import type { CsvRow } from '../../csv/readCsv';
import type { RowIssue, RowReport } from '../../csv/rowReport';
import { LocationBook } from '../shared/locationBook';
import { recordPayload, UNIT_COLUMN, type ColumnMap } from './columns';

export interface Target {
  unit_id: number;
  institutional_id: string;
  module_id: number;
}

export interface IngestContext {
  db: SqlRunner;
  entryType: EntryTypeDef;
  year: number;
  columns: ColumnMap;
  /** The one target of a single-unit file; undefined for a file with a unit column. */
  single: Target | undefined;
  targetsByUnit: Map<string, Target>;
  /** Travel: `${unit_id}:${person_number}` → member name. */
  travelers: Map<string, string> | undefined;
  /** People (headcount): `${module_id}:${person_number}` → line that holds it ('module' when stored). */
  members: Map<string, number | 'module'> | undefined;
  report: RowReport;
}

export interface PreparedRow {
  m: number;
  d: EntryData;
}

function httpIssues(err: unknown, line: number, ctx: IngestContext): RowIssue[] {
  if (!(err instanceof HttpError) || err.status >= 500) throw err;
  const list = err.errors?.length ? err.errors : [{ field: undefined, message: err.detail }];
  return list.map((e) => ({ row: line, column: (e.field && ctx.columns.columnOf.get(e.field)) ?? e.field ?? null, reason: e.message, level: 'error' as const }));
}

export { LocationBook };

export async function prepareBatch(ctx: IngestContext, records: CsvRow[], locations: LocationBook): Promise<PreparedRow[]> {
  const { entryType, report } = ctx;
  const schema = createSchema(entryType);
  const candidates: { line: number; target: Target; data: EntryData }[] = [];
  for (const [i, rec] of records.entries()) {
    if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await letIoThrough();
    report.rows++;
    const { payload, unit, extra } = recordPayload(ctx.columns, rec.fields);
    const issues: RowIssue[] = [];
    if (extra) issues.push({ row: rec.line, column: null, reason: `has ${extra} value${extra > 1 ? 's' : ''} beyond the columns of the header`, level: 'error' });
    let target = ctx.single;
    if (!target) {
      if (!unit) issues.push({ row: rec.line, column: UNIT_COLUMN, reason: 'is required', level: 'error' });
      else if (!(target = ctx.targetsByUnit.get(unit))) {
        issues.push({ row: rec.line, column: UNIT_COLUMN, reason: `unit ${unit} is unknown or has no carbon report for ${ctx.year}`, level: 'error' });
      }
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      for (const i of parsed.error.issues) {
        const field = i.path.length ? String(i.path[0]) : undefined;
        const column = (field && ctx.columns.columnOf.get(field)) ?? field ?? null;
        // The first reason per column: a bad date need not also be "out of range".
        if (!issues.some((x) => x.column === column)) issues.push({ row: rec.line, column, reason: i.message, level: 'error' });
      }
    }
    if (issues.length || !target || !parsed.success) {
      report.skip(issues);
      continue;
    }
    const data = compact({ ...(parsed.data as EntryData) });
    const t = entryType.traveler;
    if (t && ctx.travelers) {
      const personNumber = data[t.idField];
      try {
        if (typeof personNumber === 'number') {
          const name = ctx.travelers.get(`${target.unit_id}:${personNumber}`);
          if (name === undefined) {
            // Spec: skipped with a warning, never stored unlinked.
            report.skip([{ row: rec.line, column: ctx.columns.columnOf.get(t.idField) ?? t.idField, reason: travelerNotFoundDetail(personNumber, ctx.year), level: 'warning' }]);
            continue;
          }
          linkTraveler(entryType, data, { name }, ctx.year);
        } else {
          linkTraveler(entryType, data, undefined, ctx.year);
        }
      } catch (err) {
        report.skip(httpIssues(err, rec.line, ctx));
        continue;
      }
    }
    if (ctx.members && entryType.person) {
      const numberField = entryType.person.numberField;
      const key = `${target.module_id}:${String(data[numberField])}`;
      const seen = ctx.members.get(key);
      if (seen !== undefined) {
        const column = ctx.columns.columnOf.get(numberField) ?? numberField;
        const where = seen === 'module' ? 'is already in this headcount' : `already appears on line ${seen} of this file`;
        report.skip([{ row: rec.line, column, reason: `person number ${String(data[numberField])} ${where}`, level: 'error' }]);
        continue;
      }
      ctx.members.set(key, rec.line);
    }
    candidates.push({ line: rec.line, target, data });
  }

  await locations.prime(ctx.db, entryType, candidates.map((c) => c.data));
  const out: PreparedRow[] = [];
  for (const [i, c] of candidates.entries()) {
    if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await letIoThrough();
    try {
      await resolveEntryLocations(asQueryable(ctx.db), entryType, c.data, locations.resolver);
    } catch (err) {
      report.skip(httpIssues(err, c.line, ctx));
      // A member skipped here frees its person number for a later line.
      if (ctx.members && entryType.person) ctx.members.delete(`${c.target.module_id}:${String(c.data[entryType.person.numberField])}`);
      continue;
    }
    out.push({ m: c.target.module_id, d: c.data });
  }
  report.stored += out.length;
  return out;
}
