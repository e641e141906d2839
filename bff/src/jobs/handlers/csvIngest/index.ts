// csv_ingest (Path 2): one uploaded CSV of one data entry type → data_entries, in the
// job's one domain transaction, then the linear chain csv_ingest → emission_recalc → aggregation.
// Rows are validated with Path 1's schema, traveler rule and location resolution; invalid
// rows are skipped and reported. A file with no usable row (or one that is not a readable CSV)
// ends in ERROR and writes nothing.
import { DECIMAL_MARKS, jobFailure, type DecimalMark, type EntryTypeDef } from '@carbon/shared';
import { PermanentJobError, type JobContext, type JobHandler, type JobOutcome } from '../../types';
import { openCsvUpload } from '../../csv/readCsv';
import { RowReport } from '../../csv/rowReport';
import { EMISSION_RECALC } from '../emissionRecalc';
import { entryTypeOfJob } from '../shared';
import { mapHeader } from './columns';
import { DecimalColumns } from './decimals';
import type { Member } from '../../../domain/entries/traveler';
import { LocationBook, onePerPersonField, prepareBatch, type IngestContext, type PreparedRow } from './prepareRows';
import * as q from './sql';
import { writeAudit } from '../../../domain/audit';

export const CSV_INGEST = 'csv_ingest';
export const INGEST_MODES = ['append', 'replace'] as const;
export type IngestMode = (typeof INGEST_MODES)[number];

/** Rows per INSERT: large enough to amortise the round trip, small enough to stream. */
const INSERT_BATCH = 5000;

export interface CsvIngestPayload {
  upload_id: number;
  mode: IngestMode;
  /** The decimal mark the upload declares for every number column; without it each column's
   * own numbers tell (decimals.ts). */
  decimal?: DecimalMark;
}

async function loadContext(ctx: JobContext, entryType: EntryTypeDef, header: string[], mode: IngestMode, decimal: unknown, report: RowReport): Promise<IngestContext> {
  const { job, db } = ctx;
  const year = job.year!;
  const targets = (await q.loadTargets(db, { year, moduleType: entryType.module, unitId: job.unit_id })).rows;
  const single = job.unit_id === null ? undefined : targets[0];
  if (job.unit_id !== null && !single) throw new PermanentJobError(`Unit ${job.unit_id} has no ${entryType.module} module for ${year}.`);
  const columns = mapHeader(entryType, header, job.unit_id === null);

  // Travel: each batch looks up the person numbers it brings (prepareRows.ts).
  const travelers = entryType.traveler ? new Map<string, Member | null>() : undefined;
  // People (a headcount) and survey responses: a person number at most once per module.
  const numberField = onePerPersonField(entryType);
  let once: IngestContext['once'];
  if (numberField) {
    const { rows } = await q.existingPersonNumbers(db, {
      moduleIds: targets.map((t) => t.module_id),
      replacing: mode === 'replace',
      entryType: entryType.type,
      numberField,
    });
    once = { field: numberField, seen: new Map(rows.map((r) => [`${r.module_id}:${r.person_number}`, 'module' as const])) };
  }
  const decimals = new DecimalColumns(columns, DECIMAL_MARKS.find((m) => m === decimal));
  return { db, entryType, year, columns, single, targetsByUnit: new Map(targets.map((t) => [t.institutional_id, t])), travelers, once, decimals, report };
}

/** What the job did, in a line: in replace mode how many earlier rows went and how many came. */
function resultMessage(mode: IngestMode, report: RowReport, replaced: number): string {
  const skipped = report.skipped ? `, ${report.skipped} skipped` : '';
  if (mode === 'replace') return `${replaced} earlier CSV rows removed, ${report.stored} of ${report.rows} rows added${skipped}`;
  return `${report.stored} of ${report.rows} rows imported${skipped}`;
}

export const csvIngestHandler: JobHandler = {
  type: CSV_INGEST,
  // data_entries only. In replace mode the replaced rows' emissions leave with them through the
  // foreign key's ON DELETE CASCADE, which PostgreSQL counts as deletes on
  // data_entry_emissions; this handler never inserts or updates an emission.
  // audit_log: the line saying what the file did, committed with the rows it stored.
  writes: ['data_entries', 'data_entry_emissions', 'audit_log'],
  timeoutMs: 20 * 60_000,
  next: [EMISSION_RECALC],
  async run(ctx): Promise<JobOutcome> {
    const { job, db } = ctx;
    const entryType = entryTypeOfJob(job);
    const payload = job.payload as Partial<CsvIngestPayload>;
    if (job.year === null || typeof payload.upload_id !== 'number') throw new PermanentJobError('A CSV ingest needs a year and an upload.');
    const mode: IngestMode = payload.mode === 'replace' ? 'replace' : 'append';
    let bytesDone = 0;
    let bytesTotal = 0;
    const progress = (phase: string) => ctx.progress({ phase, done: bytesDone, total: bytesTotal });

    const file = await openCsvUpload(db, payload.upload_id, {
      signal: ctx.signal,
      onBytes: (done, total) => ((bytesDone = done), (bytesTotal = total)),
    });
    bytesTotal = file.bytes;
    await progress('reading');
    const report = new RowReport();
    const ic = await loadContext(ctx, entryType, file.header, mode, payload.decimal, report);
    const locations = new LocationBook();

    // Replace mode clears a module's earlier CSV rows before its first new row goes in (a
    // headcount's person numbers must be free again).
    const cleared = new Set<number>();
    let replaced = 0;
    const clear = async (moduleIds: number[]) => {
      const fresh = [...new Set(moduleIds)].filter((m) => !cleared.has(m));
      if (mode !== 'replace' || !fresh.length) return;
      fresh.forEach((m) => cleared.add(m));
      replaced += (await q.deleteCsvEntries(db, { moduleIds: fresh, entryType: entryType.type })).rowCount ?? 0;
    };
    if (ic.single) await clear([ic.single.module_id]);

    // One INSERT in flight while the next batch is parsed and validated.
    let pending: Promise<unknown> = Promise.resolve();
    let buffer: PreparedRow[] = [];
    const touched = new Set<number>();
    const flush = async () => {
      const rows = buffer;
      buffer = [];
      const modules = new Set<number>();
      for (const r of rows) modules.add(r.m);
      // As text before waiting for the previous insert: the rows' objects die young instead of
      // outliving a scavenge while the batch waits for the session.
      const json = JSON.stringify(rows);
      rows.length = 0;
      for (const m of modules) touched.add(m);
      await pending;
      await clear([...modules]);
      pending = q.insertEntries(db, { entryType: entryType.type, createdBy: job.created_by, rows: json });
      pending.catch(() => {}); // awaited below; never an unhandled rejection meanwhile
    };
    for await (const records of file.batches) {
      buffer.push(...(await prepareBatch(ic, ic.decimals.take(records), locations)));
      if (buffer.length >= INSERT_BATCH) await flush();
      await progress('validating');
    }
    // Rows whose numbers read two ways in a column nothing else decided: refused now.
    buffer.push(...(await prepareBatch(ic, ic.decimals.drain(), locations)));
    if (buffer.length) await flush();
    await pending;

    const summary = { upload_id: payload.upload_id, mode, bytes: file.bytes, replaced, ...report.toJSON() };
    if (report.stored === 0) {
      const reason = report.rows === 0 ? 'the file has a header but no rows' : `none of its ${report.rows} rows is usable (see the report)`;
      throw new PermanentJobError(`Nothing was imported: ${reason}.`, summary, report.rows === 0 ? jobFailure('nothing_imported_no_rows') : jobFailure('nothing_imported_invalid', { rows: report.rows }));
    }
    bytesDone = bytesTotal;
    // Before the chain: linking next_job locks this job's row in the domain transaction, which
    // a progress write (another session) would then wait for until the commit.
    await progress('stored');
    await ctx.chain(
      {
        job_type: EMISSION_RECALC,
        entity_type: job.entity_type,
        target: 'DATA_ENTRIES',
        module_type: job.module_type,
        data_entry_type: job.data_entry_type,
        unit_id: job.unit_id,
        year: job.year,
        // Only the new rows lack emissions; replaced rows took theirs with them.
        payload: { only_missing: true, stored: report.stored, ...(job.unit_id === null ? { module_ids: [...touched] } : {}) },
      },
      { linear: true },
    );
    const skipped = report.skipped;
    await writeAudit(db, {
      actorId: job.created_by,
      action: 'csv_ingest',
      unitId: job.unit_id,
      details: {
        job_id: job.id,
        upload_id: payload.upload_id,
        file_name: job.payload.file_name ?? null,
        sha256: job.payload.sha256 ?? null,
        bytes: file.bytes,
        module: job.module_type,
        entry_type: job.data_entry_type,
        year: job.year,
        mode,
        rows_added: report.stored,
        rows_removed: replaced,
        rows_skipped: skipped,
      },
    });
    ctx.log.debug({ stored: report.stored, skipped, unknown_travelers: report.skippedWarning }, 'csv ingested');
    if (report.skippedWarning) ctx.log.warn({ rows: report.skippedWarning }, 'travel rows skipped: person number not in the headcount');
    return {
      result: skipped ? 'WARNING' : 'SUCCESS',
      message: resultMessage(mode, report, replaced),
      report: summary,
    };
  },
};
