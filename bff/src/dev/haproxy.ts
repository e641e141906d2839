// HAProxy for development tools (`npm run cluster`, its test, bench/rollingRestart.ts): Debian's
// package (`apt-get install -y haproxy`), started in the foreground, and asked through its stats
// socket whether a server is in rotation.
import net from 'node:net';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/** Says how to install HAProxy when it is missing (installing it is the operator's call). */
export function haproxyMissing(): string | undefined {
  if (spawnSync(HAPROXY, ['-v']).status === 0) return undefined;
  return `HAProxy is missing at ${HAPROXY}: apt-get install -y haproxy (or set HAPROXY_PATH).`;
}

/** HAProxy in the foreground on `configFile`, with `env` for the `"${…}"` in it; its log (stderr)
 * to ours, or to the file descriptor `log`. */
export function startHaproxy(configFile: string, env: Record<string, string> = {}, log: 'inherit' | number = 'inherit'): ChildProcess {
  // Its own process group, so that a terminal's Ctrl-C is left to the caller to pass on.
  return spawn(HAPROXY, ['-f', configFile, '-db'], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', log], detached: true });
}

/** HAProxy's view of a server of `backend` ("UP", "DOWN", "MAINT"…), from its stats socket. */
export function serverStatus(socket: string, name: string, backend = 'bff'): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const c = net.connect(socket, () => c.end('show stat\n'));
    c.on('data', (d) => (out += d.toString()));
    c.on('error', reject);
    c.on('end', () => {
      const row = out.split('\n').find((l) => l.startsWith(`${backend},${name},`));
      resolve(row?.split(',')[17] ?? 'unknown');
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once the balancer has `name` in rotation (its checks passed `rise` times). */
export async function untilUp(socket: string, name: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  // The socket appears once HAProxy has started.
  while (!(await serverStatus(socket, name).catch(() => 'starting')).startsWith('UP')) {
    if (Date.now() > deadline) throw new Error(`HAProxy did not put ${name} in rotation within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}
