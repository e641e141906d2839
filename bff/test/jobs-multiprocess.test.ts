// Several real BFF processes against one database: 2,000 jobs run exactly once across them, and
// a SIGKILLed instance's job is rescued (through its liveness session, long before the heartbeat
// window) and completed by another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../src/db/pool';
import { createTestDatabase } from './support/stack';
import { CREATE_TEST_EFFECTS, waitFor } from './support/jobs';
import { startJobInstance, stopInstances, type Instance } from './support/instances';

let url: string;
let pool: Pool;
const instances: Instance[] = [];

const startInstance = async () => {
  const instance = await startJobInstance(url, { JOB_CONCURRENCY: '4' });
  instances.push(instance);
  return instance;
};

beforeAll(async () => {
  url = await createTestDatabase();
  pool = createPool(url, 5);
  await pool.query(CREATE_TEST_EFFECTS);
  await Promise.all([startInstance(), startInstance(), startInstance()]);
}, 120_000);

afterAll(async () => {
  await stopInstances(instances);
  await pool?.end();
}, 60_000);

describe('three BFF processes on one database', () => {
  it('runs 2,000 jobs exactly once, all FINISHED, spread over every instance', async () => {
    // 200 combinations × 10 jobs: jobs of one combination must also take turns.
    await pool.query(
      `INSERT INTO data_ingestion_jobs (job_type, entity_type, target, module_type, year)
       SELECT 'test_effect', 'MODULE_PER_YEAR', 'DATA_ENTRIES', 'mp' || (g % 200), 2025 FROM generate_series(1, 2000) g`,
    );
    await waitFor(
      'all 2,000 jobs to finish',
      async () => {
        const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM data_ingestion_jobs WHERE job_type = 'test_effect' AND state <> 'FINISHED'`);
        return rows[0]!.n === 0;
      },
      90_000,
      200,
    );
    const { rows } = await pool.query<{ jobs: number; ok: number; effects: number; dupes: number; one_attempt: number }>(
      `SELECT count(*)::int AS jobs,
              count(*) FILTER (WHERE result = 'SUCCESS')::int AS ok,
              (SELECT count(*) FROM test_effects)::int AS effects,
              (SELECT count(*) FROM (SELECT job_id FROM test_effects GROUP BY job_id HAVING count(*) > 1) d)::int AS dupes,
              count(*) FILTER (WHERE attempts = 1)::int AS one_attempt
         FROM data_ingestion_jobs WHERE job_type = 'test_effect'`,
    );
    expect(rows[0]).toEqual({ jobs: 2000, ok: 2000, effects: 2000, dupes: 0, one_attempt: 2000 });
    const spread = await pool.query<{ instance: string; n: number }>(`SELECT instance, count(*)::int AS n FROM test_effects GROUP BY instance`);
    expect(spread.rows.map((r) => r.instance).sort()).toEqual(instances.map((i) => i.id).sort());
    // Each instance's effects were written by the instance that holds the job.
    const mismatched = await pool.query(`SELECT 1 FROM test_effects e JOIN data_ingestion_jobs j ON j.id = e.job_id WHERE j.locked_by <> e.instance`);
    expect(mismatched.rowCount).toBe(0);
  });

  it('rescues the job of a SIGKILLed instance and completes it once, with attempts = 2', async () => {
    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO data_ingestion_jobs (job_type, entity_type, target, module_type, payload)
       VALUES ('test_effect', 'MODULE_PER_YEAR', 'DATA_ENTRIES', 'crash', '{"sleep_first_attempt_ms": 120000}') RETURNING id`,
    );
    const id = rows[0]!.id;
    const owner = await waitFor('the job to be mid-handler', async () => {
      const r = await pool.query<{ locked_by: string }>(`SELECT locked_by FROM data_ingestion_jobs WHERE id = $1 AND state = 'RUNNING' AND progress->>'phase' = 'sleeping'`, [id]);
      return r.rows[0]?.locked_by;
    });
    const victim = instances.find((i) => i.id === owner)!;
    victim.child.kill('SIGKILL');
    await victim.exited;

    await waitFor('another instance to complete the job', async () => {
      const r = await pool.query(`SELECT 1 FROM data_ingestion_jobs WHERE id = $1 AND state = 'FINISHED'`, [id]);
      return r.rowCount === 1;
    }, 30_000, 100);
    const job = (await pool.query(`SELECT state, result, attempts, locked_by FROM data_ingestion_jobs WHERE id = $1`, [id])).rows[0];
    expect(job).toMatchObject({ state: 'FINISHED', result: 'SUCCESS', attempts: 2 });
    expect(job.locked_by).not.toBe(owner);
    // The killed attempt's effect never committed: exactly one, from the second attempt, which
    // started from a rescue by the liveness rule (the heartbeat window is the default minute).
    const effects = await pool.query(`SELECT attempt, instance, note FROM test_effects WHERE job_id = $1`, [id]);
    expect(effects.rows).toEqual([{ attempt: 2, instance: job.locked_by, note: `Rescued: the database session of instance ${owner} ended (the instance died or lost its connection).` }]);
  });
});
