// Rescue time after SIGKILL: from the kill of the instance running a job to another instance
// having taken the job over (attempt 2 claimed), with the default poller interval (10 s) and
// rescue window (60 s).
//   node --import tsx bench/rescueTime.ts [rounds, default 5]
// Two BFF processes (bff/test/support/jobInstance.ts) share an embedded PostgreSQL; each round
// a job whose first attempt sleeps is taken by one of them, that one is SIGKILLed, and a fresh
// instance replaces it for the next round. Also printed: when the database knew the instance
// was dead (its liveness session gone). The rescue waits for the survivor's next heartbeat tick,
// so it falls anywhere within one poller interval (8–12 s with jitter) of the kill.
import { createPool } from '../bff/src/db/pool';
import { CREATE_TEST_EFFECTS } from '../bff/test/support/jobs';
import { isAlive } from '../bff/test/support/faults';
import { startJobInstance, stopInstances, type Instance } from '../bff/test/support/instances';
import { round, startBenchDatabase, timeLimit } from './support/jobBench';

timeLimit(900);
const ROUNDS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 5);
const DEFAULTS = { POLLER_INTERVAL_SECONDS: '10', JOB_RESCUE_AFTER_SECONDS: '60' };

const db = await startBenchDatabase({ fast: true });
const pool = createPool(db.url, 2);
const instances: Instance[] = [];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function until<T>(probe: () => Promise<T>, everyMs = 10): Promise<NonNullable<T>> {
  for (;;) {
    const v = await probe();
    if (v) return v as NonNullable<T>;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

try {
  await pool.query(CREATE_TEST_EFFECTS);
  // The first instance loads the locations; the second starts once they are there.
  instances.push(await startJobInstance(db.url, DEFAULTS));
  instances.push(await startJobInstance(db.url, DEFAULTS));
  const rescued: number[] = [];
  const knownDead: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO data_ingestion_jobs (job_type, entity_type, target, module_type, payload)
       VALUES ('test_effect', 'MODULE_PER_YEAR', 'DATA_ENTRIES', 'rescue-bench-' || $1, '{"sleep_first_attempt_ms": 600000}') RETURNING id`,
      [i],
    );
    const id = rows[0]!.id;
    // Picked up by a poller (within an interval), then asleep in its first attempt.
    const owner = await until(async () => {
      const r = await pool.query<{ locked_by: string }>(`SELECT locked_by FROM data_ingestion_jobs WHERE id = $1 AND state = 'RUNNING' AND progress->>'phase' = 'sleeping'`, [id]);
      return r.rows[0]?.locked_by;
    }, 50);
    const victim = instances.find((x) => x.id === owner)!;
    const killedAt = performance.now();
    victim.child.kill('SIGKILL');
    await until(async () => !(await isAlive(pool, owner)));
    knownDead.push(performance.now() - killedAt);
    await until(async () => (await pool.query(`SELECT 1 FROM data_ingestion_jobs WHERE id = $1 AND attempts = 2`, [id])).rowCount === 1);
    rescued.push(performance.now() - killedAt);
    console.log(`round ${i + 1}: known dead after ${round(knownDead[i]!, 0)} ms, rescued after ${round(rescued[i]! / 1000, 2)} s`);
    instances.splice(instances.indexOf(victim), 1);
    instances.push(await startJobInstance(db.url, DEFAULTS));
  }
  console.log(`rescue after SIGKILL, ${ROUNDS} rounds, poller interval 10 s, rescue window 60 s:`);
  console.log(`  known dead: median ${round(median(knownDead), 0)} ms`);
  console.log(`  rescued:    median ${round(median(rescued) / 1000, 2)} s, max ${round(Math.max(...rescued) / 1000, 2)} s (target ≤ 15 s)`);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await stopInstances(instances);
  await pool.end();
  await db.stop();
}
