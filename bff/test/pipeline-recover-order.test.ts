// Two replace uploads to one module, a crash and a manual recover, on real BFF processes: the
// file accepted first must be applied first, so that the module ends with the rows of the file
// accepted last. (Before acceptance order was kept, the waiting newer file was claimed as soon
// as the recovered older one was no longer RUNNING, and the older file ran last.)
// Every step waits on a state of the database, never on time: the first instance's file is held
// mid-import by a row lock this test holds; the other instance's poller is held at its heartbeat,
// as a poller that has not come round yet would be, so that the manual recover, not a rescue by
// the poller, brings the older job back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool, type PoolClient } from '../src/db/pool';
import { createTestDatabase } from './support/stack';
import type { TestClient } from './support/httpClient';
import { waitFor } from './support/jobs';
import { signedIn, startJobInstance, startSignIn, tearDown, type Instance, type SignIn } from './support/instances';
import { holdLock, isAlive, waitingOn } from './support/faults';
import { entriesOf, HEADCOUNT_HEADER, jobRow, moduleId, settled, upload } from './support/pipeline';

const YEAR = 2025;
let url: string;
let pool: Pool;
let signIn: SignIn;
const instances: Instance[] = [];
const clients = new Map<string, TestClient>();
const held: PoolClient[] = [];

beforeAll(async () => {
  url = await createTestDatabase();
  pool = createPool(url, 6);
  signIn = await startSignIn(pool);
  instances.push(...(await Promise.all([startJobInstance(url, signIn.env), startJobInstance(url, signIn.env)])));
  for (const i of instances) clients.set(i.id, await signedIn(i, signIn));
}, 120_000);

afterAll(() => tearDown({ held, instances, signIn, pool }), 60_000);

/** A transaction of this test holding a row lock until it ends. */
async function holdRow(sql: string, values: unknown[]) {
  const lock = await holdLock(pool, held, sql, values);
  expect(lock.rowCount).toBe(1);
  return lock;
}

/** Some session waits for the lock of session `pid` (with `what` it runs, when given). */
const someoneWaitsOn = async (pid: number, what = '') => (await waitingOn(pool, pid, what)).length > 0;

const members = (prefix: string, first: number) => [HEADCOUNT_HEADER, ...[0, 1, 2].map((i) => `${first + i},${prefix} Member ${i},1,`)].join('\n');

describe('two replace uploads to one module, a crash and a manual recover', () => {
  it('applies the file accepted first first: the module ends with the rows of the file accepted last', async () => {
    const unitId = (await pool.query<{ id: number }>(`SELECT id FROM units WHERE institutional_id = 'CLIMATE-LAB'`)).rows[0]!.id;
    const headcount = await moduleId(pool, unitId, YEAR, 'headcount');
    const q = { module: 'headcount', type: 'member', year: YEAR, unit_id: unitId, mode: 'replace' };

    // File X is accepted and starts; its rows wait for the module row this test locks (the
    // foreign key check of an insert takes a key-share lock on it).
    const moduleLock = await holdRow('SELECT 1 FROM carbon_report_modules WHERE id = $1 FOR UPDATE', [headcount]);
    const x = await upload(clients.get(instances[0]!.id)!, q, members('Older', 310001));
    expect(x.status).toBe(202);
    await waitFor('file X to be importing, held at the module row', () => someoneWaitsOn(moduleLock.pid, 'INSERT INTO data_entries'), 30_000);
    const lockedBy = (await jobRow(pool, x.body.job_id)).locked_by;
    const owner = instances.find((i) => i.id === lockedBy)!;
    const other = instances.find((i) => i !== owner)!;

    // File Y, same module and entry type, reaches the other instance and waits behind X.
    const y = await upload(clients.get(other.id)!, q, members('Newer', 320001));
    expect(y.status).toBe(202);
    expect(y.body.job_id).toBeGreaterThan(x.body.job_id);
    expect(await jobRow(pool, y.body.job_id)).toMatchObject({ state: 'NOT_STARTED' });

    // The other instance's poller stops at its next heartbeat until the recover below is done.
    const beatLock = await holdRow('SELECT 1 FROM job_instances WHERE id = $1 FOR UPDATE', [other.id]);
    await waitFor("the other instance's poller to wait at its heartbeat", () => someoneWaitsOn(beatLock.pid, 'job_instances'));

    // The instance running X dies; its transaction can never commit. Once the row lock is gone
    // its server session notices the dead client and rolls back.
    owner.child.kill('SIGKILL');
    await owner.exited;
    await moduleLock.release();
    await waitFor('the dead instance to be known dead (its liveness session ended)', async () => !(await isAlive(pool, owner.id)), 30_000);
    expect(await jobRow(pool, x.body.job_id)).toMatchObject({ state: 'RUNNING', locked_by: owner.id });
    expect(await jobRow(pool, y.body.job_id)).toMatchObject({ state: 'NOT_STARTED' });

    const recovered = await clients.get(other.id)!.post(`/api/sync/jobs/${x.body.job_id}/recover`);
    expect(recovered.status).toBe(200);
    expect(recovered.body.recovered_because).toMatch(/is dead: its database session has ended/);
    await beatLock.release();

    await settled(pool, 60_000);
    const [jx, jy] = [await jobRow(pool, x.body.job_id), await jobRow(pool, y.body.job_id)];
    expect(jx).toMatchObject({ state: 'FINISHED', result: 'SUCCESS', attempts: 2, is_current: false });
    expect(jy).toMatchObject({ state: 'FINISHED', result: 'SUCCESS', attempts: 1, is_current: true });
    expect(jy.started_at.getTime()).toBeGreaterThanOrEqual(jx.finished_at.getTime());
    const rows = await entriesOf(pool, headcount, 'member');
    expect(rows.map((r) => [r.data.user_institutional_id, r.data.name]).sort()).toEqual([
      ['320001', 'Newer Member 0'],
      ['320002', 'Newer Member 1'],
      ['320003', 'Newer Member 2'],
    ]);
  }, 180_000);
});
