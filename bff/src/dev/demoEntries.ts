// Demo headcount and trips for the demo units, loaded at first start through the Path 2 bulk
// pipeline — the uploads and jobs an operator's CSV files get — so the demo exercises the same
// code. Headcounts first (travel rows are linked to their members), then the trip files.
// Idempotent across restarts and across instances starting together: one seeder at a time (an
// advisory lock), and a module that holds entries, or has an ingest still waiting or running,
// is left alone.
import crypto from 'node:crypto';
import type { ModuleType } from '@carbon/shared';
import type { Pool } from '../db/pool';
import type { JobRunner } from '../jobs/runner';
import { CSV_INGEST } from '../jobs/handlers/csvIngest';
import { startUploadJob } from '../http/sync/pipelineStart';
import { DEMO_YEARS } from './demoData';

const MEMBERS: Record<string, [number, string, number, string][]> = {
  'CLIMATE-LAB': [
    [100001, 'Alice Martin', 1, 'Principal investigator'],
    [100002, 'Bob Keller', 0.8, 'PhD student'],
    [100003, 'Chloé Dubois', 1, 'Postdoc'],
    [100004, 'David Müller', 0.5, 'Research engineer'],
  ],
  'OCEAN-LAB': [
    [200001, 'Carol Rossi', 1, 'Postdoc'],
    [200002, 'Dan Weber', 1, 'Principal investigator'],
    [200003, 'Eva Lindqvist', 0.6, 'Technician'],
  ],
};

// origin, destination, class, trips, round trip, person number (the date is derived per year)
const PLANES: Record<string, [string, string, string, number, boolean, number][]> = {
  'CLIMATE-LAB': [
    ['GVA', 'JFK', 'economy', 1, true, 100001],
    ['ZRH', 'LHR', 'business', 1, false, 100003],
  ],
  'OCEAN-LAB': [['CDG', 'JFK', 'economy', 1, true, 200002]],
};
// origin, origin country, destination, destination country, class, trips, round trip, person
const TRAINS: Record<string, [string, string, string, string, string, number, boolean, number][]> = {
  'CLIMATE-LAB': [
    ['Lausanne', '', 'Paris', 'FR', 'second', 1, true, 100002],
    ['Zürich', '', 'Munich', '', 'second', 2, false, 100004],
  ],
  'OCEAN-LAB': [['Genève', '', 'Zürich', '', 'first', 1, true, 200001]],
};

const date = (year: number, personNumber: number) => `${year}-0${(personNumber % 9) + 1}-15`;

function files(unit: string, year: number): { module: ModuleType; type: string; csv: string }[] {
  const out: { module: ModuleType; type: string; csv: string }[] = [];
  const planes = PLANES[unit] ?? [];
  const trains = TRAINS[unit] ?? [];
  if (planes.length) {
    out.push({
      module: 'professional_travel',
      type: 'plane',
      csv: ['origin,destination,cabin_class,number_of_trips,round_trip,departure_date,person_number', ...planes.map(([o, d, c, n, r, p]) => [o, d, c, n, r, date(year, p), p].join(','))].join('\n'),
    });
  }
  if (trains.length) {
    out.push({
      module: 'professional_travel',
      type: 'train',
      csv: [
        'origin,origin_country,destination,destination_country,class,number_of_trips,round_trip,departure_date,person_number',
        ...trains.map(([o, oc, d, dc, c, n, r, p]) => [o, oc, d, dc, c, n, r, date(year, p), p].join(',')),
      ].join('\n'),
    });
  }
  return out;
}

const headcountCsv = (unit: string) => ['user_institutional_id,name,fte,position', ...(MEMBERS[unit] ?? []).map(([p, n, f, pos]) => `${p},"${n}",${f},"${pos}"`)].join('\n');

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
  const started = await startUploadJob(pool, runner, { body, sha256: crypto.createHash('sha256').update(body).digest('hex') }, {
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
    if (Date.now() > deadline) throw new Error('The demo headcount files were not ingested in time.');
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function seedDemoEntries(pool: Pool, runner: JobRunner, opts: { timeoutMs?: number } = {}): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', ['seed-demo-entries']);
    const headcountJobs: number[] = [];
    for (const year of DEMO_YEARS) {
      for (const unit of Object.keys(MEMBERS)) {
        const s = await moduleState(pool, unit, year, 'headcount');
        if (!s || s.entries > 0) continue;
        headcountJobs.push(s.pending_job ?? (await ingest(pool, runner, s.unit_id, year, 'headcount', 'member', headcountCsv(unit))));
      }
    }
    // Travel rows need their travelers: the headcounts must be stored first.
    await waitFinished(pool, headcountJobs, opts.timeoutMs ?? 120_000);
    for (const year of DEMO_YEARS) {
      for (const unit of Object.keys(MEMBERS)) {
        const s = await moduleState(pool, unit, year, 'professional_travel');
        if (!s || s.entries > 0 || s.pending_job !== null) continue;
        for (const f of files(unit, year)) await ingest(pool, runner, s.unit_id, year, f.module, f.type, f.csv);
      }
    }
  } finally {
    await lock.query('SELECT pg_advisory_unlock(hashtext($1))', ['seed-demo-entries']).catch(() => {});
    lock.release();
  }
}
