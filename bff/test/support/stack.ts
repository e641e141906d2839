// A real stack for integration tests: a fresh database cloned from the migrated template, the
// development identity provider, and one or more BFF instances in this process.
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../src/config';
import { startServer, type RunningServer } from '../../src/server';
import { startDevIdp, type DevIdp } from '../../src/dev/idp';
import { seedDemoData } from '../../src/dev/demoData';
import { freePort } from '../../src/db/embeddedPostgres';
import { createLogger, type Logger } from '../../src/log';
import type { Clock } from '../../src/core/clock';
import { TestClient } from './httpClient';

export function databaseUrl(database: string): string {
  const u = new URL(inject('adminUrl'));
  u.pathname = `/${database}`;
  return u.href;
}

/** A new database with the current schema, for one test file. */
export async function createTestDatabase(): Promise<string> {
  const name = `t_${crypto.randomBytes(6).toString('hex')}_${inject('templateDb').split('_').pop()}`;
  const admin = new pg.Client({ connectionString: inject('adminUrl') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
  await admin.end();
  return databaseUrl(name);
}

export interface TestStack {
  idp: DevIdp;
  servers: RunningServer[];
  /** The first instance: most tests need only one. */
  server: RunningServer;
  origin: string;
  databaseUrl: string;
  clientSecret: string;
  sessionSecret: string;
  config: Config;
  /** The settings that join another instance (a child process too) to this stack: database,
   * identity provider, secrets and origin. */
  joinEnv: Record<string, string>;
  /** One more instance in this process, with `env` on top of the stack's settings; stopped with
   * the stack. */
  addInstance: (env?: Record<string, string>) => Promise<RunningServer>;
  client: (instance?: number) => TestClient;
  stop: () => Promise<void>;
}

/** `clock`: what the instances measure session lifetimes, cache time limits and the sign-in rate
 * window against (a test moves it instead of waiting);
 * `webDist`: the built web app the instances serve (default: web/dist). */
export async function startTestStack(
  opts: { instances?: number; env?: Record<string, string>; log?: Logger; clock?: Clock; webDist?: string } = {},
): Promise<TestStack> {
  const url = await createTestDatabase();
  // The origin the browser would see (a proxy in front of the instances); nothing listens on it,
  // the clients send it as the Origin header. Each instance listens on a port the system picks:
  // a port picked in advance can be taken before the instance binds it.
  const origin = `http://localhost:${await freePort()}`;
  const clientSecret = crypto.randomBytes(16).toString('hex');
  const sessionSecret = crypto.randomBytes(32).toString('hex');
  const idp = await startDevIdp({ port: 0, appOrigin: origin, clientId: 'carbon-web', clientSecret });
  const log = opts.log ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  const joinEnv = { DATABASE_URL: url, OAUTH_ISSUER_URL: idp.issuer, OAUTH_CLIENT_SECRET: clientSecret, SESSION_SECRET: sessionSecret, PUBLIC_ORIGIN: origin };
  const baseEnv = {
    NODE_ENV: 'test',
    ...joinEnv,
    LOG_LEVEL: 'silent',
    LOGIN_RATE_PER_MINUTE: '10000',
    ...opts.env,
  };
  const config = loadConfig(baseEnv);
  const servers: RunningServer[] = [];
  const addInstance = async (env: Record<string, string> = {}) => {
    const server = await startServer(loadConfig({ ...baseEnv, ...env, PORT: '0' }), { skipMigrations: true, log, clock: opts.clock, webDist: opts.webDist });
    servers.push(server);
    return server;
  };
  for (let i = 0; i < (opts.instances ?? 1); i++) await addInstance();
  await seedDemoData(servers[0]!.pool, idp.issuer);
  return {
    idp,
    servers,
    server: servers[0]!,
    origin,
    databaseUrl: url,
    clientSecret,
    sessionSecret,
    config,
    joinEnv,
    addInstance,
    client: (instance = 0) => new TestClient(servers[instance]!.url, origin),
    stop: async () => {
      for (const s of servers) await s.stop();
      await idp.close();
    },
  };
}
