// The safety poller and instance liveness: orphans run within an interval and only once, jobs of
// silent instances are rescued, and a graceful stop releases unfinished work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobHandler } from '../src/jobs/types';
import { deferred, jobTestDb, sleep, testJob, waitFor, type JobTestDb } from './support/jobs';

let db: JobTestDb;
beforeAll(async () => {
  db = await jobTestDb();
});
afterAll(() => db?.close());

const INTERVAL = 300;

describe('safety poller', () => {
  it('runs a NOT_STARTED job nobody fired within one poll interval', async () => {
    const runner = await db.runner({ poll: true, pollIntervalMs: INTERVAL });
    runner.register({ type: 'test_orphan', writes: [], run: async () => {} });
    await sleep(INTERVAL); // past the first tick, so the next one is a regular interval away
    // Committed without being fired: what a crash between commit and firing leaves behind.
    const job = await db.insert(testJob('orphan', { job_type: 'test_orphan' }));
    // One interval plus its jitter (+20 %) and the time to run a no-op job.
    await waitFor('the orphan to finish', async () => (await db.job(job.id)).state === 'FINISHED', INTERVAL * 1.2 + 500, 10);
    expect((await db.job(job.id)).locked_by).toBe(runner.instanceId);
    await runner.stop();
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
    await db.pool.query(`INSERT INTO job_instances (id, heartbeat_at) VALUES ('dead-instance', now() - interval '1 hour')`);
    const job = await db.insert(testJob('rescue', { job_type: 'test_rescue' }));
    await db.pool.query(
      `UPDATE data_ingestion_jobs SET state = 'RUNNING', locked_by = 'dead-instance', locked_at = now() - interval '1 hour', attempts = 1, is_current = true WHERE id = $1`,
      [job.id],
    );
    const runner = await db.runner({ poll: true, pollIntervalMs: 100, rescueAfterMs: 1_000 });
    runner.register({ type: 'test_rescue', writes: [], run: async () => {} });
    await waitFor('the rescued job to finish', async () => (await db.job(job.id)).state === 'FINISHED');
    expect(await db.job(job.id)).toMatchObject({ result: 'SUCCESS', attempts: 2, locked_by: runner.instanceId });
    await runner.stop();
  });

  it('ends a rescued job in ERROR when it has no attempt left', async () => {
    const job = await db.insert(testJob('rescue-last', { job_type: 'test_rescue', max_attempts: 1 }));
    await db.pool.query(`UPDATE data_ingestion_jobs SET state = 'RUNNING', locked_by = 'vanished-instance', attempts = 1 WHERE id = $1`, [job.id]);
    const runner = await db.runner({ poll: true, pollIntervalMs: 100 });
    await waitFor('the job to end', async () => (await db.job(job.id)).state === 'FINISHED');
    expect(await db.job(job.id)).toMatchObject({ result: 'ERROR', attempts: 1 });
    expect((await db.job(job.id)).status_message).toMatch(/vanished-instance stopped responding/);
    await runner.stop();
  });

  it('does not rescue the jobs of a live instance', async () => {
    const gate = deferred();
    const owner = await db.runner({ poll: true, pollIntervalMs: 100, rescueAfterMs: 600 });
    owner.register({ type: 'test_live', writes: [], run: () => gate.promise });
    const watcher = await db.runner({ poll: true, pollIntervalMs: 100, rescueAfterMs: 600 });
    const job = await db.insert(testJob('live', { job_type: 'test_live' }));
    const run = owner.runJob(job.id);
    await sleep(1_500); // more than twice the rescue window: the owner's heartbeat keeps it
    expect(await db.job(job.id)).toMatchObject({ state: 'RUNNING', locked_by: owner.instanceId, attempts: 1 });
    gate.resolve();
    expect(await run).toBe('finished');
    await Promise.all([owner.stop(), watcher.stop()]);
  });
});

describe('graceful shutdown', () => {
  it('lets a job finish within the grace period', async () => {
    const runner = await db.runner({ shutdownGraceMs: 5_000 });
    const inside = deferred();
    runner.register({
      type: 'test_grace',
      writes: [],
      run: async () => {
        inside.resolve();
        await sleep(200);
      },
    });
    const job = await db.insert(testJob('grace', { job_type: 'test_grace' }));
    const run = runner.runJob(job.id);
    await inside.promise;
    await runner.stop();
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
    expect(await runner.runJob(job.id)).toBe('stopped');

    // Another instance takes it over.
    const next = await db.runner();
    next.register({ type: 'test_stuck', writes: [], run: async () => {} });
    expect(await next.runJob(job.id)).toBe('finished');
    expect((await db.job(job.id)).attempts).toBe(2);
  });
});
