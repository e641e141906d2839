// emission_recalc (Path 2): the emissions of one data entry type over one scope (a unit's
// module, or every unit's), computed with the registry's formula — the code Path 1 runs — with
// the year's factors of every set the type uses and the locations loaded once, written in
// set-based batches. Writes data_entry_emissions only, then chains the scope's de-duplicated
// aggregation.
import { factorSetsUsedBy, type EntryData, type ReportedEmission } from '@carbon/shared';
import { computeEmissions, locateEntry } from '../../../domain/entries/prepare';
import { factorSetsFor } from '../../../domain/factors';
import { PermanentJobError, type JobHandler, type JobOutcome } from '../../types';
import { AGGREGATION, aggregationJob } from '../aggregation';
import { asQueryable, entryTypeOfJob, letIoThrough, ROWS_PER_TURN, scopeModules, withoutFactorAdvice } from '../shared';
import { LocationBook } from '../shared/locationBook';
import * as q from './sql';

export const EMISSION_RECALC = 'emission_recalc';

/** Entries per read and per write: a few thousand keeps each statement short and bounded. */
const BATCH = 4000;

export interface EmissionRecalcPayload {
  /** Only entries that have no emission yet (after an ingest); all of them otherwise. */
  only_missing?: boolean;
  /** Restrict a scope over every unit to these modules (a multi-unit file touched them). */
  module_ids?: number[];
  /** With only_missing after an ingest: the rows it stored, the progress total without a count. */
  stored?: number;
}

/** An emission as upsertEmissions.sql reads it: its meta as JSON text. */
type EmissionWrite = Omit<ReportedEmission, 'meta'> & { meta: string; data_entry_id: number; version: string };

export const emissionRecalcHandler: JobHandler = {
  type: EMISSION_RECALC,
  writes: ['data_entry_emissions'],
  timeoutMs: 20 * 60_000,
  next: [AGGREGATION],
  async run(ctx): Promise<JobOutcome> {
    const { job, db } = ctx;
    const entryType = entryTypeOfJob(job);
    if (job.year === null) throw new PermanentJobError('An emission recalculation needs a year.');
    const payload = job.payload as EmissionRecalcPayload;
    const onlyMissing = payload.only_missing === true;
    const modules = await scopeModules(db, job, Array.isArray(payload.module_ids) ? payload.module_ids : undefined);
    const moduleIds = modules.map((m) => m.id);
    const factorSets = await factorSetsFor(asQueryable(db), factorSetsUsedBy(entryType), job.year);
    // After an ingest the total is the rows it stored: counting the entries still without
    // emissions (an anti-join over the whole module) was a serial statement of the chain, 0.74 s
    // of 100,000 trips on a loaded machine. Entries left without emissions earlier come on top;
    // progress grows to meet them.
    let total = onlyMissing && typeof payload.stored === 'number' ? payload.stored : (await q.countEntries(db, { moduleIds, entryType: entryType.type, onlyMissing })).rows[0]!.n;
    let done = 0;
    let withoutFactor = 0;
    let unresolved = 0;
    await ctx.progress({ phase: 'computing', done, total });

    const locations = new LocationBook();
    type Batch = { id: number; data: EntryData; version: string }[];
    const read = (moduleId: number, after: number) => {
      const p = q.entriesBatch(db, { moduleId, entryType: entryType.type, afterId: after, onlyMissing, limit: BATCH }).then((r) => r.rows);
      p.catch(() => {}); // awaited below
      return p;
    };
    // The session runs one statement at a time: the next batch is asked for before this one is
    // computed and its write is queued behind that read, so computing a batch overlaps with the
    // database writing the previous one.
    let pending: Promise<unknown> = Promise.resolve();
    for (const moduleId of moduleIds) {
      let next: Promise<Batch> | undefined = read(moduleId, 0);
      while (next) {
        const rows: Batch = await next;
        next = rows.length === BATCH ? read(moduleId, rows[rows.length - 1]!.id) : undefined;
        if (!rows.length) break;
        await locations.prime(db, entryType, rows.map((r) => r.data));
        const writes: EmissionWrite[] = [];
        for (const [i, r] of rows.entries()) {
          if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await letIoThrough();
          // Stored data is already in canonical form: only the locations are wanted, no rewrite.
          const resolved = locateEntry(entryType, r.data, locations.lookup, false);
          if (resolved.issues.length) {
            // Stored entries were resolved when written; one that no longer resolves keeps its
            // previous emissions and is counted in the report.
            unresolved++;
            continue;
          }
          const emissions = computeEmissions(entryType, r.data, resolved.found, factorSets, job.year);
          if (emissions.some((e) => e.kg_co2eq === null)) withoutFactor++;
          for (const e of emissions) writes.push({ ...e, meta: JSON.stringify(e.meta), data_entry_id: r.id, version: r.version });
        }
        done += rows.length;
        total = Math.max(total, done);
        // As text before waiting for the previous write: the batch's objects (read and computed)
        // die young instead of outliving a scavenge while the batch waits for the session.
        const json = JSON.stringify(writes);
        writes.length = 0;
        await pending;
        pending = q.upsertEmissions(db, { emissions: json });
        pending.catch(() => {}); // awaited below
        await ctx.progress({ phase: 'computing', done, total });
      }
    }
    await pending;
    await ctx.progress({ phase: 'computed', done: total, total });

    await ctx.chain(aggregationJob({ module_type: entryType.module, year: job.year, unit_id: job.unit_id }), { linear: true });
    // The sets to upload: those the year has no row of, or every set the type reads when each has
    // rows but none matched.
    const used = factorSetsUsedBy(entryType);
    const empty = used.filter((name) => !factorSets[name]?.length);
    return {
      result: unresolved || withoutFactor ? 'WARNING' : 'SUCCESS',
      message:
        `${done} ${entryType.type} entries computed` +
        (withoutFactor ? `; ${withoutFactorAdvice(withoutFactor, empty.length ? empty : used, job.year)}` : '') +
        (unresolved ? `; ${unresolved} with a location that no longer resolves` : ''),
      report: { entries: done, modules: moduleIds.length, factors: Object.values(factorSets).reduce((n, rows) => n + rows.length, 0), without_factor: withoutFactor, unresolved_locations: unresolved, only_missing: onlyMissing },
    };
  },
};
