// Claims under real contention: barrier races of runJob and claim_job on
// separate connections, same-combination claims, and the is_current demotion rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoolClient } from '../src/db/pool';
import { claimJob, claimJobs } from '../src/jobs/claimJob';
import type { JobRunner } from '../src/jobs/runner';
import type { RunOutcome } from '../src/jobs/types';
import { deferred, jobTestDb, testJob, waitFor, type JobTestDb } from './support/jobs';

let db: JobTestDb;
beforeAll(async () => {
  db = await jobTestDb();
});
afterAll(() => db?.close());

describe('runJob barrier race', () => {
  it('runs the handler exactly once when 16 instances race on the same job, 200 times over', async () => {
    const runs = new Map<number, number>();
    const runners: JobRunner[] = [];
    for (let i = 0; i < 16; i++) {
      const r = await db.runner({ concurrency: 1, poolSize: 2 });
      r.register({
        type: 'test_work',
        writes: ['test_effects'],
        run: async ({ job, db: tx }) => {
          runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
          await tx.query('INSERT INTO test_effects (job_id, attempt) VALUES ($1, $2)', [job.id, job.attempts]);
        },
      });
      runners.push(r);
    }
    // Warm every runner's sessions so that the race is between queries, not connection setups.
    await Promise.all(runners.map((r) => r.runJob(0)));

    for (let round = 0; round < 200; round++) {
      const job = await db.insert(testJob(`race-${round}`));
      const go = deferred();
      const outcomes = runners.map(async (r) => {
        await go.promise;
        return r.runJob(job.id);
      });
      go.resolve();
      const results: RunOutcome[] = await Promise.all(outcomes);
      expect(results.filter((o) => o === 'finished')).toHaveLength(1);
      expect(results.filter((o) => o !== 'finished').every((o) => o === 'not_runnable')).toBe(true);
      expect(runs.get(job.id)).toBe(1);
    }
    const { rows } = await db.pool.query<{ state: string; attempts: number; n: number }>(
      `SELECT j.state, j.attempts, (SELECT count(*) FROM test_effects e WHERE e.job_id = j.id)::int AS n
         FROM data_ingestion_jobs j WHERE j.module_type LIKE 'mrace-%'`,
    );
    expect(rows).toHaveLength(200);
    expect(rows.every((r) => r.state === 'FINISHED' && r.attempts === 1 && r.n === 1)).toBe(true);
  });
});

describe('claim_job', () => {
  it('has exactly one winner among 16 concurrent claimers, in each of 1,000 rounds', async () => {
    const clients: PoolClient[] = await Promise.all(Array.from({ length: 16 }, () => db.pool.connect()));
    try {
      const { rows } = await db.pool.query<{ id: number }>(
        `INSERT INTO data_ingestion_jobs (job_type, entity_type, target, module_type)
         SELECT 'test_claim', 'MODULE_PER_YEAR', 'DATA_ENTRIES', 'c' || g FROM generate_series(1, 1000) g RETURNING id`,
      );
      for (const { id } of rows) {
        const results = await Promise.all(clients.map((c, i) => claimJob(c, id, `claimer-${i}`, ['test_claim'])));
        expect(results.filter((r) => r.status === 'claimed')).toHaveLength(1);
      }
    } finally {
      clients.forEach((c) => c.release());
    }
  });

  it('lets exactly one of two concurrent claims of the same combination win; the other stays NOT_STARTED and runs after', async () => {
    const gate = deferred();
    const started: number[] = [];
    const runner = await db.runner({ concurrency: 4 });
    runner.register({
      type: 'test_work',
      writes: [],
      run: async ({ job }) => {
        started.push(job.id);
        if (started.length === 1) await gate.promise;
      },
    });
    const a = await db.insert(testJob('same'));
    const b = await db.insert(testJob('same'));
    const runA = runner.runJob(a.id);
    const runB = runner.runJob(b.id);
    const first = await waitFor('a running job', async () => {
      const { rows } = await db.pool.query<{ id: number }>(`SELECT id FROM data_ingestion_jobs WHERE module_type = 'msame' AND state = 'RUNNING'`);
      return rows[0]?.id;
    });
    const second = first === a.id ? b.id : a.id;
    expect(await (first === a.id ? runB : runA)).toBe('blocked');
    expect((await db.job(second)).state).toBe('NOT_STARTED');
    expect((await db.job(first)).is_current).toBe(true);

    gate.resolve();
    await waitFor('the waiting job to finish', async () => (await db.job(second)).state === 'FINISHED');
    expect(started).toEqual([first, second]);
    const [jf, js] = [await db.job(first), await db.job(second)];
    expect(js.started_at!.getTime()).toBeGreaterThanOrEqual(jf.finished_at!.getTime());
    expect(jf.is_current).toBe(false);
    expect(js.is_current).toBe(true);
  });

  it('a waiting job blocked on another instance is picked up by its poller once the combination is free', async () => {
    const gate = deferred();
    const holder = await db.runner();
    holder.register({ type: 'test_work', writes: [], run: () => gate.promise });
    const other = await db.runner({ poll: true, pollIntervalMs: 150 });
    other.register({ type: 'test_work', writes: [], run: async () => {} });
    const a = await db.insert(testJob('cross'));
    const runA = holder.runJob(a.id);
    await waitFor('a running', async () => (await db.job(a.id)).state === 'RUNNING');
    const b = await db.insert(testJob('cross'));
    expect(await other.runJob(b.id)).toBe('blocked');
    gate.resolve();
    expect(await runA).toBe('finished');
    await waitFor('b to finish', async () => (await db.job(b.id)).state === 'FINISHED', 5_000);
    expect((await db.job(b.id)).locked_by).toBe(other.instanceId);
    await other.stop();
  });
});

describe('is_current demotion', () => {
  it('keeps a finished job current until the next job of its combination is claimed', async () => {
    const runner = await db.runner();
    runner.register({ type: 'test_work', writes: [], run: async () => {} });
    const first = await db.insert(testJob('demote'));
    expect(await runner.runJob(first.id)).toBe('finished');
    expect((await db.job(first.id)).is_current).toBe(true);

    const next = await db.insert(testJob('demote'));
    // Creation alone demotes nothing (the legacy flow set is_current at creation).
    expect((await db.job(first.id)).is_current).toBe(true);
    expect((await db.job(next.id)).is_current).toBe(false);

    expect(await runner.runJob(next.id)).toBe('finished');
    expect((await db.job(first.id)).is_current).toBe(false);
    expect((await db.job(next.id)).is_current).toBe(true);
    // Other combinations are untouched.
    const unrelated = await db.insert(testJob('demote-other'));
    expect(await runner.runJob(unrelated.id)).toBe('finished');
    expect((await db.job(next.id)).is_current).toBe(true);
  });

  it('demotes nothing when the claim does not happen (not due, or a type the claimer cannot run)', async () => {
    const runner = await db.runner();
    runner.register({ type: 'test_work', writes: [], run: async () => {} });
    const first = await db.insert(testJob('no-demote'));
    expect(await runner.runJob(first.id)).toBe('finished');
    const later = await db.insert(testJob('no-demote', { delay_ms: 60_000 }));
    const now = await db.insert(testJob('no-demote'));
    const c = await db.pool.connect();
    try {
      expect((await claimJob(c, later.id, 'someone', ['test_work'])).status).toBe('taken');
      expect((await claimJob(c, now.id, 'someone', ['another_type'])).status).toBe('taken');
    } finally {
      c.release();
    }
    expect((await db.job(first.id)).is_current).toBe(true);
    expect(await runner.runJob(later.id)).toBe('not_runnable');
  });

  it('claims several jobs in one statement: the first of a combination only, each combination demoted, the others said why', async () => {
    const runner = await db.runner();
    runner.register({ type: 'test_work', writes: [], run: async () => {} });
    const done = await db.insert(testJob('batch-a'));
    expect(await runner.runJob(done.id)).toBe('finished');
    const a1 = await db.insert(testJob('batch-a'));
    const a2 = await db.insert(testJob('batch-a'));
    const b = await db.insert(testJob('batch-b'));
    const later = await db.insert(testJob('batch-c', { delay_ms: 60_000 }));
    const c = await db.pool.connect();
    try {
      const results = await claimJobs(c, [a2.id, b.id, a1.id, later.id], 'batcher', ['test_work']);
      expect(results.map((r) => r.status)).toEqual(['blocked', 'claimed', 'claimed', 'taken']);
      const [blocked] = results;
      expect(blocked?.status === 'blocked' && blocked.job.waits_for).toBe(a1.id);
    } finally {
      c.release();
    }
    expect((await db.job(done.id)).is_current).toBe(false);
    for (const id of [a1.id, b.id]) expect(await db.job(id)).toMatchObject({ state: 'RUNNING', is_current: true, locked_by: 'batcher', attempts: 1 });
    expect(await db.job(a2.id)).toMatchObject({ state: 'NOT_STARTED', is_current: false, locked_by: null });
  });

  it('runs a burst of jobs to the end through the shared claims and finishes, each exactly once', async () => {
    const runner = await db.runner({ concurrency: 8 });
    const runs = new Map<number, number>();
    runner.register({ type: 'test_work', writes: [], run: async ({ job }) => void runs.set(job.id, (runs.get(job.id) ?? 0) + 1) });
    const jobs = await Promise.all(Array.from({ length: 200 }, (_, i) => db.insert(testJob(`burst-${i % 50}`))));
    const outcomes = await Promise.all(jobs.map((j) => runner.runJob(j.id)));
    // Jobs behind an earlier one of their combination wait for it, then run when it frees.
    expect(outcomes.every((o) => o === 'finished' || o === 'blocked')).toBe(true);
    await runner.whenIdle();
    await waitFor('all finished', async () => {
      const { rows } = await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM data_ingestion_jobs WHERE module_type LIKE 'mburst-%' AND state = 'FINISHED' AND result = 'SUCCESS'`);
      return rows[0]!.n === 200 || undefined;
    });
    expect(jobs.every((j) => runs.get(j.id) === 1)).toBe(true);
  });

  it('never demotes a RUNNING job', async () => {
    const gate = deferred();
    const runner = await db.runner();
    runner.register({ type: 'test_work', writes: [], run: () => gate.promise });
    const running = await db.insert(testJob('keep'));
    const run = runner.runJob(running.id);
    await waitFor('running', async () => (await db.job(running.id)).state === 'RUNNING');
    const next = await db.insert(testJob('keep'));
    const c = await db.pool.connect();
    try {
      expect((await claimJob(c, next.id, 'someone', ['test_work'])).status).toBe('blocked');
    } finally {
      c.release();
    }
    const held = await db.job(running.id);
    expect(held.is_current).toBe(true);
    expect(held.state).toBe('RUNNING');
    expect((await db.job(next.id)).state).toBe('NOT_STARTED');
    gate.resolve();
    await run;
  });

  it('enforces one current job per combination with NULLs compared as equal', async () => {
    const insert = () =>
      db.pool.query(
        `INSERT INTO data_ingestion_jobs (job_type, entity_type, target, is_current, state, result)
         VALUES ('test_nulls', 'GLOBAL_PER_YEAR', 'UNITS', true, 'FINISHED', 'SUCCESS')`,
      );
    await insert();
    await expect(insert()).rejects.toMatchObject({ code: '23505', constraint: 'ix_data_ingestion_jobs_is_current_unique' });
  });
});
