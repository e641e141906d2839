// factor_ingest (Path 2): a factor CSV of one factor set and year — the set's classification keys,
// its value columns, optionally the uncertainty, edition and boundary its source states, and a
// source (read by ../../csv/factorFile.ts) — upserted in place
// on the factor identity (ids survive; key order of the classification is irrelevant), each factor
// stamped with this job. Factors missing from the file keep their rows and show as "not in the
// latest CSV"; nothing deletes them. Writes `factors` only. When it does not end in ERROR and some
// factor is new or changed, it chains, in its own transaction and pipeline, one emission_recalc per
// data entry type that uses the set (the stale types, in whichever module they are); an ERROR rolls
// back and creates nothing.
import { coded, entryTypesUsingSet, jobFailure } from '@carbon/shared';
import { PermanentJobError, type JobContext, type JobHandler, type JobOutcome } from '../../types';
import { openCsvUpload } from '../../csv/readCsv';
import { rowIssue, RowReport } from '../../csv/rowReport';
import { checkFactorHeader, classificationKey, parseFactorRow, type ParsedFactor } from '../../csv/factorFile';
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

export const factorIngestHandler: JobHandler = {
  type: FACTOR_INGEST,
  writes: ['factors'],
  timeoutMs: 5 * 60_000,
  next: [EMISSION_RECALC],
  async run(ctx): Promise<JobOutcome> {
    const { job, db } = ctx;
    const set = factorSetOfJob(job);
    const uploadId = job.payload.upload_id;
    if (job.year === null || typeof uploadId !== 'number') throw new PermanentJobError('A factor ingest needs a year and an upload.');
    const file = await openCsvUpload(db, uploadId, { signal: ctx.signal });
    const header = checkFactorHeader(set, file.header);
    if ('problem' in header) throw header.problem;
    const { names } = header;
    const report = new RowReport();
    const seen = new Map<string, number>();
    const factors: ParsedFactor[] = [];
    for await (const batch of file.batches) {
      for (const rec of batch) {
        report.rows++;
        const { factor, issues } = parseFactorRow(set, names, rec.fields, rec.line);
        if (!factor) {
          report.skip(issues);
          continue;
        }
        const key = classificationKey(factor.classification);
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
      throw new PermanentJobError(
        `No factor was imported: ${report.rows ? `none of the ${report.rows} rows is valid (see the report)` : 'the file has a header but no rows'}.`,
        summary,
        report.rows ? jobFailure('nothing_imported_invalid', { rows: report.rows }) : jobFailure('nothing_imported_no_rows'),
      );
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
