// Schema migrations: the SQL files in migrations/, applied in order by node-pg-migrate.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runner } from 'node-pg-migrate';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');
const MIN_SERVER_VERSION = 150000;

export async function assertServerVersion(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection lost between queries must fail this check, not the process.
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
    const version = Number(rows[0]?.server_version_num);
    if (version < MIN_SERVER_VERSION) {
      throw new Error(`PostgreSQL ${Math.floor(version / 10000)} is too old: 15 or newer is required (UNIQUE NULLS NOT DISTINCT).`);
    }
  } finally {
    await client.end();
  }
}

/** node-pg-migrate's lock is a try-lock: a second instance starting meanwhile gets this error. */
const LOCK_TAKEN = 'Another migration is already running';
/** How long an instance waits for another's migrations before it gives up. */
const LOCK_WAIT_MS = 10 * 60_000;

export async function migrate(databaseUrl: string, log: (msg: string) => void = () => {}): Promise<void> {
  await assertServerVersion(databaseUrl);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      await runner({
        databaseUrl,
        dir: MIGRATIONS_DIR,
        migrationsTable: 'pgmigrations',
        direction: 'up',
        checkOrder: true,
        log,
        logger: { debug: () => {}, info: log, warn: log, error: log },
      });
      return;
    } catch (err) {
      // Instances started together: one migrates (or finds nothing to do) under the lock, the
      // others wait for it and then find the schema current, instead of failing their start.
      if (!(err instanceof Error && err.message === LOCK_TAKEN) || Date.now() > deadline) throw err;
      log('waiting for another instance to finish the migrations');
      await new Promise((r) => setTimeout(r, 200 + Math.random() * 300));
    }
  }
}

/** Latest migration name on disk vs. applied: used by /ready. */
export async function pendingMigrations(pool: pg.Pool): Promise<number> {
  const fs = await import('node:fs/promises');
  const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql'));
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pgmigrations');
  return files.length - (rows[0]?.n ?? 0);
}
