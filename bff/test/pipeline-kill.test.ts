// SIGKILL of the instance running a large csv_ingest: the attempt's transaction never
// commits; after the rescue another instance runs the file again and the chain completes once,
// with every row stored exactly once.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../src/db/pool';
import { seedDemoData } from '../src/dev/demoData';
import { insertJob } from '../src/jobs/chainJob';
import { storeUpload } from '../src/domain/uploads';
import { createTestDatabase } from './support/stack';
import { waitFor } from './support/jobs';
import { startJobInstance, stopInstances, type Instance } from './support/instances';
import { PLANE_HEADER, settled } from './support/pipeline';

const ROWS = 60_000;
const MEMBERS = 500;
let url: string;
let pool: Pool;
const children: Instance[] = [];

const startInstance = async () => {
  const instance = await startJobInstance(url);
  children.push(instance);
  return instance;
};

beforeAll(async () => {
  url = await createTestDatabase();
  pool = createPool(url, 4);
  await seedDemoData(pool, 'https://kill.test/');
}, 120_000);

afterAll(async () => {
  await stopInstances(children);
  await pool?.end();
}, 60_000);

describe('a killed csv_ingest', () => {
  it('is rescued and completes once: no duplicated or missing rows', async () => {
    const { rows } = await pool.query<{ unit_id: number; headcount: number }>(
      `SELECT r.unit_id, m.id AS headcount FROM carbon_reports r JOIN units u ON u.id = r.unit_id
         JOIN carbon_report_modules m ON m.carbon_report_id = r.id AND m.module_type = 'headcount'
        WHERE u.institutional_id = 'CLIMATE-LAB' AND r.year = 2025`,
    );
    const { unit_id: unitId, headcount } = rows[0]!;
    await pool.query(
      `INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data)
       SELECT $1, 'member', jsonb_build_object('user_institutional_id', (200000 + g)::text, 'name', 'Member ' || g, 'fte', 1)
         FROM generate_series(1, $2) g`,
      [headcount, MEMBERS],
    );
    const airports = ['GVA', 'ZRH', 'CDG', 'LHR', 'JFK', 'FRA', 'AMS', 'MAD', 'FCO', 'BCN'];
    const lines = [PLANE_HEADER];
    for (let i = 0; i < ROWS; i++) lines.push(`${airports[i % 10]},${airports[(i + 3) % 10]},economy,${1 + (i % 2)},${i % 3 === 0},2025-0${1 + (i % 9)}-1${i % 10},${200001 + (i % MEMBERS)}`);
    const body = Buffer.from(lines.join('\n'));
    const uploadId = await storeUpload(pool, body, crypto.createHash('sha256').update(body).digest('hex'), null);
    const first = await startInstance();
    const job = await insertJob(pool, {
      job_type: 'csv_ingest',
      entity_type: 'MODULE_UNIT_SPECIFIC',
      target: 'DATA_ENTRIES',
      module_type: 'professional_travel',
      data_entry_type: 'plane',
      unit_id: unitId,
      year: 2025,
      payload: { upload_id: uploadId, mode: 'append' },
    });
    // Mid-file: some rows validated, not all.
    await waitFor(
      'the ingest to be half-way',
      async () => {
        const r = await pool.query<{ done: number; total: number }>(
          `SELECT (progress->>'done')::int AS done, (progress->>'total')::int AS total FROM data_ingestion_jobs WHERE id = $1 AND state = 'RUNNING' AND progress->>'phase' = 'validating'`,
          [job.id],
        );
        return r.rows[0] && r.rows[0].done > 0 && r.rows[0].done < r.rows[0].total;
      },
      60_000,
      10,
    );
    first.child.kill('SIGKILL');
    await first.exited;
    await startInstance();
    await waitFor('the rescued chain to finish', async () => (await pool.query(`SELECT 1 FROM data_ingestion_jobs WHERE job_type = 'aggregation' AND state = 'FINISHED'`)).rowCount === 1, 90_000, 100);
    await settled(pool, 60_000);

    const ingest = (await pool.query(`SELECT state, result, attempts, report FROM data_ingestion_jobs WHERE id = $1`, [job.id])).rows[0];
    expect(ingest).toMatchObject({ state: 'FINISHED', result: 'SUCCESS', attempts: 2 });
    expect(ingest.report).toMatchObject({ rows: ROWS, stored: ROWS });
    const chain = await pool.query(`SELECT job_type, count(*)::int AS n, min(result::text) AS result FROM data_ingestion_jobs WHERE pipeline_id = $1 GROUP BY job_type ORDER BY job_type`, [job.pipeline_id]);
    expect(chain.rows).toEqual([
      { job_type: 'aggregation', n: 1, result: 'SUCCESS' },
      { job_type: 'csv_ingest', n: 1, result: 'SUCCESS' },
      { job_type: 'emission_recalc', n: 1, result: 'SUCCESS' },
    ]);
    const stored = (
      await pool.query(
        `SELECT count(*)::int AS entries, count(DISTINCT data)::int AS distinct_rows,
                (SELECT count(*)::int FROM data_entry_emissions x JOIN data_entries e ON e.id = x.data_entry_id WHERE e.data_entry_type = 'plane') AS emissions
           FROM data_entries WHERE data_entry_type = 'plane'`,
      )
    ).rows[0];
    // As many rows as the file has, and as many different ones as the file has: none twice.
    const distinctInFile = new Set(lines.slice(1)).size;
    expect(stored).toEqual({ entries: ROWS, distinct_rows: distinctInFile, emissions: ROWS });
    const stats = (await pool.query(`SELECT m.stats FROM carbon_report_modules m JOIN carbon_reports r ON r.id = m.carbon_report_id WHERE r.unit_id = $1 AND r.year = 2025 AND m.module_type = 'professional_travel'`, [unitId])).rows[0];
    expect(stats.stats.entries).toBe(ROWS);
  }, 240_000);
});
