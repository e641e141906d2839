// One writer per table (docs/architecture.md, the job engine): each Path 2 job type, run on
// its own against the real database, changes only its table(s). Every runner here knows one job
// type, so a job's children wait (no handler) and each job's effect is seen alone.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobHandler } from '../src/jobs/types';
import { insertJob } from '../src/jobs/chainJob';
import { storeUpload } from '../src/domain/uploads';
import { upgradeFactorLibrary } from '../src/jobs/factorLibrary';
import { seedDemoData } from '../src/dev/demoData';
import { csvIngestHandler } from '../src/jobs/handlers/csvIngest';
import { emissionRecalcHandler } from '../src/jobs/handlers/emissionRecalc';
import { aggregationHandler } from '../src/jobs/handlers/aggregation';
import { factorIngestHandler } from '../src/jobs/handlers/factorIngest';
import { jobTestDb, type JobTestDb } from './support/jobs';
import { HEADCOUNT_HEADER, PLANE_HEADER } from './support/pipeline';

let db: JobTestDb;
let unitId: number;
let tables: string[];
const YEAR = 2025;
const runners = new Map<string, Awaited<ReturnType<JobTestDb['runner']>>>();

beforeAll(async () => {
  db = await jobTestDb();
  await seedDemoData(db.pool, 'https://writers.test/');
  await upgradeFactorLibrary(db.pool);
  unitId = (await db.pool.query<{ id: number }>(`SELECT id FROM units WHERE institutional_id = 'CLIMATE-LAB'`)).rows[0]!.id;
  const { rows } = await db.pool.query<{ relname: string }>(
    `SELECT relname FROM pg_stat_user_tables WHERE schemaname = 'public'
        AND relname NOT IN ('data_ingestion_jobs', 'job_instances', 'pgmigrations', 'session', 'test_effects', 'locations') ORDER BY relname`,
  );
  tables = rows.map((r) => r.relname);
  for (const h of [csvIngestHandler, emissionRecalcHandler, aggregationHandler, factorIngestHandler] as JobHandler[]) {
    const r = await db.runner({ concurrency: 1 });
    r.register(h);
    runners.set(h.type, r);
  }
});
afterAll(async () => db?.close());

/** A digest of every row of every domain table. */
async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of tables) {
    const { rows } = await db.pool.query<{ h: string }>(`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${t} x`);
    out[t] = rows[0]!.h;
  }
  return out;
}

/** Runs one job with the runner of its type; answers the tables it changed and its row. */
async function runAlone(id: number): Promise<{ changed: string[]; job: Awaited<ReturnType<JobTestDb['job']>> }> {
  const before = await snapshot();
  const job = await db.job(id);
  expect(await runners.get(job.job_type)!.runJob(id)).toBe('finished');
  const after = await snapshot();
  return { changed: tables.filter((t) => before[t] !== after[t]), job: await db.job(id) };
}

async function uploadJob(jobType: string, moduleType: string, type: string, csv: string, payload: Record<string, unknown> = {}): Promise<number> {
  const body = Buffer.from(csv);
  const uploadId = await storeUpload(db.pool, body, crypto.createHash('sha256').update(body).digest('hex'), null);
  const unit = jobType === 'csv_ingest' ? unitId : null;
  const job = await insertJob(db.pool, {
    job_type: jobType,
    entity_type: unit ? 'MODULE_UNIT_SPECIFIC' : 'MODULE_PER_YEAR',
    target: jobType === 'csv_ingest' ? 'DATA_ENTRIES' : 'FACTORS',
    module_type: moduleType,
    data_entry_type: type,
    unit_id: unit,
    year: YEAR,
    payload: { upload_id: uploadId, ...payload },
  });
  return job.id;
}

async function childOf(parentId: number, jobType: string): Promise<number> {
  const { rows } = await db.pool.query<{ id: number }>(
    `SELECT c.id FROM data_ingestion_jobs c JOIN data_ingestion_jobs p ON p.pipeline_id = c.pipeline_id
      WHERE p.id = $1 AND c.job_type = $2 AND c.state = 'NOT_STARTED' ORDER BY c.id LIMIT 1`,
    [parentId, jobType],
  );
  return rows[0]!.id;
}

describe('each Path 2 job type writes only its own table', () => {
  it('csv_ingest → data_entries and its audit line; emission_recalc → data_entry_emissions; aggregation → module and report stats', async () => {
    for (const [module, type, csv] of [
      ['headcount', 'member', `${HEADCOUNT_HEADER}\n100101,Nia,1,\n100102,Oli,0.5,`],
      ['professional_travel', 'plane', `${PLANE_HEADER}\nGVA,JFK,economy,1,true,2025-01-02,100101\nZRH,LHR,first,2,false,2025-01-03,100102`],
    ] as const) {
      const ingest = await runAlone(await uploadJob('csv_ingest', module, type, csv));
      expect(ingest.job.result).toBe('SUCCESS');
      // audit_log: the line saying what the file stored, committed with its rows.
      expect(ingest.changed).toEqual(['audit_log', 'data_entries']);
      const recalc = await runAlone(await childOf(ingest.job.id, 'emission_recalc'));
      expect(recalc.changed).toEqual(['data_entry_emissions']);
      const aggregation = await runAlone(await childOf(ingest.job.id, 'aggregation'));
      expect(aggregation.changed).toEqual(['carbon_report_modules', 'carbon_reports']);
    }
  });

  it('replace mode: data_entries, and emissions only by the cascade of the replaced rows', async () => {
    const emissionIds = async () => (await db.pool.query<{ id: number }>('SELECT id FROM data_entry_emissions ORDER BY id')).rows.map((r) => r.id);
    const before = await emissionIds();
    const ingest = await runAlone(await uploadJob('csv_ingest', 'professional_travel', 'plane', `${PLANE_HEADER}\nCDG,JFK,economy,1,true,2025-02-02,100101`, { mode: 'replace' }));
    expect(ingest.changed).toEqual(['audit_log', 'data_entries', 'data_entry_emissions']);
    const after = await emissionIds();
    expect(after.length).toBe(before.length - 2);
    expect(after.every((id) => before.includes(id))).toBe(true); // removed, never added or changed
  });

  it('factor_ingest → factors; its emission_recalc → data_entry_emissions', async () => {
    const ingest = await runAlone(await uploadJob('factor_ingest', 'professional_travel', 'plane', 'band,cabin_class,kg_co2eq_per_km,source\nlong,economy,0.17,Test'));
    expect(ingest.job.result).toBe('SUCCESS');
    expect(ingest.changed).toEqual(['factors']);
    const recalc = await runAlone(await childOf(ingest.job.id, 'emission_recalc'));
    expect(recalc.changed).toEqual(['data_entry_emissions']);
  });
});
