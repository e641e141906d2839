// `npm start` at a terminal, on the embedded database. Ctrl-C signals the terminal's whole
// foreground process group: PostgreSQL, a child of the server, began its fast shutdown at the
// same moment as the server, under the server's last statements (releasing its jobs, closing its
// event listener), and every stop ended on a warning. From a terminal, main.ts therefore starts
// the server again as a child in a session (and process group) of its own, out of the terminal's
// reach, and passes the signals on: the server stops the cluster last, as it stops in
// production. The child stops as on SIGTERM when this parent goes away.
import { spawn } from 'node:child_process';

/** Set in the server's environment when it runs as a child that stops with its parent. */
export const SERVER_CHILD_ENV = 'CARBON_SERVER_CHILD';

/** True when the server now runs in a child and this process only relays signals to it. */
export function runInOwnProcessGroup(): boolean {
  if (process.env[SERVER_CHILD_ENV] === '1' || process.platform === 'win32' || !process.stdin.isTTY) return false;
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, [SERVER_CHILD_ENV]: '1' },
  });
  // The server handles SIGINT (a second one: no more waiting) and SIGTERM; a closed terminal is a
  // SIGTERM to it.
  process.on('SIGINT', () => child.kill('SIGINT'));
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  process.on('SIGHUP', () => child.kill('SIGTERM'));
  child.on('exit', (code) => process.exit(code ?? 1));
  return true;
}

/** In the child, once it stops on signals: the parent's end (its IPC channel closing, maybe
 * while the server started) stops the server as SIGTERM does. */
export function stopWithParent(): void {
  if (process.env[SERVER_CHILD_ENV] !== '1') return;
  const stop = () => process.kill(process.pid, 'SIGTERM');
  if (process.connected) process.once('disconnect', stop);
  else stop();
}
