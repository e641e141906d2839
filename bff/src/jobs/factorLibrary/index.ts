// The factor library: the default factors shipped with the service, as factor files in the upload
// format in each module's folder (shared/src/modules/<module>/factors/<set>/<from year>.csv, read by
// ../csv/factorFile.ts), brought into the database at every start. A file holds the rows of one set that apply from its year on; each
// classification of a set takes, for a reporting year, its row of the latest file of that year or
// before, else of the earliest file (a source's edition applied to other years, which the row's
// `edition` tells every report). The upgrade inserts what is new, brings the library's earlier
// rows to its current ones, never touches a factor an operator uploaded or carried over, and
// recalculates the emissions of the years whose factors changed (docs/decisions.md, "The factor
// library").
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { ENTRY_TYPES, entryTypesUsingSet, FACTOR_SETS, LIBRARY_YEARS } from '@carbon/shared';
import { withTransaction, type Pool } from '../../db/pool';
import { insertJob } from '../chainJob';
import { EMISSION_RECALC } from '../handlers/emissionRecalc';
import { checkFactorHeader, classificationKey, parseFactorRow, type ParsedFactor } from '../csv/factorFile';
import * as q from './sql';

import { folderNameOf, moduleFiles, MODULES_DIR } from '../../core/moduleFolders';

/** The library's set folders (`<module folder>/factors/<set>`) under the module folders in `root`. */
export function librarySetDirs(root = MODULES_DIR): string[] {
  return moduleFiles('factors', root).flatMap((dir) =>
    fs.readdirSync(dir).sort().map((name) => path.join(dir, name)).filter((d) => fs.statSync(d).isDirectory()),
  );
}

/** The library's exception files: the gaps each module's factors admit, with their reasons. */
export const libraryExceptionFiles = (root = MODULES_DIR): string[] => moduleFiles('factors/exceptions.csv', root);

/** One file of the library: the rows of `set` that apply from `fromYear` on. */
export interface LibraryFile {
  set: string;
  fromYear: number;
  file: string;
  rows: ParsedFactor[];
}

/** A factor the library gives a set for a reporting year: a row of one of its files. A row's
 * `edition` is null only for a series keyed by its own years (a price index), each row being of
 * its year. */
export type LibraryFactor = ParsedFactor & { set: string; year: number };

/** Every file of the library, checked as an upload would be: a file that would not upload whole
 * (unknown set, wrong header, a row with an issue, a classification twice) stops the start. */
export function readLibrary(root = MODULES_DIR): LibraryFile[] {
  const files: LibraryFile[] = [];
  for (const setDir of librarySetDirs(root)) {
    const set = path.basename(setDir);
    const def = FACTOR_SETS[set];
    if (!def) throw new Error(`factor library: ${setDir} names no factor set of the registry`);
    // A set's factors live in the folder of the module that defines it, where a reader looks.
    if (path.basename(path.dirname(path.dirname(setDir))) !== folderNameOf(def.module)) throw new Error(`factor library: ${setDir} is not in the folder of its module, ${def.module}`);
    for (const name of fs.readdirSync(setDir).sort()) {
      const file = path.join(setDir, name);
      const year = /^(\d{4})\.csv$/.exec(name);
      if (!year) throw new Error(`factor library: ${file} is not named <from year>.csv`);
      const [header = [], ...records] = parse(fs.readFileSync(file, 'utf8'), { bom: true, skip_empty_lines: true }) as string[][];
      const checked = checkFactorHeader(def, header);
      if ('problem' in checked) throw new Error(`factor library: ${file}: ${checked.problem.message}`);
      const rows: ParsedFactor[] = [];
      const seen = new Set<string>();
      records.forEach((fields, i) => {
        const { factor, issues } = parseFactorRow(def, checked.names, fields, i + 2);
        if (!factor) throw new Error(`factor library: ${file}: ${issues.map((x) => `line ${x.row}, ${x.column ?? 'row'}: ${x.reason}`).join('; ')}`);
        const key = classificationKey(factor.classification);
        if (seen.has(key)) throw new Error(`factor library: ${file}, line ${i + 2}: the same classification is listed twice`);
        seen.add(key);
        rows.push(factor);
      });
      files.push({ set, fromYear: Number(year[1]), file, rows });
    }
  }
  return files;
}

/** The factors the library gives each set for each of `years`: per classification, the row of the
 * set's latest file from that year or before, else of its earliest file. */
export function resolveLibrary(files: readonly LibraryFile[], years: readonly number[] = LIBRARY_YEARS): LibraryFactor[] {
  // Per set and classification, its rows by the year their file applies from, oldest first.
  const history = new Map<string, { set: string; fromYear: number; row: ParsedFactor }[]>();
  for (const f of [...files].sort((a, b) => a.fromYear - b.fromYear)) {
    for (const row of f.rows) {
      const key = `${f.set}\u0000${classificationKey(row.classification)}`;
      history.set(key, [...(history.get(key) ?? []), { set: f.set, fromYear: f.fromYear, row }]);
    }
  }
  const out: LibraryFactor[] = [];
  for (const versions of history.values()) {
    for (const year of years) {
      const { set, row } = [...versions].reverse().find((v) => v.fromYear <= year) ?? versions[0]!;
      out.push({ set, year, ...row });
    }
  }
  return out;
}

/** A library to bring into the database: its digest, and its factors (read only when the
 * database holds another library). */
export interface LibrarySource {
  digest: string;
  factors: () => readonly LibraryFactor[];
}

/** The digest of the library's files: their paths and bytes. */
export function libraryDigest(root = MODULES_DIR): string {
  const hash = crypto.createHash('sha256');
  for (const setDir of librarySetDirs(root)) {
    for (const name of fs.readdirSync(setDir).sort()) {
      const file = path.join(setDir, name);
      hash.update(`${path.relative(root, file)}\u0000`).update(fs.readFileSync(file)).update('\u0000');
    }
  }
  return hash.digest('hex');
}

/** The library shipped in the module folders. */
export const shippedLibrary = (root = MODULES_DIR): LibrarySource => ({ digest: libraryDigest(root), factors: () => resolveLibrary(readLibrary(root)) });

/** A library of given factors (tests, benchmarks): its digest is its content's. */
export const libraryOf = (factors: readonly LibraryFactor[]): LibrarySource => ({ digest: crypto.createHash('sha256').update(JSON.stringify(factors)).digest('hex'), factors: () => factors });

export interface LibraryUpgrade {
  /** false: the database held this library already, nothing was read or written. */
  changed: boolean;
  /** Library factors for the years it covers. */
  factors: number;
  inserted: number;
  updated: number;
  /** emission_recalc jobs created for the years whose factors changed and that have entries,
   * waiting for a runner (fire them once it runs; the safety poller would otherwise). */
  recalculationJobs: number[];
}

/**
 * Brings the library into the database, under an advisory lock (instances starting together do it
 * once), in one transaction with the recalculation jobs of the entry types and years it changed.
 * A database that holds this library already (same digest) is left as it is.
 */
export async function upgradeFactorLibrary(pool: Pool, library: LibrarySource = shippedLibrary()): Promise<LibraryUpgrade> {
  return withTransaction(pool, async (db) => {
    await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['factor-library']);
    if ((await q.libraryDigest(db)).rows[0]?.digest === library.digest) return { changed: false, factors: 0, inserted: 0, updated: 0, recalculationJobs: [] };
    const factors = library.factors();
    const { rows } = await q.upsertLibraryFactors(db, { rows: JSON.stringify(factors) });
    const stale = rows.filter((r) => r.inserted || r.values_changed);
    const years = [...new Set(stale.map((r) => r.year))];
    const types = [...new Set(stale.flatMap((r) => entryTypesUsingSet(r.set).map((t) => t.type)))];
    const recalculationJobs: number[] = [];
    if (stale.length) {
      const { rows: pairs } = await q.typeYearsWithEntries(db, { types, years });
      let pipelineId: string | undefined;
      for (const { data_entry_type: type, year } of pairs) {
        // Only where a set this type reads changed in that year.
        if (!stale.some((r) => r.year === year && entryTypesUsingSet(r.set).some((t) => t.type === type))) continue;
        const job = await insertJob(db, {
          job_type: EMISSION_RECALC,
          entity_type: 'MODULE_PER_YEAR',
          target: 'DATA_ENTRIES',
          module_type: ENTRY_TYPES[type]!.module,
          data_entry_type: type,
          unit_id: null,
          year,
          payload: { reason: 'factor_library' },
          pipeline_id: pipelineId,
        });
        pipelineId = job.pipeline_id;
        recalculationJobs.push(job.id);
      }
    }
    await q.saveLibraryDigest(db, { digest: library.digest });
    return {
      changed: true,
      factors: factors.length,
      inserted: rows.filter((r) => r.inserted).length,
      updated: rows.filter((r) => !r.inserted).length,
      recalculationJobs,
    };
  });
}
