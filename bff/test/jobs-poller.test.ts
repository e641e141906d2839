// The safety poller and instance liveness: orphans run at the next poll and only once; jobs of
// an instance whose liveness session ended are rescued at the next tick, those of an instance
// that stopped beating once the rescue window has passed, those of a live one never; a rescued
// attempt's late finish changes nothing; a graceful stop releases unfinished work.
// The runners tick when told and read a clock the test moves: no test waits for an interval.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoolClient } from '../src/db/pool';
import { ManualClock } from '../src/core/clock';
import type { JobHandler } from '../src/jobs/types';
import { deferred, jobTestDb, testJob, waitFor, type JobTestDb } from './support/jobs';
import { holdLock, isAlive, livenessPid, releaseHeld, terminate } from './support/faults';

let db: JobTestDb;
const held: PoolClient[] = [];
beforeAll(async () => {
  db = await jobTestDb();
});
afterAll(async () => {
  await releaseHeld(held);
  await db?.close();
});

const INTERVAL = 10_000;
const WINDOW = 60_000;

const effects = async (jobId: number) => (await db.pool.query('SELECT attempt, instance, note FROM test_effects WHERE job_id = $1 ORDER BY attempt', [jobId])).rows;

/** A handler whose first attempt writes its effect, then waits for `gate`; later attempts just
 * write theirs. The effect's note is the status message the attempt started with. */
function heldFirstAttempt(type: string, gate: Promise<void>, instance: () => string): JobHandler {
  return {
    type,
    writes: ['test_effects'],
    run: async ({ job, db: tx }) => {
      await tx.query('INSERT INTO test_effects (job_id, attempt, instance, note) VALUES ($1, $2, $3, $4)', [job.id, job.attempts, instance(), job.status_message]);
      if (job.attempts === 1) await gate;
    },
  };
}

describe('safety poller', () => {
  it('runs a NOT_STARTED job nobody fired at the next poll, not before', async () => {
    const clock = new ManualClock();
    const runner = await db.runner({ clock, pollIntervalMs: INTERVAL });
    runner.register({ type: 'test_orphan', writes: [], run: async () => {} });
    await runner.tick(); // beats and polls: nothing is due yet
    // Committed without being fired: what a crash between commit and firing leaves behind.
    const job = await db.insert(testJob('orphan', { job_type: 'test_orphan' }));
    await runner.tick(); // within the interval: no poll, so nothing was fired (firing is synchronous)
    expect(runner.backlog()).toBe(0);
    expect((await db.job(job.id)).state).toBe('NOT_STARTED');
    clock.advance(INTERVAL);
    await runner.tick();
    await runner.whenIdle();
    expect(await db.job(job.id)).toMatchObject({ state: 'FINISHED', locked_by: runner.instanceId });
  });

  it('runs each orphan once when two instances poll together', async () => {
    const counts = new Map<number, number>();
    const handler: JobHandler = {
      type: 'test_pair',
      writes: ['test_effects'],
      run: async ({ job, db: tx }) => {
        counts.set(job.id, (counts.get(job.id) ?? 0) + 1);
        await tx.query('INSERT INTO test_effects (job_id) VALUES ($1)', [job.id]);
      },
    };
    const { rows } = await db.pool.query<{ id: number }>(
      `INSERT INTO data_ingestion_jobs (job_type, entity_type, target, module_type)
       SELECT 'test_pair', 'MODULE_PER_YEAR', 'DATA_ENTRIES', 'pair' || g FROM generate_series(1, 60) g RETURNING id`,
    );
    const a = await db.runner({ poll: true, pollIntervalMs: 50 });
    const b = await db.runner({ poll: true, pollIntervalMs: 50 });
    a.register(handler);
    b.register(handler);
    await waitFor('all orphans to finish', async () => {
      const r = await db.pool.query(`SELECT 1 FROM data_ingestion_jobs WHERE job_type = 'test_pair' AND state <> 'FINISHED'`);
      return r.rowCount === 0;
    });
    expect(rows.every(({ id }) => counts.get(id) === 1)).toBe(true);
    const dup = await db.pool.query(`SELECT job_id FROM test_effects GROUP BY job_id HAVING count(*) > 1`);
    expect(dup.rowCount).toBe(0);
    const byInstance = await db.pool.query(`SELECT DISTINCT locked_by FROM data_ingestion_jobs WHERE job_type = 'test_pair'`);
    expect(byInstance.rowCount).toBe(2);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('rescues a RUNNING job of a silent instance and runs it again', async () => {
    // Registered before liveness sessions existed (no key): judged by its heartbeat alone.
    await db.pool.query(`INSERT INTO job_instances (id, heartbeat_at) VALUES ('dead-instance', now() - interval '1 hour')`);
    const job = await db.insert(testJob('rescue', { job_type: 'test_rescue' }));
    await db.pool.query(
      `UPDATE data_ingestion_jobs SET state = 'RUNNING', locked_by = 'dead-instance', locked_at = now() - interval '1 hour', attempts = 1, is_current = true WHERE id = $1`,
      [job.id],
    );
    const runner = await db.runner({ rescueAfterMs: 1_000 });
    runner.register({ type: 'test_rescue', writes: [], run: async () => {} });
    await runner.tick();
    await runner.whenIdle();
    expect(await db.job(job.id)).toMatchObject({ state: 'FINISHED', result: 'SUCCESS', attempts: 2, locked_by: runner.instanceId });
  });

  it('ends a rescued job in ERROR when it has no attempt left', async () => {
    const job = await db.insert(testJob('rescue-last', { job_type: 'test_rescue', max_attempts: 1 }));
    await db.pool.query(`UPDATE data_ingestion_jobs SET state = 'RUNNING', locked_by = 'vanished-instance', attempts = 1 WHERE id = $1`, [job.id]);
    const runner = await db.runner();
    await runner.tick();
    expect(await db.job(job.id)).toMatchObject({ state: 'FINISHED', result: 'ERROR', attempts: 1 });
    expect((await db.job(job.id)).status_message).toMatch(/vanished-instance stopped responding/);
  });
});

describe('instance liveness', () => {
  it('never rescues the jobs of a live instance that beats, however long they run', async () => {
    const clock = new ManualClock();
    const gate = deferred();
    const owner = await db.runner({ clock, rescueAfterMs: WINDOW });
    owner.register({ type: 'test_live', writes: [], run: () => gate.promise });
    const watcher = await db.runner({ clock, rescueAfterMs: WINDOW });
    const job = await db.insert(testJob('live', { job_type: 'test_live' }));
    const run = owner.runJob(job.id);
    await waitFor('the job to run', async () => (await db.job(job.id)).state === 'RUNNING');
    for (let window = 0; window < 3; window++) {
      clock.advance(WINDOW);
      await owner.tick(); // beats
      await watcher.tick(); // beats, and would rescue an orphan
    }
    expect(await db.job(job.id)).toMatchObject({ state: 'RUNNING', locked_by: owner.instanceId, attempts: 1 });
    gate.resolve();
    expect(await run).toBe('finished');
  });

  it('rescues at once the job of an instance whose liveness session ended; the late finish of its attempt changes nothing', async () => {
    const clock = new ManualClock();
    const gate = deferred();
    const owner = await db.runner({ clock, rescueAfterMs: WINDOW });
    const watcher = await db.runner({ clock, rescueAfterMs: WINDOW });
    owner.register(heldFirstAttempt('test_cut', gate.promise, () => owner.instanceId));
    watcher.register(heldFirstAttempt('test_cut', gate.promise, () => watcher.instanceId));
    const job = await db.insert(testJob('cut', { job_type: 'test_cut' }));
    const run = owner.runJob(job.id);
    await waitFor('the first attempt to hold', async () => (await db.job(job.id)).state === 'RUNNING');
    await watcher.tick();
    expect(await db.job(job.id)).toMatchObject({ state: 'RUNNING', locked_by: owner.instanceId });

    // The owner's liveness session ends (a cut connection). Its registration again waits for a
    // row lock this test holds, so the owner looks dead until the test lets it back.
    const ownerRow = await holdLock(db.pool, held, 'SELECT 1 FROM job_instances WHERE id = $1 FOR UPDATE', [owner.instanceId]);
    expect(await terminate(db.pool, [(await livenessPid(db.pool, owner.instanceId))!])).toBe(1);
    await waitFor('the owner to be known dead', async () => !(await isAlive(db.pool, owner.instanceId)));
    clock.advance(INTERVAL); // the watcher's next beat, far inside the heartbeat window
    await watcher.tick();
    await watcher.whenIdle();
    expect(await db.job(job.id)).toMatchObject({ state: 'FINISHED', result: 'SUCCESS', attempts: 2, locked_by: watcher.instanceId });

    // The first attempt goes on and reaches its finish: the job is no longer its own.
    gate.resolve();
    expect(await run).toBe('lost');
    expect(await effects(job.id)).toEqual([
      { attempt: 2, instance: watcher.instanceId, note: `Rescued: the database session of instance ${owner.instanceId} ended (the instance died or lost its connection).` },
    ]);
    // Let back, the owner registers again with a new lock.
    await ownerRow.release();
    await waitFor('the owner to be alive again', () => isAlive(db.pool, owner.instanceId));
    expect(owner.liveness.key).toBeDefined();
  });

  it('rescues the job of an instance whose session lives but which stopped beating, once the window has passed', async () => {
    const clock = new ManualClock();
    const gate = deferred();
    const owner = await db.runner({ clock, rescueAfterMs: WINDOW });
    const watcher = await db.runner({ clock, rescueAfterMs: WINDOW });
    owner.register(heldFirstAttempt('test_hung', gate.promise, () => owner.instanceId));
    watcher.register(heldFirstAttempt('test_hung', gate.promise, () => watcher.instanceId));
    const job = await db.insert(testJob('hung', { job_type: 'test_hung' }));
    const run = owner.runJob(job.id);
    await waitFor('the first attempt to hold', async () => (await db.job(job.id)).state === 'RUNNING');

    // The owner never ticks again: its last beat was its registration.
    clock.advance(WINDOW - 1);
    await watcher.tick();
    expect(await db.job(job.id)).toMatchObject({ state: 'RUNNING', locked_by: owner.instanceId });
    clock.advance(INTERVAL);
    await watcher.tick();
    await watcher.whenIdle();
    expect(await db.job(job.id)).toMatchObject({ state: 'FINISHED', result: 'SUCCESS', attempts: 2, locked_by: watcher.instanceId });
    gate.resolve();
    expect(await run).toBe('lost');
    expect(await effects(job.id)).toEqual([{ attempt: 2, instance: watcher.instanceId, note: `Rescued: instance ${owner.instanceId} stopped responding.` }]);
  });
});

describe('graceful shutdown', () => {
  it('lets a job finish within the grace period', async () => {
    const runner = await db.runner({ shutdownGraceMs: 5_000 });
    const inside = deferred();
    const gate = deferred();
    runner.register({
      type: 'test_grace',
      writes: [],
      run: async () => {
        inside.resolve();
        await gate.promise;
      },
    });
    const job = await db.insert(testJob('grace', { job_type: 'test_grace' }));
    const run = runner.runJob(job.id);
    await inside.promise;
    const stopping = runner.stop();
    gate.resolve(); // the job ends after the stop began
    await stopping;
    expect(await run).toBe('finished');
    expect((await db.job(job.id)).state).toBe('FINISHED');
  });

  it('stops claiming, then releases a job still running after the grace period', async () => {
    const runner = await db.runner({ shutdownGraceMs: 200 });
    const inside = deferred();
    runner.register({
      type: 'test_stuck',
      writes: ['test_effects'],
      run: async ({ job, db: tx }) => {
        await tx.query('INSERT INTO test_effects (job_id) VALUES ($1)', [job.id]);
        inside.resolve();
        await new Promise(() => {}); // never ends, ignores its signal
      },
    });
    const job = await db.insert(testJob('stuck', { job_type: 'test_stuck' }));
    const run = runner.runJob(job.id);
    await inside.promise;
    await runner.stop();
    expect(await run).toBe('stopped');
    expect(await db.job(job.id)).toMatchObject({ state: 'NOT_STARTED', locked_by: null, attempts: 1 });
    expect((await db.job(job.id)).status_message).toMatch(/Released by instance/);
    expect((await db.pool.query('SELECT 1 FROM test_effects WHERE job_id = $1', [job.id])).rowCount).toBe(0);
    expect((await db.pool.query('SELECT 1 FROM job_instances WHERE id = $1', [runner.instanceId])).rowCount).toBe(0);
    expect(await livenessPid(db.pool, runner.instanceId)).toBeUndefined();
    expect(await runner.runJob(job.id)).toBe('stopped');

    // Another instance takes it over.
    const next = await db.runner();
    next.register({ type: 'test_stuck', writes: [], run: async () => {} });
    expect(await next.runJob(job.id)).toBe('finished');
    expect((await db.job(job.id)).attempts).toBe(2);
  });
});
