// A real BFF process for multi-process tests: `node --import tsx bff/test/support/jobInstance.ts`
// with the usual environment. It starts the server as `npm start` does, then adds test job types
// through the public registry API, prints one line of JSON when ready, and stops on SIGTERM as
// `npm start` does.
import { loadConfig } from '../../src/config';
import { startServer } from '../../src/server';
import { stopOnSignals } from '../../src/shutdown';

const config = loadConfig(process.env);
const server = await startServer(config, { skipMigrations: true });
const instance = server.jobs.runner.instanceId;

server.jobs.register({
  type: 'test_effect',
  writes: ['test_effects'],
  async run({ job, db, progress, signal }) {
    // The effect is written first: if this process dies below, its transaction never commits.
    await db.query('INSERT INTO test_effects (job_id, attempt, instance, note) VALUES ($1, $2, $3, $4)', [job.id, job.attempts, instance, job.status_message]);
    // The first attempt waits for an advisory lock its test holds: released, it goes on to its
    // finish whatever happened to the job meanwhile.
    const lockKey = job.payload.hold_first_attempt_on_lock;
    if (typeof lockKey === 'number' && job.attempts === 1) {
      await progress({ phase: 'held' });
      await db.query('SELECT pg_advisory_xact_lock($1)', [lockKey]);
    }
    const sleepMs = Number(job.payload.sleep_first_attempt_ms ?? 0);
    if (sleepMs > 0 && job.attempts === 1) {
      await progress({ phase: 'sleeping' });
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, sleepMs);
        signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
      });
    }
  },
});

// Reports progress step by step, each step waiting for the test to open its gate (a row in
// test_gates): the test decides when the job moves on, e.g. only after a SIGTERM.
server.jobs.register({
  type: 'test_gated',
  writes: [],
  async run({ job, progress, signal }) {
    const steps = Number(job.payload.steps ?? 1);
    for (let step = 1; step <= steps; step++) {
      await progress({ phase: `step-${step}`, done: step, total: steps + 1 });
      while (!(await server.pool.query('SELECT 1 FROM test_gates WHERE job_id = $1 AND step = $2', [job.id, step])).rowCount) {
        if (signal.aborted) throw signal.reason;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  },
});

process.stdout.write(`${JSON.stringify({ ready: true, instance, url: server.url, pid: process.pid })}\n`);

stopOnSignals(server, config.SHUTDOWN_TIMEOUT_SECONDS);
