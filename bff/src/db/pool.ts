import pg from 'pg';

// bigint ids (int8) come back as JS numbers: ids stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
// numeric (kg CO2e, distances) as numbers too; values stay within double precision.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

/** A connection idle this long is closed. Opening one is dear (a backend process, its caches,
 * the named statements prepared again), so a pool that shrinks between bursts pays it again at
 * the next one: pg's default of 10 s did, in the benchmarks. */
const IDLE_MS = 60_000;

export function createPool(connectionString: string, max = 20): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: IDLE_MS, application_name: 'carbon-bff' });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  return pool;
}

/** Runs `fn` in one transaction on a pooled client; rolls back on any error. */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
