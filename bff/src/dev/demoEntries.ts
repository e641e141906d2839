// Demo rows for the demo units, loaded at first start through the Path 2 bulk pipeline — the
// uploads and jobs an operator's CSV files get — so the demo exercises the same code. The rows
// are in each module's folder (shared/src/modules/<module>/demo.json), per unit and entry type,
// keyed by the registry's CSV columns; nothing here knows a module. Modules whose rows link to people go after the module
// listing them (trips after the headcount).
// Idempotent across restarts and across instances starting together: one seeder at a time (an
// advisory lock), and a module that holds entries, or has an ingest still waiting or running,
// is left alone.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { dataCsvLine, entryColumns, entryTypesOf, fieldOf, MODULE_TYPES, type EntryTypeDef, type FieldDef, type ModuleType } from '@carbon/shared';
import type { Pool } from '../db/pool';
import type { JobRunner } from '../jobs/runner';
import { CSV_INGEST } from '../jobs/handlers/csvIngest';
import { startUploadJob } from '../useCases/uploads';
import { moduleFiles, MODULES_DIR } from '../core/moduleFolders';
import { DEMO_YEARS } from './demoData';

export type DemoRow = Record<string, string | number | boolean>;

export interface DemoEntriesFile {
  /** The year the file's dates are written for. */
  year: number;
  /** Unit institutional id → entry type → rows keyed by CSV column. */
  units: Record<string, Record<string, DemoRow[]>>;
}

/** Every module folder's demo rows (`demo.json`) as one file. They are written for the same year,
 * so that one date shift serves them all. */
export function readDemoEntries(root = MODULES_DIR): DemoEntriesFile {
  const files = moduleFiles('demo.json', root).map((file) => ({ file, demo: JSON.parse(fs.readFileSync(file, 'utf8')) as DemoEntriesFile }));
  const year = files[0]?.demo.year ?? DEMO_YEARS[0];
  const units: DemoEntriesFile['units'] = {};
  for (const { file, demo } of files) {
    if (demo.year !== year) throw new Error(`demo rows: ${file} is written for ${demo.year}, the others for ${year}`);
    for (const [unit, byType] of Object.entries(demo.units)) {
      for (const [type, rows] of Object.entries(byType)) {
        if ((units[unit] ??= {})[type]) throw new Error(`demo rows: ${file} gives ${unit} rows of ${type} another folder gives too`);
        units[unit][type] = rows;
      }
    }
  }
  return { year, units };
}

/** The CSV file of demo rows of one entry type, their dates moved from the file's year into `year`,
 * and the years that may not come after the report's (a device's acquisition) moved as much, so a
 * device keeps its age in every demo year. */
export function demoCsv(entryType: EntryTypeDef, rows: readonly DemoRow[], fileYear: number, year: number): string {
  const columns = entryColumns(entryType, false);
  const columnsOf = (has: (f: FieldDef) => boolean) => new Set(entryType.csvColumns.filter((c) => has(fieldOf(entryType, c.field)!)).map((c) => c.column));
  const dates = columnsOf((f) => f.type === 'date');
  const years = columnsOf((f) => !!f.notAfterReportYear);
  const cell = (column: string, value: DemoRow[string] | undefined) => {
    if (value === undefined) return '';
    const text = String(value);
    if (years.has(column) && typeof value === 'number') return String(value + year - fileYear);
    return dates.has(column) && text.startsWith(`${fileYear}-`) ? `${year}${text.slice(4)}` : text;
  };
  return dataCsvLine(columns) + rows.map((r) => dataCsvLine(columns.map((c) => cell(c, r[c])))).join('');
}

/** Modules in loading order: each wave after the modules its rows link to (`traveler.module`). */
export function seedingWaves(): ModuleType[][] {
  const waves: ModuleType[][] = [];
  const placed = new Set<ModuleType>();
  let rest = [...MODULE_TYPES];
  while (rest.length) {
    const ready = rest.filter((m) => entryTypesOf(m).every((t) => !t.traveler || t.traveler.module === m || placed.has(t.traveler.module)));
    if (!ready.length) throw new Error(`modules link to each other in a circle: ${rest.join(', ')}`);
    waves.push(ready);
    ready.forEach((m) => placed.add(m));
    rest = rest.filter((m) => !placed.has(m));
  }
  return waves;
}

interface ModuleState {
  unit_id: number;
  entries: number;
  /** An ingest of this module still waiting or running (a seeder that stopped half-way). */
  pending_job: number | null;
}

async function moduleState(pool: Pool, unit: string, year: number, module: ModuleType): Promise<ModuleState | undefined> {
  const { rows } = await pool.query<ModuleState>(
    `SELECT u.id AS unit_id,
            (SELECT count(*)::int FROM data_entries e WHERE e.carbon_report_module_id = m.id) AS entries,
            (SELECT min(j.id) FROM data_ingestion_jobs j
              WHERE j.job_type = $4 AND j.state <> 'FINISHED' AND j.unit_id = u.id AND j.year = $2 AND j.module_type = $3) AS pending_job
       FROM units u JOIN carbon_reports r ON r.unit_id = u.id AND r.year = $2
       JOIN carbon_report_modules m ON m.carbon_report_id = r.id AND m.module_type = $3
      WHERE u.institutional_id = $1`,
    [unit, year, module, CSV_INGEST],
  );
  return rows[0];
}

async function ingest(pool: Pool, runner: JobRunner, unitId: number, year: number, module: ModuleType, type: string, csv: string): Promise<number> {
  const body = Buffer.from(csv);
  const started = await startUploadJob(pool, runner, { body, sha256: crypto.createHash('sha256').update(body).digest('hex'), name: `demo-${type}-${year}.csv` }, {
    job_type: CSV_INGEST,
    entity_type: 'MODULE_UNIT_SPECIFIC',
    target: 'DATA_ENTRIES',
    module_type: module,
    data_entry_type: type,
    unit_id: unitId,
    year,
    payload: { mode: 'append', demo: true },
  });
  return started.job_id;
}

async function waitFinished(pool: Pool, ids: number[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (ids.length) {
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM data_ingestion_jobs WHERE id = ANY ($1) AND state <> 'FINISHED'`, [ids]);
    if (rows[0]!.n === 0) return;
    if (Date.now() > deadline) throw new Error('The demo files that other demo rows link to were not ingested in time.');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits (up to `timeoutMs`) until no job is left unfinished: the demo pipelines, chained
 * recalculations and aggregations included. `npm start` prints its banner after that, so the
 * URL and the accounts are the last lines of a fresh start, not buried under the demo's jobs. */
export async function demoSettled(pool: Pool, timeoutMs = 60_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM data_ingestion_jobs WHERE state <> 'FINISHED'`);
    if (rows[0]!.n === 0) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/** What a start's seeding sent through the pipeline: files and their rows, per unit and year. */
export interface DemoLoad {
  files: number;
  rows: number;
  units: Set<string>;
  years: Set<number>;
}

/** The one line a start says about the demo data (the jobs it starts log at debug). */
export function demoLoadLine(load: DemoLoad): string {
  if (!load.files) return 'demo data: already loaded';
  const years = [...load.years].sort((a, b) => a - b);
  const yearText = years.length > 1 ? `${years.slice(0, -1).join(', ')} and ${years.at(-1)}` : String(years[0]);
  return `demo data: ${load.files} files (${load.rows} rows) for ${load.units.size} units, ${yearText}`;
}

export async function seedDemoEntries(pool: Pool, runner: JobRunner, opts: { timeoutMs?: number; demo?: DemoEntriesFile } = {}): Promise<DemoLoad> {
  const demo = opts.demo ?? readDemoEntries();
  const waves = seedingWaves();
  const load: DemoLoad = { files: 0, rows: 0, units: new Set(), years: new Set() };
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', ['seed-demo-entries']);
    for (const [i, wave] of waves.entries()) {
      const jobs: number[] = [];
      for (const year of DEMO_YEARS) {
        for (const [unit, rowsByType] of Object.entries(demo.units)) {
          for (const module of wave) {
            const types = entryTypesOf(module).filter((t) => rowsByType[t.type]?.length);
            if (!types.length) continue;
            const s = await moduleState(pool, unit, year, module);
            if (!s || s.entries > 0) continue;
            if (s.pending_job !== null) jobs.push(s.pending_job);
            else {
              for (const t of types) {
                jobs.push(await ingest(pool, runner, s.unit_id, year, module, t.type, demoCsv(t, rowsByType[t.type]!, demo.year, year)));
                load.files++;
                load.rows += rowsByType[t.type]!.length;
              }
              load.units.add(unit);
              load.years.add(year);
            }
          }
        }
      }
      // The next wave's rows link to this wave's: those must be stored first.
      if (i < waves.length - 1) await waitFinished(pool, jobs, opts.timeoutMs ?? 120_000);
    }
  } finally {
    await lock.query('SELECT pg_advisory_unlock(hashtext($1))', ['seed-demo-entries']).catch(() => {});
    lock.release();
  }
  return load;
}
