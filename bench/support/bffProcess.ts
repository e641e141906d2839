// One BFF instance in a child process for the benchmarks (bench/support/path1Server.ts), so that
// the load generator does not share its event loop. Resolves with its URL once it prints READY.
// BENCH_BFF_NODE_ARGS: extra node flags for the BFF only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'path1Server.ts');

export function startBff(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const extra = (process.env.BENCH_BFF_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...extra, '--import', 'tsx', SERVER], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /READY (\S+)/.exec(out);
      if (m) resolve({ child, url: m[1]! });
    });
    child.once('exit', (code) => reject(new Error(`BFF exited early with code ${code}`)));
  });
}
