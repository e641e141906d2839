// Lost database sessions under running jobs, on real BFF processes: the sessions of a csv_ingest
// or of an emission_recalc are terminated mid-job, and an instance's liveness session is
// terminated while its job runs. The instances stay up and serve; each chain completes exactly
// once, with the right rows and stats equal to a recomputation; a rescued job's first attempt,
// finishing late, changes nothing.
// Every step waits on a state of the database: the job is held at the table it writes by a lock
// this test holds, and a first attempt by an advisory lock, until the test lets them go.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool, type PoolClient } from '../src/db/pool';
import { moduleStatsFromSums, reportStatsFromSums } from '../src/domain/stats';
import { createTestDatabase } from './support/stack';
import type { TestClient } from './support/httpClient';
import { CREATE_TEST_EFFECTS, waitFor } from './support/jobs';
import { signedIn, startJobInstance, startSignIn, tearDown, type Instance, type SignIn } from './support/instances';
import { holdLock, isAlive, isIdle, jobPoolPids, livenessPid, terminate, waitingOn } from './support/faults';
import { entriesOf, HEADCOUNT_HEADER, jobRow, moduleId, pipelineJobs, settled, upload } from './support/pipeline';

const YEAR = 2025;
let url: string;
let pool: Pool;
let signIn: SignIn;
const instances: Instance[] = [];
const clients: TestClient[] = [];
const held: PoolClient[] = [];
let unitId: number;
let headcount: number;

beforeAll(async () => {
  url = await createTestDatabase();
  pool = createPool(url, 6);
  await pool.query(CREATE_TEST_EFFECTS);
  signIn = await startSignIn(pool);
  instances.push(...(await Promise.all([startJobInstance(url, signIn.env), startJobInstance(url, signIn.env)])));
  for (const i of instances) clients.push(await signedIn(i, signIn));
  unitId = (await pool.query<{ id: number }>(`SELECT id FROM units WHERE institutional_id = 'CLIMATE-LAB'`)).rows[0]!.id;
  headcount = await moduleId(pool, unitId, YEAR, 'headcount');
}, 120_000);

afterAll(() => tearDown({ held, instances, signIn, pool }), 60_000);

const members = (first: number, n: number) => [HEADCOUNT_HEADER, ...Array.from({ length: n }, (_, i) => `${first + i},Member ${first + i},1,`)].join('\n');

/** Both instances are up and answer: health, and a read that needs a session and the database. */
async function expectServing(jobId: number): Promise<void> {
  for (const [i, instance] of instances.entries()) {
    expect(instance.child.exitCode, `instance ${i} exited`).toBeNull();
    expect((await clients[i]!.get('/api/health')).status).toBe(200);
    expect((await clients[i]!.get(`/api/sync/jobs/${jobId}`)).status).toBe(200);
  }
}

/** The pipeline ran each of its jobs once (the year has no per-FTE estimate, an optional set: the
 * members add nothing and lack no factor); the module holds
 * exactly `ids`, each with its emission; module and report stats are what a recomputation from
 * the sums gives. */
async function expectCompletedOnce(pipelineId: string, ids: number[]): Promise<void> {
  const jobs = await pipelineJobs(pool, pipelineId);
  expect(jobs.map((j) => [j.job_type, j.state, j.result])).toEqual([
    ['csv_ingest', 'FINISHED', 'SUCCESS'],
    ['emission_recalc', 'FINISHED', 'SUCCESS'],
    ['aggregation', 'FINISHED', 'SUCCESS'],
  ]);
  const rows = await entriesOf(pool, headcount, 'member');
  expect(rows.map((r) => Number(r.data.user_institutional_id)).sort((a, b) => a - b)).toEqual(ids);
  expect(rows.every((r) => r.emissions === 1)).toBe(true);
  const { rows: stored } = await pool.query(
    'SELECT m.stats AS module, r.stats AS report, r.id AS report_id FROM carbon_report_modules m JOIN carbon_reports r ON r.id = m.carbon_report_id WHERE m.id = $1',
    [headcount],
  );
  expect(stored[0].module).toEqual(await moduleStatsFromSums(pool, headcount, 'headcount'));
  expect(stored[0].report).toEqual(await reportStatsFromSums(pool, stored[0].report_id));
  expect(stored[0].module.entries).toBe(ids.length);
  expect(stored[0].module.without_factor).toBe(0);
}

const range = (first: number, n: number) => Array.from({ length: n }, (_, i) => first + i);

describe('the sessions of a running job are terminated', () => {
  it('during a csv_ingest: the instances stay up and the chain completes once', async () => {
    // The ingest's insert waits for this lock: the job is mid-run, its domain transaction open.
    const lock = await holdLock(pool, held, 'LOCK TABLE data_entries IN SHARE MODE');
    const res = await upload(clients[0]!, { module: 'headcount', type: 'member', year: YEAR, unit_id: unitId }, members(410001, 300));
    expect(res.status).toBe(202);
    const [waiter] = await waitFor('the ingest to wait at its insert', async () => {
      const w = await waitingOn(pool, lock.pid, 'INSERT INTO data_entries');
      return w.length ? w : undefined;
    });
    expect(await jobRow(pool, res.body.job_id)).toMatchObject({ job_type: 'csv_ingest', state: 'RUNNING', attempts: 1 });
    const sessions = await jobPoolPids(pool);
    expect(sessions).toContain(waiter);
    expect(await terminate(pool, sessions)).toBe(sessions.length);
    await lock.release();
    await expectServing(res.body.job_id);

    await settled(pool, 60_000);
    expect(await jobRow(pool, res.body.job_id)).toMatchObject({ state: 'FINISHED', result: 'SUCCESS', attempts: 2 });
    await expectCompletedOnce(res.body.pipeline_id, range(410001, 300));
    await expectServing(res.body.job_id);
  });

  it('during an emission_recalc: the instances stay up and the chain completes once', async () => {
    // The recalculation's upsert waits for this lock (the ingest writes no emissions).
    const lock = await holdLock(pool, held, 'LOCK TABLE data_entry_emissions IN SHARE MODE');
    const res = await upload(clients[1]!, { module: 'headcount', type: 'member', year: YEAR, unit_id: unitId }, members(420001, 300));
    expect(res.status).toBe(202);
    const [waiter] = await waitFor('the recalculation to wait at its upsert', async () => {
      const w = await waitingOn(pool, lock.pid, 'computed emissions');
      return w.length ? w : undefined;
    });
    const recalc = (await pipelineJobs(pool, res.body.pipeline_id)).find((j) => j.job_type === 'emission_recalc');
    expect(recalc).toMatchObject({ state: 'RUNNING', attempts: 1 });
    const sessions = await jobPoolPids(pool);
    expect(sessions).toContain(waiter);
    expect(await terminate(pool, sessions)).toBe(sessions.length);
    await lock.release();
    await expectServing(recalc.id);

    await settled(pool, 60_000);
    expect(await jobRow(pool, recalc.id)).toMatchObject({ state: 'FINISHED', result: 'SUCCESS', attempts: 2 });
    await expectCompletedOnce(res.body.pipeline_id, [...range(410001, 300), ...range(420001, 300)]);
    await expectServing(recalc.id);
  });
});

describe("an instance's liveness session is terminated while its job runs", () => {
  it('the job is rescued elsewhere; the late finish of its first attempt changes nothing', async () => {
    const gate = await holdLock(pool, held, 'SELECT pg_advisory_xact_lock(4242)');
    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO data_ingestion_jobs (job_type, entity_type, target, module_type, payload)
       VALUES ('test_effect', 'MODULE_PER_YEAR', 'DATA_ENTRIES', 'liveness-cut', '{"hold_first_attempt_on_lock": 4242}') RETURNING id`,
    );
    const id = rows[0]!.id;
    const [firstAttempt] = await waitFor('the first attempt to wait for the gate', async () => {
      const w = await waitingOn(pool, gate.pid, 'pg_advisory_xact_lock');
      return w.length ? w : undefined;
    });
    const owner = (await jobRow(pool, id)).locked_by as string;
    const other = instances.find((i) => i.id !== owner)!;

    // The owner's registration again waits for this row lock: it looks dead until let back.
    const ownerRow = await holdLock(pool, held, 'SELECT 1 FROM job_instances WHERE id = $1 FOR UPDATE', [owner]);
    expect(await terminate(pool, [(await livenessPid(pool, owner))!])).toBe(1);
    await waitFor('the other instance to complete the job', async () => (await jobRow(pool, id)).state === 'FINISHED', 30_000);
    const done = await jobRow(pool, id);
    expect(done).toMatchObject({ result: 'SUCCESS', attempts: 2, locked_by: other.id });
    const effects = async () => (await pool.query('SELECT attempt, instance, note FROM test_effects WHERE job_id = $1', [id])).rows;
    const rescued = [{ attempt: 2, instance: other.id, note: `Rescued: the database session of instance ${owner} ended (the instance died or lost its connection).` }];
    expect(await effects()).toEqual(rescued);

    // The first attempt goes on to its finish, which finds the job no longer its own.
    await gate.release();
    await waitFor('the first attempt to end', () => isIdle(pool, firstAttempt!));
    expect(await effects()).toEqual(rescued);
    expect(await jobRow(pool, id)).toMatchObject({ state: 'FINISHED', result: 'SUCCESS', attempts: 2, locked_by: other.id, finished_at: done.finished_at });

    await ownerRow.release();
    await waitFor('the owner to register again', () => isAlive(pool, owner));
    await expectServing(id);
  });
});
