// A production-like cluster on one machine, for `npm run cluster` and its test
// (bff/test/cluster/): one PostgreSQL (embedded, or DATABASE_URL), the development IdP, three
// instances of the production artifact (`node bff/dist/main.js`, NODE_ENV=production) and HAProxy
// in front of them, configured by the deployment's own deploy/haproxy.cfg with this cluster's
// ports. Instances can be killed, restarted and rolled like a service manager would.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createPool, type Pool } from '../db/pool';
import { migrate } from '../db/migrate';
import { startEmbeddedPostgres } from '../db/embeddedPostgres';
import { startDevIdp, type DevIdp } from './idp';
import { seedDemoData } from './demoData';
import { haproxyMissing, startHaproxy, untilUp } from './haproxy';
import { BFF_NODE_FLAGS } from './nodeFlags';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const ARTIFACT = path.join(ROOT, 'bff/dist/main.js');
export const HAPROXY_CONFIG = path.join(ROOT, 'deploy/haproxy.cfg');
/** The server names of deploy/haproxy.cfg. */
export const INSTANCE_NAMES = ['a', 'b', 'c'] as const;

export interface ClusterOptions {
  /** The balancer listens here; the IdP on the next port, the instances on the three after. */
  basePort: number;
  /** Where the embedded PostgreSQL, HAProxy's socket and the instances' logs live. */
  dir: string;
  /** An existing PostgreSQL instead of the embedded one. */
  databaseUrl?: string;
  /** Embedded PostgreSQL without durability (tests). */
  fast?: boolean;
  /** Extra settings for every instance (LOG_LEVEL, POLLER_INTERVAL_SECONDS…). */
  env?: Record<string, string>;
  /** Modules node preloads into every instance (`--import`), before the artifact. */
  preload?: string[];
  log?: (line: string) => void;
}

export interface ClusterInstance {
  name: (typeof INSTANCE_NAMES)[number];
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Its last lines of output (JSON logs), for a failure's message. */
  tail: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const running = (c: ChildProcess) => c.exitCode === null && c.signalCode === null;

export class Cluster {
  readonly instances = new Map<string, ClusterInstance>();
  /** What browsers open: the balancer. */
  readonly url: string;
  readonly socket: string;
  private haproxy?: ChildProcess;
  private stopping = false;

  private constructor(
    private readonly o: ClusterOptions,
    readonly databaseUrl: string,
    readonly pool: Pool,
    readonly idp: DevIdp,
    private readonly instanceEnv: Record<string, string>,
    private readonly stopDatabase: () => Promise<void>,
  ) {
    this.url = `http://localhost:${o.basePort}`;
    this.socket = path.join(o.dir, 'haproxy.sock');
  }

  static async start(o: ClusterOptions): Promise<Cluster> {
    const missing = haproxyMissing();
    if (missing) throw new Error(missing);
    if (!fs.existsSync(ARTIFACT)) throw new Error(`${ARTIFACT} is missing: run npm run build first.`);
    fs.mkdirSync(path.join(o.dir, 'logs'), { recursive: true });
    const log = o.log ?? (() => {});
    let databaseUrl = o.databaseUrl;
    let stopDatabase = async () => {};
    if (!databaseUrl) {
      const pg = await startEmbeddedPostgres(path.join(o.dir, 'pg'), undefined, { fast: o.fast });
      stopDatabase = pg.stop;
      const admin = createPool(pg.url(), 1);
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', ['carbon']);
      if (!exists.rowCount) await admin.query('CREATE DATABASE carbon');
      await admin.end();
      databaseUrl = pg.url('carbon');
      log(`PostgreSQL (embedded, ${path.join(o.dir, 'pg')}) started`);
    }
    const pool = createPool(databaseUrl, 4, { applicationName: 'carbon-cluster' });
    let idp: DevIdp | undefined;
    let cluster: Cluster | undefined;
    try {
      // Migrated before the demo users are written; the instances then find the schema current.
      await migrate(databaseUrl);
      const clientSecret = crypto.randomBytes(24).toString('hex');
      const origin = `http://localhost:${o.basePort}`;
      idp = await startDevIdp({ port: o.basePort + 1, appOrigin: origin, clientId: 'carbon-web', clientSecret });
      await seedDemoData(pool, idp.issuer);
      log(`development identity provider at ${idp.issuer}`);
      const env = {
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        OAUTH_ISSUER_URL: idp.issuer,
        OAUTH_CLIENT_SECRET: clientSecret,
        SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
        PUBLIC_ORIGIN: origin,
        // HAProxy appends the client's address to X-Forwarded-For (deploy/haproxy.cfg).
        TRUST_PROXY: '1',
        LOG_FORMAT: 'json',
        ...o.env,
      };
      cluster = new Cluster(o, databaseUrl, pool, idp, env, stopDatabase);
      // The children have process groups of their own: should this process end without stop()
      // (an uncaught error, process.exit), they must not outlive it holding the ports.
      const orphans = () => cluster!.killAll();
      process.once('exit', orphans);
      cluster.forgetExitHook = () => process.off('exit', orphans);
      await Promise.all(INSTANCE_NAMES.map((name) => cluster!.startInstance(name)));
      log(`instances a, b, c started (ports ${INSTANCE_NAMES.map((n) => cluster!.portOf(n)).join(', ')}; logs in ${path.join(o.dir, 'logs')})`);
      const haproxyLog = fs.openSync(path.join(o.dir, 'logs', 'haproxy.log'), 'a');
      const haproxy = startHaproxy(
        HAPROXY_CONFIG,
        {
          CARBON_LISTEN: `127.0.0.1:${o.basePort}`,
          CARBON_ADMIN_SOCKET: cluster.socket,
          ...Object.fromEntries(INSTANCE_NAMES.map((name) => [`CARBON_BFF_${name.toUpperCase()}`, `127.0.0.1:${cluster!.portOf(name)}`])),
        },
        haproxyLog,
      );
      fs.closeSync(haproxyLog);
      cluster.haproxy = haproxy;
      haproxy.once('exit', (code) => {
        if (!cluster!.stopping) log(`HAProxy exited (${code})`);
      });
      for (const name of INSTANCE_NAMES) await untilUp(cluster.socket, name);
      return cluster;
    } catch (err) {
      if (cluster) await cluster.stop();
      else {
        await idp?.close();
        await pool.end().catch(() => {});
        await stopDatabase();
      }
      throw err;
    }
  }

  portOf(name: string): number {
    return this.o.basePort + 2 + INSTANCE_NAMES.indexOf(name as ClusterInstance['name']);
  }

  /** Starts instance `name` on its port and resolves once it answers ready. */
  async startInstance(name: ClusterInstance['name']): Promise<ClusterInstance> {
    const port = this.portOf(name);
    const logFile = fs.createWriteStream(path.join(this.o.dir, 'logs', `${name}.log`), { flags: 'a' });
    // Plain node on the built JavaScript, as deploy/carbon-bff@.service runs it.
    const preload = (this.o.preload ?? []).flatMap((m) => ['--import', m]);
    const child = spawn(process.execPath, [...BFF_NODE_FLAGS, ...preload, ARTIFACT], {
      cwd: ROOT,
      env: { ...process.env, ...this.instanceEnv, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: a Ctrl-C in the terminal reaches only the launcher, which then
      // stops each instance once (a second signal would make an instance exit at once).
      detached: true,
    });
    const tail: string[] = [];
    const keep = (d: Buffer) => {
      logFile.write(d);
      tail.push(...d.toString().split('\n').filter(Boolean));
      tail.splice(0, Math.max(0, tail.length - 50));
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => {
        logFile.end();
        resolve(code);
      }),
    );
    const instance: ClusterInstance = { name, port, child, exited, tail };
    this.instances.set(name, instance);
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (!running(child)) throw new Error(`instance ${name} exited at start (${child.exitCode ?? child.signalCode}):\n${tail.join('\n')}`);
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return instance;
      if (Date.now() > deadline) throw new Error(`instance ${name} not ready within 60 s:\n${tail.join('\n')}`);
      await sleep(100);
    }
  }

  /** The instance whose process has this pid (job_instances ids carry it). */
  byPid(pid: number): ClusterInstance | undefined {
    return [...this.instances.values()].find((i) => i.child.pid === pid);
  }

  /** SIGKILL: a crash. Resolves once the process is gone. */
  async kill(name: string): Promise<void> {
    const i = this.instances.get(name)!;
    i.child.kill('SIGKILL');
    await i.exited;
  }

  /** Replaces instance `name` as a rolling restart does: SIGTERM, wait for the graceful exit,
   * start the successor on the same port, wait until the balancer has it back in rotation. */
  async restart(name: ClusterInstance['name']): Promise<{ exitCode: number | null }> {
    const i = this.instances.get(name)!;
    if (running(i.child)) i.child.kill('SIGTERM');
    const exitCode = await i.exited;
    await this.startInstance(name);
    await untilUp(this.socket, name);
    return { exitCode };
  }

  private forgetExitHook = () => {};

  /** SIGKILL to every child: what is left when this process ends without stop(). */
  private killAll(): void {
    if (this.haproxy && running(this.haproxy)) this.haproxy.kill('SIGKILL');
    for (const i of this.instances.values()) if (running(i.child)) i.child.kill('SIGKILL');
  }

  /** Stops everything it started: the balancer, the instances (gracefully), the IdP, PostgreSQL. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.forgetExitHook();
    if (this.haproxy && running(this.haproxy)) {
      this.haproxy.kill('SIGTERM');
      await new Promise((r) => this.haproxy!.once('exit', r));
    }
    const all = [...this.instances.values()].filter((i) => running(i.child));
    for (const i of all) i.child.kill('SIGTERM');
    await Promise.all(all.map((i) => Promise.race([i.exited, sleep(30_000)])));
    for (const i of all) if (running(i.child)) i.child.kill('SIGKILL');
    await this.idp.close();
    await this.pool.end().catch(() => {});
    // A terminal's Ctrl-C also reaches the embedded PostgreSQL (its process group is ours), which
    // then stops by itself: its stop() would wait for an exit that already happened.
    await Promise.race([this.stopDatabase(), sleep(10_000)]);
  }
}
