// Acceptance order within a combination: jobs created concurrently on two connections get ids
// in the order they commit and run in that order; a retried or recovered job keeps its place;
// the poller never picks a job held back behind an earlier one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoolClient } from '../src/db/pool';
import { insertJob } from '../src/jobs/chainJob';
import { claimJob } from '../src/jobs/claimJob';
import { recoverJob } from '../src/jobs/recoverJob';
import * as jobSql from '../src/jobs/sql';
import type { JobRunner } from '../src/jobs/runner';
import { jobTestDb, testJob, waitFor, type JobTestDb } from './support/jobs';

let db: JobTestDb;
beforeAll(async () => {
  db = await jobTestDb();
});
afterAll(() => db?.close());

/** A runner whose test_work jobs record their start; those in `failFirst` fail their first
 * attempt, and wait `retryBaseMs` (about) for their next. */
async function recordingRunner(started: number[], failFirst = new Set<number>(), retryBaseMs = 20): Promise<JobRunner> {
  const runner = await db.runner({ concurrency: 4, retryBaseMs });
  runner.register({
    type: 'test_work',
    writes: [],
    run: async ({ job }) => {
      started.push(job.id);
      if (failFirst.has(job.id) && job.attempts === 1) throw new Error('first attempt fails');
    },
  });
  return runner;
}

const backendPid = async (c: PoolClient) => (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
const waitsOn = async (waiter: number, holder: number) =>
  (await db.pool.query<{ blocked: boolean }>('SELECT $2::int = ANY (pg_blocking_pids($1)) AS blocked', [waiter, holder])).rows[0]!.blocked;

describe('creating jobs of one combination concurrently', () => {
  it('gives the one that commits first the smaller id, and runs it first (both ways round)', async () => {
    const [c1, c2] = [await db.pool.connect(), await db.pool.connect()];
    try {
      for (const [round, [first, second]] of [[c1, c2] as const, [c2, c1] as const].entries()) {
        const combination = testJob(`concurrent-${round}`);
        await first.query('BEGIN');
        await second.query('BEGIN');
        const [firstPid, secondPid] = [await backendPid(first), await backendPid(second)];
        // `second` began its transaction no earlier than `first`; its creation comes just after.
        const firstJob = await insertJob(first, combination);
        const secondJob = insertJob(second, combination);
        // It waits for the first transaction to end, before it draws an id.
        await waitFor('the second creation to wait for the first transaction', () => waitsOn(secondPid, firstPid));
        await first.query('COMMIT');
        const secondRow = await secondJob;
        await second.query('COMMIT');
        expect(secondRow.id).toBeGreaterThan(firstJob.id);

        const started: number[] = [];
        const runner = await recordingRunner(started);
        // Fired in the other order: the later one is held back until the earlier one finished.
        expect(await runner.runJob(secondRow.id)).toBe('blocked');
        expect(await runner.runJob(firstJob.id)).toBe('finished');
        await waitFor('the later job to run', async () => (await db.job(secondRow.id)).state === 'FINISHED');
        expect(started).toEqual([firstJob.id, secondRow.id]);
      }
    } finally {
      await c1.query('ROLLBACK').catch(() => {});
      await c2.query('ROLLBACK').catch(() => {});
      c1.release();
      c2.release();
    }
  });

  it('does not hold back the creation of a job of another combination', async () => {
    const [c1, c2] = [await db.pool.connect(), await db.pool.connect()];
    try {
      await c1.query('BEGIN');
      await insertJob(c1, testJob('held'));
      // Completes while the first transaction still holds its combination.
      const other = await insertJob(c2, testJob('not-held'));
      expect(other.state).toBe('NOT_STARTED');
      expect((await db.pool.query('SELECT 1 FROM data_ingestion_jobs WHERE id = $1', [other.id])).rowCount).toBe(1);
    } finally {
      await c1.query('ROLLBACK');
      c1.release();
      c2.release();
    }
  });
});

describe('a job held back behind an earlier one of its combination', () => {
  it('waits while the earlier job is retried, and runs after its successful retry', async () => {
    const started: number[] = [];
    const first = await db.insert(testJob('retry'));
    const later = await db.insert(testJob('retry'));
    const runner = await recordingRunner(started, new Set([first.id]), 600_000);
    expect(await runner.runJob(first.id)).toBe('retrying');
    // Back to waiting, for minutes: not finished, so the later job may not pass it.
    expect((await db.job(first.id)).state).toBe('NOT_STARTED');
    expect(await runner.runJob(later.id)).toBe('blocked');
    expect((await db.job(later.id)).state).toBe('NOT_STARTED');
    // The operator cuts the retry delay short; the retry runs, then the later job.
    expect(await recoverJob(db.pool, runner, first.id)).toMatchObject({ status: 'recovered', reason: 'it was waiting for a retry delay' });
    await waitFor('both to finish', async () => (await db.job(later.id)).state === 'FINISHED');
    expect(started).toEqual([first.id, first.id, later.id]);
    const [f, l] = [await db.job(first.id), await db.job(later.id)];
    expect(f).toMatchObject({ result: 'SUCCESS', attempts: 2, is_current: false });
    expect(l).toMatchObject({ result: 'SUCCESS', attempts: 1, is_current: true });
    expect(l.started_at!.getTime()).toBeGreaterThanOrEqual(f.finished_at!.getTime());
  });

  it('is never picked by the poller, which picks it once the earlier job has finished', async () => {
    const first = await db.insert(testJob('poll'));
    const second = await db.insert(testJob('poll'));
    const third = await db.insert(testJob('poll'));
    const due = async () => (await jobSql.pollDue(db.pool, { types: ['test_work'], limit: 100 })).rows.map((r) => r.id);
    expect(await due()).toEqual(expect.arrayContaining([first.id]));
    const c = await db.pool.connect();
    try {
      expect((await claimJob(c, first.id, 'elsewhere', ['test_work'])).status).toBe('claimed');
    } finally {
      c.release();
    }
    expect(await due()).not.toEqual(expect.arrayContaining([second.id]));
    expect(await due()).not.toEqual(expect.arrayContaining([third.id]));
    // Finished by its instance (elsewhere): the next one, and only it, is due for a poller.
    await db.pool.query(`UPDATE data_ingestion_jobs SET state = 'FINISHED', result = 'SUCCESS', finished_at = now() WHERE id = $1`, [first.id]);
    const picked = await due();
    expect(picked).toContain(second.id);
    expect(picked).not.toContain(third.id);
  });

  it('keeps its place when the earlier job is recovered: recovering it is refused, the earlier one runs first', async () => {
    const started: number[] = [];
    const runner = await recordingRunner(started);
    await db.pool.query(`INSERT INTO job_instances (id, heartbeat_at) VALUES ('gone-for-good', now() - interval '1 hour')`);
    const first = await db.insert(testJob('recover'));
    await db.pool.query(`UPDATE data_ingestion_jobs SET state = 'RUNNING', locked_by = 'gone-for-good', locked_at = now(), attempts = 1, is_current = true WHERE id = $1`, [first.id]);
    const later = await db.insert(testJob('recover'));
    expect(await runner.runJob(later.id)).toBe('blocked');

    const refused = await recoverJob(db.pool, runner, later.id);
    expect(refused).toMatchObject({ status: 'conflict' });
    expect(refused.status === 'conflict' && refused.detail).toMatch(new RegExp(`waits for job ${first.id}`));

    const recovered = await recoverJob(db.pool, runner, first.id);
    expect(recovered).toMatchObject({ status: 'recovered', job: { id: first.id, state: 'NOT_STARTED' } });
    await waitFor('both to finish', async () => (await db.job(later.id)).state === 'FINISHED');
    expect(started).toEqual([first.id, later.id]);
    expect((await db.job(first.id)).attempts).toBe(2);
  });
});
