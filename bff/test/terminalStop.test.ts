// `npm start` at a terminal, then Ctrl-C: the terminal signals its whole foreground process group.
// The server must still stop in order (its jobs released and its listener closed before the
// embedded PostgreSQL stops), so PostgreSQL must not be in that group; with no warning, and
// leaving no process behind. The terminal is a real
// pseudo-terminal (util-linux `script`), the Ctrl-C a real ETX typed into it.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { freePort } from '../src/db/embeddedPostgres';

const ROOT = new URL('../..', import.meta.url).pathname;

/** A process's parent, group and its terminal's foreground group (/proc/<pid>/stat; -1 without a
 * terminal). */
function stat(pid: number): { parent: number; group: number; foreground: number } {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { parent: Number(fields[1]), group: Number(fields[2]), foreground: Number(fields[5]) };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

it('stops on Ctrl-C at a terminal without a warning, the database last, nothing left running', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-terminal-'));
  fs.chmodSync(dir, 0o755);
  const [port, idpPort] = [await freePort(), await freePort()];
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dir,
    PORT: String(port),
    DEV_IDP_PORT: String(idpPort),
    PUBLIC_ORIGIN: `http://localhost:${port}`,
    DATA_DIR: path.join(dir, 'data'),
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
  };
  // `script` runs the command on a pseudo-terminal of its own and copies what is typed on its
  // standard input to it: the ETX byte becomes the terminal's SIGINT.
  const term = spawn('script', ['-qfec', `exec ${process.execPath} --import tsx bff/src/main.ts`, '/dev/null'], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  term.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => term.once('exit', (code) => resolve(code)));
  const started: number[] = [];
  try {
    await expect.poll(() => out, { timeout: 90_000, interval: 250 }).toContain('is running at');
    const postmaster = Number(fs.readFileSync(path.join(dir, 'data', 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const { parent: server, group, foreground } = stat(postmaster);
    started.push(server, postmaster);
    // What the terminal's Ctrl-C reaches: not PostgreSQL, which the server stops itself, last.
    expect(group).not.toBe(foreground);

    term.stdin.write('\x03');
    expect(await exited).toBe(0);

    // The terminal echoes the Ctrl-C as "^C" before the next line.
    const lines = out
      .split(/\r?\n/)
      .map((l) => l.slice(l.indexOf('{')))
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(lines.map((l) => l.msg)).toContain('shutting down');
    expect(lines.at(-1)?.msg).toBe('stopped');
    // pino: 40 is a warning, 50 an error.
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
    expect(started.filter(alive)).toEqual([]);
    expect(fs.existsSync(path.join(dir, 'data', 'pg', 'postmaster.pid'))).toBe(false);
    expect(execFileSync('ps', ['-eo', 'args']).toString()).not.toContain(path.join(dir, 'data'));
  } finally {
    if (term.exitCode === null) term.kill('SIGKILL');
    // After a failure, nothing of this test outlives it.
    for (const pid of started.filter(alive)) process.kill(pid, 'SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 150_000);
