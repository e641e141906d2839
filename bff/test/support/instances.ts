// Real BFF processes for multi-process tests: each runs bff/test/support/jobInstance.ts against
// one database, with a short poller interval (the rescue window stays the default: a dead
// instance's jobs are rescued through its liveness session), and reports ready on stdout.
import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import type { Pool, PoolClient } from '../../src/db/pool';
import { freePort } from '../../src/db/embeddedPostgres';
import { seedDemoData } from '../../src/dev/demoData';
import { startDevIdp, type DevIdp } from '../../src/dev/idp';
import { login, TestClient } from './httpClient';
import { releaseHeld } from './faults';

export interface Instance {
  child: ChildProcess;
  /** The instance id it registered in job_instances. */
  id: string;
  /** Where it listens. */
  url: string;
  /** Its stdout (JSON log lines), as it comes. */
  output: string[];
  exited: Promise<number | null>;
}

export const POLL_S = 0.25;

export function startJobInstance(databaseUrl: string, env: Record<string, string> = {}): Promise<Instance> {
  let stderr = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'bff/test/support/jobInstance.ts'], {
    cwd: new URL('../../..', import.meta.url).pathname,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      DATABASE_URL: databaseUrl,
      // Never contacted: these processes serve no login.
      OAUTH_ISSUER_URL: 'http://127.0.0.1:9/',
      OAUTH_CLIENT_SECRET: 'not-used-in-this-test',
      SESSION_SECRET: 'multi-process-test-session-secret',
      PUBLIC_ORIGIN: 'http://localhost:0',
      POLLER_INTERVAL_SECONDS: String(POLL_S),
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance did not start: ${stderr}`)), 60_000);
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line);
      try {
        const msg = JSON.parse(line) as { ready?: boolean; instance?: string; url?: string };
        if (msg.ready && msg.instance && msg.url) {
          clearTimeout(timer);
          resolve({ child, id: msg.instance, url: msg.url, output, exited });
        }
      } catch {
        // a log line
      }
    });
    void exited.then((code) => reject(new Error(`instance exited with ${code}: ${stderr}`)));
  });
}

/** SIGTERM, a bounded wait for a graceful exit, then SIGKILL for any straggler. */
export async function stopInstances(instances: readonly Instance[]): Promise<void> {
  const running = (i: Instance) => i.child.exitCode === null && i.child.signalCode === null;
  for (const i of instances) if (running(i)) i.child.kill('SIGTERM');
  await Promise.all(instances.map((i) => Promise.race([i.exited, new Promise((r) => setTimeout(r, 15_000))])));
  for (const i of instances) if (running(i)) i.child.kill('SIGKILL');
}

export interface SignIn {
  idp: DevIdp;
  /** The origin browsers would see (a proxy in front of the instances; nothing listens on it). */
  origin: string;
  /** What instances need to sign users in through this IdP. */
  env: Record<string, string>;
}

/** The development IdP in this process and the demo users in `pool`'s database, for instances
 * whose users sign in for real. */
export async function startSignIn(pool: Pool): Promise<SignIn> {
  const origin = `http://localhost:${await freePort()}`;
  const clientSecret = crypto.randomBytes(16).toString('hex');
  const idp = await startDevIdp({ port: 0, appOrigin: origin, clientId: 'carbon-web', clientSecret });
  await seedDemoData(pool, idp.issuer);
  return { idp, origin, env: { OAUTH_ISSUER_URL: idp.issuer, OAUTH_CLIENT_SECRET: clientSecret, PUBLIC_ORIGIN: origin } };
}

/** A client of `instance`, signed in as `username`. */
export async function signedIn(instance: Instance, signIn: SignIn, username = 'olga'): Promise<TestClient> {
  const client = new TestClient(instance.url, signIn.origin);
  await login(client, username);
  return client;
}

/** Ends what a multi-process test started: the lock sessions it holds, its instances, the IdP,
 * its pool. */
export async function tearDown(parts: { held?: PoolClient[]; instances?: readonly Instance[]; signIn?: SignIn; pool?: Pool }): Promise<void> {
  if (parts.held) await releaseHeld(parts.held);
  if (parts.instances) await stopInstances(parts.instances);
  await parts.signIn?.idp.close();
  await parts.pool?.end();
}
