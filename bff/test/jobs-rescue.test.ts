// A SIGKILLed instance, on real BFF processes with the default poller interval (10 s) and rescue
// window (60 s): its job is rescued through its liveness session, which ended with the process,
// and completed once by another instance; an operator's recover right after the kill is accepted,
// saying that the instance is dead. The time from the kill to the rescue is printed, not
// asserted (bench/rescueTime.ts measures it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool, type PoolClient } from '../src/db/pool';
import { createTestDatabase } from './support/stack';
import type { TestClient } from './support/httpClient';
import { CREATE_TEST_EFFECTS, waitFor } from './support/jobs';
import { signedIn, startJobInstance, startSignIn, tearDown, type Instance, type SignIn } from './support/instances';
import { holdLock, isAlive } from './support/faults';
import { jobRow } from './support/pipeline';

let url: string;
let pool: Pool;
let signIn: SignIn;
const instances: Instance[] = [];
const clients = new Map<string, TestClient>();
const held: PoolClient[] = [];

/** Instances as deployed: the default poller interval and rescue window. */
async function startInstance(): Promise<Instance> {
  const instance = await startJobInstance(url, { ...signIn.env, POLLER_INTERVAL_SECONDS: '10', JOB_RESCUE_AFTER_SECONDS: '60' });
  instances.push(instance);
  clients.set(instance.id, await signedIn(instance, signIn));
  return instance;
}

beforeAll(async () => {
  url = await createTestDatabase();
  pool = createPool(url, 4);
  await pool.query(CREATE_TEST_EFFECTS);
  signIn = await startSignIn(pool);
  await Promise.all([startInstance(), startInstance()]);
}, 120_000);

afterAll(() => tearDown({ held, instances, signIn, pool }), 60_000);

/** A job whose first attempt sleeps for minutes, run by `on`: due only in an hour, so that no
 * poller takes it, and fired by `on`'s recover endpoint, which makes it due. */
async function sleepingJobOn(on: Instance, name: string): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO data_ingestion_jobs (job_type, entity_type, target, module_type, payload, run_after)
     VALUES ('test_effect', 'MODULE_PER_YEAR', 'DATA_ENTRIES', $1, '{"sleep_first_attempt_ms": 600000}', now() + interval '1 hour') RETURNING id`,
    [name],
  );
  const id = rows[0]!.id;
  expect((await clients.get(on.id)!.post(`/api/sync/jobs/${id}/recover`)).status).toBe(200);
  await waitFor('the job to be mid-handler', async () => {
    const r = await pool.query(`SELECT 1 FROM data_ingestion_jobs WHERE id = $1 AND state = 'RUNNING' AND progress->>'phase' = 'sleeping'`, [id]);
    return r.rowCount === 1;
  });
  return id;
}

const dead = (owner: string) => `Rescued: the database session of instance ${owner} ended (the instance died or lost its connection).`;

describe('a SIGKILLed instance', () => {
  it('has its job rescued by the liveness rule and completed once by another instance', async () => {
    const victim = instances[0]!;
    const id = await sleepingJobOn(victim, 'sigkill');
    const owner = victim.id;
    expect((await jobRow(pool, id)).locked_by).toBe(owner);
    const killedAt = performance.now();
    victim.child.kill('SIGKILL');
    await victim.exited;
    // Well inside the one-minute heartbeat window: only the liveness rule can rescue it by then.
    await waitFor('another instance to take the job over', async () => (await jobRow(pool, id)).attempts === 2, 45_000, 50);
    const rescuedMs = performance.now() - killedAt;
    await waitFor('the job to finish', async () => (await jobRow(pool, id)).state === 'FINISHED', 30_000);
    const job = await jobRow(pool, id);
    expect(job).toMatchObject({ result: 'SUCCESS', attempts: 2 });
    expect(job.locked_by).not.toBe(owner);
    const effects = await pool.query('SELECT attempt, instance, note FROM test_effects WHERE job_id = $1', [id]);
    expect(effects.rows).toEqual([{ attempt: 2, instance: job.locked_by, note: dead(owner) }]);
    console.info(`rescued ${Math.round(rescuedMs)} ms after SIGKILL (poller interval 10 s)`);
  });

  it('has its job recovered at once by an operator, the answer saying that the instance is dead', async () => {
    const victim = await startInstance();
    const survivor = instances.find((i) => i !== victim && i.child.exitCode === null && i.child.signalCode === null)!;
    // The survivor's poller stops at its next heartbeat, so that the recover, not a rescue, takes
    // the job back.
    const beat = await holdLock(pool, held, 'SELECT 1 FROM job_instances WHERE id = $1 FOR UPDATE', [survivor.id]);
    const id = await sleepingJobOn(victim, 'recover-after-kill');
    expect((await jobRow(pool, id)).locked_by).toBe(victim.id);
    victim.child.kill('SIGKILL');
    await victim.exited;
    await waitFor('the victim to be known dead (its liveness session ended)', async () => !(await isAlive(pool, victim.id)));

    const res = await clients.get(survivor.id)!.post(`/api/sync/jobs/${id}/recover`);
    expect(res.status).toBe(200);
    expect(res.body.recovered_because).toBe(`its instance ${victim.id} is dead: its database session has ended, so it holds no liveness lock`);
    await beat.release();
    await waitFor('the job to finish', async () => (await jobRow(pool, id)).state === 'FINISHED', 30_000);
    expect(await jobRow(pool, id)).toMatchObject({ result: 'SUCCESS', attempts: 2, locked_by: survivor.id });
    const effects = await pool.query('SELECT attempt, instance FROM test_effects WHERE job_id = $1', [id]);
    expect(effects.rows).toEqual([{ attempt: 2, instance: survivor.id }]);
  });
});
