// Helpers for fault tests: find an instance's database sessions and end them, hold a lock that
// makes a session wait, and tell when a session waits for it: every step waits on a state of
// the database, never on time.
import type { Pool, PoolClient } from '../../src/db/pool';
import { JOB_POOL_APPLICATION } from '../../src/jobs/runner';

/** The session holding the liveness lock of `instanceId`, if any (migration 0011). */
export async function livenessPid(pool: Pool, instanceId: string): Promise<number | undefined> {
  const { rows } = await pool.query<{ pid: number }>(
    `SELECT l.pid FROM pg_locks l JOIN job_instances i ON l.objid = i.liveness_key::oid
      WHERE i.id = $1 AND l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
        AND l.classid = hashtext('job-instance-liveness')::oid
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [instanceId],
  );
  return rows[0]?.pid;
}

/** Whether `instanceId` is registered with a liveness lock some session holds. */
export async function isAlive(pool: Pool, instanceId: string): Promise<boolean> {
  const { rows } = await pool.query<{ alive: boolean }>('SELECT NOT session_ended AS alive FROM job_instance_liveness WHERE id = $1 AND liveness_key IS NOT NULL', [instanceId]);
  return rows[0]?.alive === true;
}

/** Ends sessions of this database; returns how many. */
export async function terminate(pool: Pool, pids: number[]): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n FROM unnest($1::int[]) pid', [pids]);
  return rows[0]!.n;
}

/** The sessions of the job pools (progress, domain, poller) of this database. */
export async function jobPoolPids(pool: Pool): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`, [JOB_POOL_APPLICATION]);
  return rows.map((r) => r.pid);
}

export interface HeldLock {
  pid: number;
  /** Rows the locking statement returned. */
  rowCount: number;
  release: () => Promise<void>;
}

/** Opens a transaction on a session of its own that runs `sql` (a row or table lock) and keeps it
 * until released. `held` collects the sessions, for the test's teardown. */
export async function holdLock(pool: Pool, held: PoolClient[], sql: string, values: unknown[] = []): Promise<HeldLock> {
  const c = await pool.connect();
  held.push(c);
  await c.query('BEGIN');
  const pid = (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  const { rowCount } = await c.query(sql, values);
  return { pid, rowCount: rowCount ?? 0, release: () => c.query('ROLLBACK').then(() => undefined) };
}

/** Ends the transactions left open by holdLock and gives the sessions back. */
export async function releaseHeld(held: PoolClient[]): Promise<void> {
  for (const c of held.splice(0)) {
    await c.query('ROLLBACK').catch(() => {});
    c.release();
  }
}

/** The sessions waiting for a lock of session `pid` (running a statement containing `what`). */
export async function waitingOn(pool: Pool, pid: number, what = ''): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid)) AND query LIKE '%' || $2 || '%'`, [pid, what]);
  return rows.map((r) => r.pid);
}

/** Whether session `pid` is gone or idle outside any transaction (its work ended, committed or not). */
export async function isIdle(pool: Pool, pid: number): Promise<boolean> {
  const { rows } = await pool.query<{ state: string }>('SELECT state FROM pg_stat_activity WHERE pid = $1', [pid]);
  return rows.length === 0 || rows[0]!.state === 'idle';
}
