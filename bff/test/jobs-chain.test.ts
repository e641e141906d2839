// runJob beyond the claim: chaining in the parent's transaction, aggregation de-duplication,
// retries and failures, the one-writer-per-table check, timeouts and lost ownership.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../src/db/pool';
import { createJobPool, JobRunner } from '../src/jobs/runner';
import { aggregationJob, chainAggregation } from '../src/jobs/handlers/aggregation';
import { recoverJob } from '../src/jobs/recoverJob';
import { PermanentJobError, type JobRow } from '../src/jobs/types';
import { deferred, jobTestDb, silentLog, testJob, waitFor, type JobTestDb } from './support/jobs';

let db: JobTestDb;
beforeAll(async () => {
  db = await jobTestDb();
});
afterAll(() => db?.close());

const jobsOfPipeline = async (pipelineId: string) =>
  (await db.pool.query<JobRow>('SELECT * FROM data_ingestion_jobs WHERE pipeline_id = $1 ORDER BY id', [pipelineId])).rows;

describe('chaining', () => {
  it('leaves no child when the parent rolls back', async () => {
    const runner = await db.runner();
    const childRuns: number[] = [];
    runner.register({
      type: 'test_parent',
      writes: ['test_effects'],
      run: async ({ job, db: tx, chain }) => {
        await tx.query('INSERT INTO test_effects (job_id) VALUES ($1)', [job.id]);
        await chain({ job_type: 'test_child', entity_type: 'MODULE_PER_YEAR', target: 'DATA_ENTRIES', module_type: 'rollback-child' }, { linear: true });
        throw new PermanentJobError('the parent fails after chaining');
      },
    });
    runner.register({ type: 'test_child', writes: [], run: async ({ job }) => void childRuns.push(job.id) });
    const parent = await db.insert(testJob('rollback', { job_type: 'test_parent' }));
    expect(await runner.runJob(parent.id)).toBe('failed');
    const jobs = await jobsOfPipeline(parent.pipeline_id);
    expect(jobs.map((j) => j.id)).toEqual([parent.id]);
    expect(jobs[0]).toMatchObject({ state: 'FINISHED', result: 'ERROR', next_job: null, status_message: 'the parent fails after chaining' });
    expect((await db.pool.query('SELECT 1 FROM test_effects WHERE job_id = $1', [parent.id])).rowCount).toBe(0);
    expect(childRuns).toEqual([]);
  });

  it("fires a committed parent's child in-process at once (no poller)", async () => {
    // The poller never ticks here: only the in-process firing can run the child.
    const runner = await db.runner({ poll: false });
    runner.register({
      type: 'test_parent',
      writes: [],
      run: async ({ chain }) => {
        await chain({ job_type: 'test_child', entity_type: 'MODULE_PER_YEAR', target: 'DATA_ENTRIES', module_type: 'fired-child' }, { linear: true });
      },
    });
    runner.register({ type: 'test_child', writes: [], run: async () => {} });
    const parent = await db.insert(testJob('fired', { job_type: 'test_parent' }));
    expect(await runner.runJob(parent.id)).toBe('finished');
    // Fired before the parent's run resolved: already queued or running here.
    expect(runner.backlog()).toBe(1);
    await runner.whenIdle();
    const [p, child] = await jobsOfPipeline(parent.pipeline_id);
    expect(p!.next_job).toBe(child!.id);
    expect(child).toMatchObject({ job_type: 'test_child', state: 'FINISHED', result: 'SUCCESS', created_by: parent.created_by, locked_by: runner.instanceId });
  });

  it('fans out several children in one pipeline', async () => {
    const runner = await db.runner();
    runner.register({
      type: 'test_parent',
      writes: [],
      run: async ({ chain }) => {
        for (const t of ['plane', 'train', 'member']) {
          await chain({ job_type: 'test_child', entity_type: 'MODULE_PER_YEAR', target: 'DATA_ENTRIES', module_type: 'fan', data_entry_type: t });
        }
      },
    });
    runner.register({ type: 'test_child', writes: [], run: async () => {} });
    const parent = await db.insert(testJob('fan-parent', { job_type: 'test_parent' }));
    await runner.runJob(parent.id);
    await runner.whenIdle();
    const jobs = await jobsOfPipeline(parent.pipeline_id);
    expect(jobs).toHaveLength(4);
    expect(jobs.every((j) => j.state === 'FINISHED' && j.result === 'SUCCESS')).toBe(true);
  });
});

describe('aggregation de-duplication', () => {
  it('gives N concurrent callers one waiting aggregation per scope', async () => {
    const parent = await db.insert(testJob('agg-parent'));
    const scope = { module_type: 'headcount', year: 2031, unit_id: null };
    const ids = await Promise.all(Array.from({ length: 12 }, () => withTransaction(db.pool, async (tx) => (await chainAggregation(tx, parent, scope)).id)));
    expect(new Set(ids).size).toBe(1);
    const other = await withTransaction(db.pool, (tx) => chainAggregation(tx, parent, { ...scope, year: 2032 }));
    expect(other.id).not.toBe(ids[0]);
  });

  it('runs one aggregation for N concurrent recalculations of a scope', async () => {
    const runner = await db.runner({ concurrency: 8 });
    let aggregations = 0;
    runner.register({
      type: 'test_recalc',
      writes: [],
      // Held far in the future, so that it cannot run before every recalculation has chained it
      // (however slow the machine); made due below.
      run: async ({ chain }) => void (await chain(aggregationJob({ module_type: 'professional_travel', year: 2033, unit_id: null, delay_ms: 3_600_000 }), { linear: true })),
    });
    runner.register({ type: 'aggregation', writes: [], run: async () => void aggregations++ });
    const recalcs = await Promise.all(Array.from({ length: 8 }, (_, i) => db.insert(testJob(`recalc-${i}`, { job_type: 'test_recalc' }))));
    await Promise.all(recalcs.map((r) => runner.runJob(r.id)));
    const next = new Set(await Promise.all(recalcs.map(async (r) => (await db.job(r.id)).next_job)));
    expect(next.size).toBe(1);
    const aggId = [...next][0]!;
    expect(await db.job(aggId)).toMatchObject({ state: 'NOT_STARTED', attempts: 0 });
    expect(await recoverJob(db.pool, runner, aggId)).toMatchObject({ status: 'recovered' });
    await waitFor('the aggregation to finish', async () => (await db.job(aggId)).state === 'FINISHED');
    await runner.whenIdle();
    expect(aggregations).toBe(1);
    const { rows } = await db.pool.query(`SELECT id FROM data_ingestion_jobs WHERE job_type = 'aggregation' AND year = 2033`);
    expect(rows).toHaveLength(1);
  });
});

describe('failures', () => {
  it('retries with backoff up to max_attempts, then ends FINISHED/ERROR', async () => {
    const runner = await db.runner();
    const attempts: number[] = [];
    runner.register({
      type: 'test_flaky',
      writes: [],
      run: async ({ job }) => {
        attempts.push(job.attempts);
        throw new Error(`boom ${job.attempts}`);
      },
    });
    const job = await db.insert(testJob('retry', { job_type: 'test_flaky' }));
    expect(await runner.runJob(job.id)).toBe('retrying');
    const waiting = await db.job(job.id);
    expect(waiting).toMatchObject({ state: 'NOT_STARTED', locked_by: null, attempts: 1, status_message: 'boom 1' });
    expect(waiting.run_after.getTime()).toBeGreaterThan(waiting.created_at.getTime());
    await waitFor('the last attempt', async () => (await db.job(job.id)).state === 'FINISHED');
    expect(await db.job(job.id)).toMatchObject({ state: 'FINISHED', result: 'ERROR', attempts: 3, status_message: 'boom 3' });
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('succeeds on a later attempt', async () => {
    const runner = await db.runner();
    runner.register({
      type: 'test_flaky',
      writes: ['test_effects'],
      run: async ({ job, db: tx }) => {
        await tx.query('INSERT INTO test_effects (job_id, attempt) VALUES ($1, $2)', [job.id, job.attempts]);
        if (job.attempts === 1) throw new Error('first attempt fails');
      },
    });
    const job = await db.insert(testJob('retry-ok', { job_type: 'test_flaky' }));
    await runner.runJob(job.id);
    await waitFor('success', async () => (await db.job(job.id)).result === 'SUCCESS');
    expect((await db.job(job.id)).attempts).toBe(2);
    // The failed attempt's domain writes were rolled back.
    const { rows } = await db.pool.query('SELECT attempt FROM test_effects WHERE job_id = $1', [job.id]);
    expect(rows).toEqual([{ attempt: 2 }]);
  });

  it('does not retry a permanent error', async () => {
    const runner = await db.runner();
    let runs = 0;
    runner.register({
      type: 'test_flaky',
      writes: [],
      run: async () => {
        runs++;
        throw new PermanentJobError('bad input');
      },
    });
    const job = await db.insert(testJob('permanent', { job_type: 'test_flaky' }));
    expect(await runner.runJob(job.id)).toBe('failed');
    expect(await db.job(job.id)).toMatchObject({ state: 'FINISHED', result: 'ERROR', attempts: 1, status_message: 'bad input' });
    expect(runs).toBe(1);
  });

  it('refuses domain writes to a table the handler does not own, and rolls them back', async () => {
    const runner = await db.runner();
    runner.register({ type: 'test_trespass', writes: ['units'], run: async ({ job, db: tx }) => void (await tx.query('INSERT INTO test_effects (job_id) VALUES ($1)', [job.id])) });
    const job = await db.insert(testJob('trespass', { job_type: 'test_trespass' }));
    expect(await runner.runJob(job.id)).toBe('failed');
    expect((await db.job(job.id)).status_message).toMatch(/wrote tables it does not own: test_effects/);
    expect((await db.pool.query('SELECT 1 FROM test_effects WHERE job_id = $1', [job.id])).rowCount).toBe(0);
  });

  it('aborts an attempt over its timeout and closes its session to the handler', async () => {
    const runner = await db.runner();
    const lateQuery = deferred<unknown>();
    const attemptOver = deferred();
    runner.register({
      type: 'test_slow',
      writes: ['test_effects'],
      timeoutMs: 150,
      run: async ({ job, db: tx, signal }) => {
        // Goes on after its attempt has ended, as a handler that ignores its signal would.
        await attemptOver.promise;
        expect(signal.aborted).toBe(true);
        await tx.query('INSERT INTO test_effects (job_id) VALUES ($1)', [job.id]).then(lateQuery.resolve, lateQuery.resolve);
      },
    });
    const job = await db.insert(testJob('timeout', { job_type: 'test_slow', max_attempts: 1 }));
    expect(await runner.runJob(job.id)).toBe('failed');
    attemptOver.resolve();
    expect(await db.job(job.id)).toMatchObject({ result: 'ERROR', status_message: 'Timed out after 150 ms.' });
    expect(String(await lateQuery.promise)).toMatch(/attempt is over/);
    expect((await db.pool.query('SELECT 1 FROM test_effects WHERE job_id = $1', [job.id])).rowCount).toBe(0);
  });

  it('commits nothing when the job was taken away while its handler ran', async () => {
    const runner = await db.runner();
    const inside = deferred();
    const gate = deferred();
    runner.register({
      type: 'test_work',
      writes: ['test_effects'],
      run: async ({ job, db: tx }) => {
        await tx.query('INSERT INTO test_effects (job_id) VALUES ($1)', [job.id]);
        inside.resolve();
        await gate.promise;
      },
    });
    const job = await db.insert(testJob('lost'));
    const run = runner.runJob(job.id);
    await inside.promise;
    // Another instance rescued it meanwhile.
    await db.pool.query(`UPDATE data_ingestion_jobs SET state = 'NOT_STARTED', locked_by = NULL WHERE id = $1`, [job.id]);
    gate.resolve();
    expect(await run).toBe('lost');
    expect((await db.job(job.id)).state).toBe('NOT_STARTED');
    expect((await db.pool.query('SELECT 1 FROM test_effects WHERE job_id = $1', [job.id])).rowCount).toBe(0);
  });
});

describe('progress and registry', () => {
  it('commits progress steps while the domain transaction is still open', async () => {
    const runner = await db.runner();
    const seen = deferred<unknown>();
    const gate = deferred();
    runner.register({
      type: 'test_work',
      writes: [],
      run: async ({ progress }) => {
        await progress({ phase: 'reading', done: 1, total: 3 });
        seen.resolve(undefined);
        await gate.promise;
      },
    });
    const job = await db.insert(testJob('progress'));
    const run = runner.runJob(job.id);
    await seen.promise;
    expect((await db.job(job.id)).progress).toEqual({ phase: 'reading', done: 1, total: 3 });
    gate.resolve();
    await run;
    expect((await db.job(job.id)).progress).toEqual({ phase: 'done', done: 1, total: 3 });
  });

  it('commits domain transactions synchronously on sessions that otherwise commit asynchronously', async () => {
    const pool = createJobPool(db.url, 4);
    const runner = new JobRunner({ pool, log: silentLog, poll: false });
    const seen = deferred<string>();
    runner.register({ type: 'test_work', writes: [], run: async ({ db: tx }) => seen.resolve((await tx.query('SHOW synchronous_commit')).rows[0].synchronous_commit) });
    await runner.start();
    await runner.runJob((await db.insert(testJob('durable'))).id);
    expect(await seen.promise).toBe('on');
    expect((await pool.query('SHOW synchronous_commit')).rows[0].synchronous_commit).toBe('off');
    await runner.stop();
    await pool.end();
  });

  it('accepts exactly one handler per job type', async () => {
    const runner = await db.runner({ start: false });
    runner.register({ type: 'test_once', writes: [], run: async () => {} });
    expect(() => runner.register({ type: 'test_once', writes: [], run: async () => {} })).toThrow(/already registered/);
  });

  it('does not claim a job whose type has no handler here', async () => {
    const runner = await db.runner();
    const job = await db.insert(testJob('orphan-type', { job_type: 'test_unknown' }));
    expect(await runner.runJob(job.id)).toBe('no_handler');
    expect((await db.job(job.id)).state).toBe('NOT_STARTED');
  });
});
