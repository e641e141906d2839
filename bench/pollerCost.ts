// Cost of the safety poller when idle: statements per instance per poll interval.
//   node --import tsx bench/pollerCost.ts [seconds, default 20]
// Three job runners (as three instances would have) poll an idle database every 0.5 s; their
// statements are counted twice: on their connections (every query they send) and by
// pg_stat_statements (what the server executed). Own embedded PostgreSQL, stopped at the end.
import { createPool, type Pool } from '../bff/src/db/pool';
import { createLogger } from '../bff/src/log';
import { createJobPool, JobRunner } from '../bff/src/jobs/runner';
import { round, startBenchDatabase, timeLimit } from './support/jobBench';

timeLimit(120);
const SECONDS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 20);
const INSTANCES = 3;
const INTERVAL_MS = 500;

/** Counts every query sent on the pool's connections. */
function countQueries(pool: Pool): { count: number } {
  const counter = { count: 0 };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      counter.count++;
      return query(...args);
    };
  });
  return counter;
}

const db = await startBenchDatabase({ preload: ['pg_stat_statements'] });
const admin = createPool(db.url, 1);
try {
  await admin.query('CREATE EXTENSION pg_stat_statements');
  const runners: JobRunner[] = [];
  const counters: { count: number }[] = [];
  for (let i = 0; i < INSTANCES; i++) {
    const pool = createJobPool(db.url, 10);
    counters.push(countQueries(pool));
    const r = new JobRunner({ pool, log: createLogger('silent'), pollIntervalMs: INTERVAL_MS });
    r.register({ type: 'bench_idle', writes: [], run: async () => {} });
    runners.push(r);
  }
  await Promise.all(runners.map((r) => r.start()));
  await new Promise((r) => setTimeout(r, 1_000)); // past the first (random) tick
  const before = counters.map((c) => c.count);
  await admin.query('SELECT pg_stat_statements_reset()');
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const sent = counters.map((c, i) => c.count - before[i]!);
  const { rows } = await admin.query<{ calls: number; query: string }>(
    `SELECT calls::int, regexp_replace(query, '\\s+', ' ', 'g') AS query FROM pg_stat_statements
      WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY calls DESC`,
  );
  for (const r of runners) await r.stop();

  const intervals = (SECONDS * 1000) / INTERVAL_MS;
  const total = sent.reduce((a, b) => a + b, 0);
  console.log(`idle poller, ${INSTANCES} instances, interval ${INTERVAL_MS} ms (± 20 % jitter), ${SECONDS} s`);
  console.log(`statements sent per instance: ${sent.join(', ')} → ${round(total / INSTANCES / intervals, 2)} per instance per interval`);
  console.log('executed by the server (pg_stat_statements):');
  for (const r of rows) {
    const name = /--\s*(.{0,70})/.exec(r.query)?.[1] ?? r.query.slice(0, 70);
    console.log(`  ${String(r.calls).padStart(5)} calls = ${round(r.calls / INSTANCES / intervals, 2)} per instance per interval · ${name}`);
  }
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await admin.end();
  await db.stop();
}
