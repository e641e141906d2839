// factor_ingest (Path 2): a factor CSV of one factor set and year — the set's classification keys,
// its value columns, optionally the uncertainty its source states, and a source — upserted in place
// on the factor identity (ids survive; key order of the classification is irrelevant), each factor
// stamped with this job. Factors missing from the file keep their rows and show as "not in the
// latest CSV"; nothing deletes them. Writes `factors` only. When it does not end in ERROR and some
// factor is new or changed, it chains, in its own transaction and pipeline, one emission_recalc per
// data entry type that uses the set (the stale types, in whichever module they are); an ERROR rolls
// back and creates nothing.
import { coded, entryTypesUsingSet, FACTOR_SOURCE_COLUMN, FACTOR_UNCERTAINTY_COLUMN, factorColumns, requiredFactorColumns, type FactorSetDef } from '@carbon/shared';
import { PermanentJobError, type JobContext, type JobHandler, type JobOutcome } from '../../types';
import { openCsvUpload } from '../../csv/readCsv';
import { rowIssue, RowReport, type RowIssue } from '../../csv/rowReport';
import { EMISSION_RECALC } from '../emissionRecalc';
import { factorSetOfJob } from '../shared';
import * as q from './sql';

export const FACTOR_INGEST = 'factor_ingest';

/**
 * Chains, in the job's transaction and pipeline, one emission_recalc over every unit for `year`
 * per entry type that reads one of `sets` (in whichever module): their emissions are stale once a
 * factor of these sets appeared or changed value. Returns the chained jobs' ids.
 */
export async function chainRecalculations(ctx: JobContext, sets: readonly string[], year: number): Promise<number[]> {
  const types = [...new Set(sets.flatMap((s) => entryTypesUsingSet(s)))];
  const ids: number[] = [];
  for (const type of types) {
    const child = await ctx.chain({
      job_type: EMISSION_RECALC,
      entity_type: 'MODULE_PER_YEAR',
      target: 'DATA_ENTRIES',
      module_type: type.module,
      data_entry_type: type.type,
      unit_id: null,
      year,
      payload: { reason: 'factors' },
    });
    ids.push(child.id);
  }
  return ids;
}

interface FactorRow {
  classification: Record<string, string>;
  values: Record<string, number>;
  /** null: the file has no value for it (blank cell, or no column): none published. */
  uncertainty_pct: number | null;
  source: string;
}

function checkHeader(set: FactorSetDef, header: string[]): string[] {
  const names = header.map((h) => h.trim().toLowerCase());
  const expected = factorColumns(set);
  const missing = requiredFactorColumns(set).filter((c) => !names.includes(c));
  const unknown = names.filter((n) => n !== '' && !expected.includes(n));
  const duplicated = [...new Set(names.filter((n, i) => n !== '' && names.indexOf(n) !== i))];
  if (missing.length || unknown.length || duplicated.length) {
    const parts = [
      missing.length ? `missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}` : '',
      unknown.length ? `unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}` : '',
      duplicated.length ? `repeated column${duplicated.length > 1 ? 's' : ''}: ${duplicated.join(', ')}` : '',
    ].filter(Boolean);
    throw new PermanentJobError(`The header of this ${set.name} factor file is wrong: ${parts.join('; ')}. Expected columns: ${expected.join(', ')} (${FACTOR_UNCERTAINTY_COLUMN} may be left out).`, {
      header,
      missing,
      unknown,
      duplicated,
      expected,
    });
  }
  return names;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function parseFactor(set: FactorSetDef, names: string[], fields: string[], line: number): { factor?: FactorRow; issues: RowIssue[] } {
  const cell = (column: string) => (fields[names.indexOf(column)] ?? '').trim();
  const issues: RowIssue[] = [];
  const classification: Record<string, string> = {};
  for (const key of set.keys) {
    const v = cell(key);
    const options = set.options[key];
    const form = set.patterns?.[key];
    if (!v) issues.push(rowIssue(line, key, 'is required', coded('required')));
    else if (v.length > 100) issues.push(rowIssue(line, key, 'must be at most 100 characters', coded('text_too_long', { maximum: 100 })));
    else if (options && !options.includes(v)) issues.push(rowIssue(line, key, `must be one of: ${options.join(', ')}`, coded('not_one_of', { options: options.join(', ') })));
    else if (form && !form.pattern.test(v)) issues.push(rowIssue(line, key, form.hint, coded('invalid_format')));
    else classification[key] = v;
  }
  const values: Record<string, number> = {};
  const optional = new Set(set.optionalValues);
  for (const key of [...set.values, ...optional]) {
    const raw = cell(key).replace(/^([+-]?\d+),(\d+)$/, '$1.$2');
    const v = Number(raw);
    if (!raw && optional.has(key)) continue;
    if (!raw) issues.push(rowIssue(line, key, 'is required', coded('required')));
    else if (!NUMBER.test(raw) || !Number.isFinite(v) || v < 0) issues.push(rowIssue(line, key, 'must be a number of at least 0', coded('number_at_least_zero')));
    else values[key] = v;
  }
  // A percentage as the source states it: "70" for ±70 %, blank when it states none.
  const rawUncertainty = cell(FACTOR_UNCERTAINTY_COLUMN).replace(/^([+-]?\d+),(\d+)$/, '$1.$2');
  const uncertainty = Number(rawUncertainty);
  if (rawUncertainty && (!NUMBER.test(rawUncertainty) || !Number.isFinite(uncertainty) || uncertainty < 0)) {
    issues.push(rowIssue(line, FACTOR_UNCERTAINTY_COLUMN, 'must be a percentage of at least 0, without the % sign (70 for ±70 %), or blank when the source states none', coded('uncertainty_percentage')));
  }
  const source = cell(FACTOR_SOURCE_COLUMN);
  if (!source) issues.push(rowIssue(line, FACTOR_SOURCE_COLUMN, 'is required (where the value comes from)', coded('source_required')));
  else if (source.length > 500) issues.push(rowIssue(line, FACTOR_SOURCE_COLUMN, 'must be at most 500 characters', coded('text_too_long', { maximum: 500 })));
  return issues.length ? { issues } : { factor: { classification, values, uncertainty_pct: rawUncertainty ? uncertainty : null, source }, issues };
}

export const factorIngestHandler: JobHandler = {
  type: FACTOR_INGEST,
  writes: ['factors'],
  timeoutMs: 5 * 60_000,
  async run(ctx): Promise<JobOutcome> {
    const { job, db } = ctx;
    const set = factorSetOfJob(job);
    const uploadId = job.payload.upload_id;
    if (job.year === null || typeof uploadId !== 'number') throw new PermanentJobError('A factor ingest needs a year and an upload.');
    const file = await openCsvUpload(db, uploadId, { signal: ctx.signal });
    const names = checkHeader(set, file.header);
    const report = new RowReport();
    // Key order of the classification does not matter, here as in the database.
    const identity = (c: Record<string, string>) => JSON.stringify(Object.keys(c).sort().map((k) => [k, c[k]]));
    const seen = new Map<string, number>();
    const factors: FactorRow[] = [];
    for await (const batch of file.batches) {
      for (const rec of batch) {
        report.rows++;
        const { factor, issues } = parseFactor(set, names, rec.fields, rec.line);
        if (!factor) {
          report.skip(issues);
          continue;
        }
        const key = identity(factor.classification);
        const first = seen.get(key);
        if (first !== undefined) {
          report.skip([rowIssue(rec.line, null, `the same classification is already on line ${first}`, coded('duplicate_classification', { line: first }))]);
          continue;
        }
        seen.set(key, rec.line);
        factors.push(factor);
      }
      await ctx.progress({ phase: 'reading', done: report.rows, total: report.rows });
    }
    report.stored = factors.length;
    const summary = { upload_id: uploadId, ...report.toJSON() };
    if (!factors.length) {
      throw new PermanentJobError(`No factor was imported: ${report.rows ? `none of the ${report.rows} rows is valid (see the report)` : 'the file has a header but no rows'}.`, summary);
    }
    const { rows } = await q.upsertFactors(db, { factorSet: set.name, year: job.year, jobId: job.id, factors: JSON.stringify(factors) });
    const inserted = rows.filter((r) => r.inserted).length;
    const changed = rows.filter((r) => r.values_changed).length;
    await ctx.progress({ phase: 'stored', done: factors.length, total: factors.length });

    // The emissions of the year of every type using the set are stale when a factor appeared or
    // changed value.
    const recalcs = inserted + changed > 0 ? await chainRecalculations(ctx, [set.name], job.year) : [];
    const skipped = report.skipped;
    return {
      result: skipped ? 'WARNING' : 'SUCCESS',
      message: `${factors.length} factors (${inserted} new, ${changed} changed)` + (skipped ? `, ${skipped} rows skipped` : '') + (recalcs.length ? '; emissions recalculated' : '; emissions are current'),
      report: { ...summary, inserted, changed, unchanged: factors.length - inserted - changed, recalculation_jobs: recalcs },
    };
  },
};
