// One BFF instance in a child process for the benchmarks (bench/support/path1Server.ts), so that
// the load generator does not share its event loop. Resolves with its URL once it prints READY.
// BENCH_BFF_NODE_ARGS: extra node flags for the BFF only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../bff/src/db/embeddedPostgres';
import { BFF_NODE_FLAGS } from '../../bff/src/dev/nodeFlags';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { exitOnSignals } from './signals';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'path1Server.ts');

/** The node flags of `npm start` (bff/package.json), so that the benchmarks measure the BFF as it runs. */
export const START_NODE_ARGS = BFF_NODE_FLAGS.join(' ');

/** `server`: the launcher to run, by default this checkout's (the Path 1 bench compares two);
 * `nodeArgs`: node flags, by default `npm start`'s and BENCH_BFF_NODE_ARGS. */
export function startBff(env: Record<string, string>, server = SERVER, nodeArgs = `${START_NODE_ARGS} ${process.env.BENCH_BFF_NODE_ARGS ?? ''}`): Promise<{ child: ChildProcess; url: string; issuer: string }> {
  exitOnSignals();
  return new Promise((resolve, reject) => {
    const extra = nodeArgs.split(' ').filter(Boolean);
    // BENCH_BFF_CPU=1: the BFF alone on that CPU (taskset), to compare CPU costs without the
    // scheduler mixing it with the load generator and PostgreSQL.
    const cpu = process.env.BENCH_BFF_CPU;
    const argv = [...extra, '--import', 'tsx', server];
    const child = spawn(cpu ? 'taskset' : process.execPath, cpu ? ['-c', cpu, process.execPath, ...argv] : argv, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'], cwd: path.dirname(server) });
    let out = '';
    // BENCH_BFF_STDOUT=file: the BFF's standard output kept there too (e.g. with --trace-gc).
    const keep = process.env.BENCH_BFF_STDOUT;
    child.stdout!.on('data', (chunk: Buffer) => {
      if (keep) fs.appendFileSync(keep, chunk);
      out += chunk.toString();
      const m = /READY (\S+) (\S+)/.exec(out);
      if (m) resolve({ child, url: m[1]!, issuer: m[2]! });
    });
    child.once('exit', (code) => reject(new Error(`BFF exited early with code ${code}`)));
  });
}

/** The benchmarks' BFF on a database of their own: the development IdP and demo data, test
 * settings, warnings only. `env` adds to or overrides the settings. Returns the public origin
 * (what a client sends as Origin) with the process. */
export async function startBenchBff(databaseUrl: string, dataDir: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string; issuer: string; origin: string }> {
  const [port, idpPort] = [await freePort(), await freePort()];
  const origin = `http://localhost:${port}`;
  const bff = await startBff({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_ORIGIN: origin,
    DEV_IDP_PORT: String(idpPort),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'benchmark-session-secret-0123456789',
    LOG_LEVEL: 'warn',
    ...env,
  });
  return { ...bff, origin };
}
