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

/** Clients whose connection failed: released with an error, so the pool destroys them. */
const broken = new WeakSet<pg.ClientBase>();

export interface PoolOptions {
  /** Shown in pg_stat_activity, so an operator (or a test) can tell the pools apart. */
  applicationName?: string;
}

export function createPool(connectionString: string, max = 20, opts: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: IDLE_MS, application_name: opts.applicationName ?? 'carbon-bff' });
  // pg's pool listens for errors only on idle clients; a connection lost while a client is checked
  // out (a restart, a terminated backend) would otherwise be an unhandled 'error' event that ends
  // the process. Every client gets a listener for its whole life: the loss then shows as the
  // failure of its next query, and the client is destroyed at its release.
  pool.on('connect', (client) => client.on('error', () => broken.add(client)));
  // An idle client losing its connection must not crash the process either.
  pool.on('error', () => {});
  return pool;
}

/** Back to the pool, or destroyed when its connection failed or `err` says it is unusable. */
export function releaseClient(client: pg.PoolClient, err?: unknown): void {
  client.release(err instanceof Error ? err : broken.has(client) || err !== undefined);
}

/** Runs `fn` in one transaction on a pooled client; rolls back on any error. */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let unusable: unknown;
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch((rollbackErr: unknown) => (unusable = rollbackErr));
    throw err;
  } finally {
    releaseClient(client, unusable);
  }
}
