// Shared pieces of the job pipeline benchmarks: a throw-away embedded PostgreSQL with the
// schema, a hard time limit, and rounding (percentiles: stats.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../bff/src/db/embeddedPostgres';
import { migrate } from '../../bff/src/db/migrate';
import { exitOnSignals } from './signals';

export interface BenchDatabase {
  /** The migrated database. */
  url: string;
  /** The cluster's maintenance database, for CREATE DATABASE and the like. */
  adminUrl: string;
  /** The cluster's data directory (postmaster.pid, for CPU sampling: cpuTime.ts). */
  dataDir: string;
  stop(): Promise<void>;
}

/** A fresh cluster in a temp directory, durable settings unless `fast`, extra server flags. */
export async function startBenchDatabase(opts: { fast?: boolean; preload?: string[] } = {}): Promise<BenchDatabase> {
  exitOnSignals();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-bench-pg-'));
  const cluster = await startEmbeddedPostgres(dir, undefined, { fast: opts.fast });
  try {
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    if (opts.preload?.length) {
      // Takes effect at the next start.
      await admin.query(`ALTER SYSTEM SET shared_preload_libraries = '${opts.preload.join(',')}'`);
    }
    await admin.query('CREATE DATABASE bench');
    await admin.end();
  } catch (err) {
    await cluster.stop();
    throw err;
  }
  let current = cluster;
  if (opts.preload?.length) {
    await cluster.stop();
    current = await startEmbeddedPostgres(dir, undefined, { fast: opts.fast });
  }
  const url = current.url('bench');
  await migrate(url);
  return {
    url,
    adminUrl: current.url(),
    dataDir: path.join(dir, 'pg'),
    stop: async () => {
      await current.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Ends the process if the benchmark overruns (a hung run must not block anyone). */
export function timeLimit(seconds: number): void {
  setTimeout(() => {
    console.error(`benchmark exceeded its ${seconds} s limit; stopping`);
    process.exit(3);
  }, seconds * 1000).unref();
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
