// A second BFF instance on the e2e stack's database, as a deployment of several instances runs:
// its own port, the same database, identity provider and session secret. A browser's session
// cookie is host-only and cookies ignore ports, so a user signed in on the stack is signed in on
// this instance too, and it serves the same built app.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const STACK_DATA = path.join(ROOT, '.data/e2e');
const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

export interface SecondInstance {
  url: string;
  stop(): Promise<void>;
}

export async function startSecondInstance(): Promise<SecondInstance> {
  const port = await freePort();
  const pgPort = Number(fs.readFileSync(path.join(STACK_DATA, 'pg/postmaster.pid'), 'utf8').split('\n')[3]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-e2e-second-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bff/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_ORIGIN: `http://localhost:${port}`,
      DATABASE_URL: `postgres://postgres:embedded@127.0.0.1:${pgPort}/carbon`,
      OAUTH_ISSUER_URL: `http://localhost:${E2E_PORT + 1}`,
      // Users sign in on the stack; this instance only reads their sessions.
      OAUTH_CLIENT_SECRET: 'not-used-by-this-instance',
      SESSION_SECRET: fs.readFileSync(path.join(STACK_DATA, 'session-secret'), 'utf8').trim(),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the second instance exited with code ${child.exitCode}`);
    const ready = await fetch(`${url}/api/ready`).then((r) => r.ok, () => false);
    if (ready) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the second instance was not ready within 60 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
