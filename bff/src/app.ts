// The Express application: security headers, the JSON API under /api and the built SPA.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { Router, type RequestHandler } from 'express';
import compression from 'compression';
import { coded } from '@carbon/shared';
import type { Config } from './config';
import { LogThrottle, type Logger } from './log';
import type { Pool } from './db/pool';
import type { OidcClient } from './auth/oidcClient';
import { enforceLifetimes, sessionMiddleware, type SessionLifetimes } from './auth/session';
import { currentUser, type CurrentUser } from './auth/currentUser';
import type { AuthCache } from './auth/authCache';
import { rejectAuthorizationHeader, requireSameOrigin } from './auth/sameOrigin';
import type { SessionEvents } from './auth/sessionEvents';
import { requireUser } from './policies';
import { errorHandler } from './http/errors';
import { NotFoundError } from './core/errors';
import { mountHealthRoutes } from './http/health';
import { rejectUnsafeUrl } from './http/inputGuard';
import { apiSecurityHeaders, pageSecurityHeaders } from './http/securityHeaders';
import { sessionRoutes } from './http/session';
import { serveSpa } from './http/spa';
import { unitRoutes } from './http/units';
import { carbonReportRoutes } from './http/carbonReports';
import { carryForwardRoutes } from './http/carryForward';
import { ExportPool, ReportExporter } from './domain/reportExport';
import { rollupRoutes } from './http/rollup';
import { planTargetRoutes } from './http/planTargets';
import { planScenarioRoutes } from './http/planScenarios';
import { planInstitutionRoutes } from './http/planInstitution';
import { moduleRoutes } from './http/modules';
import { locationRoutes } from './http/locations';
import { syncRoutes } from './http/sync';
import { factorRoutes } from './http/factors';
import { registryRoutes } from './http/registry';
import { auditRoutes } from './http/audit';
import { accessRoutes } from './http/access';
import type { Metrics } from './metrics';
import type { JobSystem } from './jobs';
import type { EventHub } from './events/hub';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppDeps {
  config: Config;
  log: Logger;
  pool: Pool;
  oidc: OidcClient;
  sessionSecret: string;
  /** The session limits, and the clock they are measured against. */
  sessionLifetimes: SessionLifetimes;
  sessionEvents: SessionEvents;
  /** Sessions and users this instance remembers (kept fresh by the composition root). */
  authCache: AuthCache<CurrentUser>;
  /** The event streams of this instance. */
  hub: EventHub;
  jobs: JobSystem;
  /** The report exports (workers, cache, per-user limit); a default one when absent. */
  exports?: ReportExporter;
  isShuttingDown: () => boolean;
  /** Request latencies go here when metrics are on (METRICS_PORT). */
  metrics?: Metrics;
  /** The built web app (default: web/dist). */
  webDist?: string;
}

function requestLog(log: Logger): RequestHandler {
  // Off unless debug logging is: a listener per request is not free on the hot path.
  if (!log.isLevelEnabled('debug')) return (_req, _res, next) => next();
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      // The path only: query strings may carry codes or personal data.
      log.debug({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
    });
    next();
  };
}

/** The report exporter of an instance, as configured (EXPORT_WORKERS, EXPORT_MAX_PER_USER,
 * EXPORT_CACHE_MB); its workers start at the first export. */
export function exporterFor(pool: Pool, config: Config, log?: Logger): ReportExporter {
  return new ReportExporter(pool, new ExportPool(config.EXPORT_WORKERS, log), { maxPerUser: config.EXPORT_MAX_PER_USER, cacheBytes: config.EXPORT_CACHE_MB * 1024 * 1024 });
}

export function createApp(d: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // No hash of every JSON answer: API answers are per user and change with every write, so a
  // tag would rarely spare a transfer. Static files keep theirs (express.static), and the member list
  // sets its own, computed once per member list.
  app.set('etag', false);
  // Who may say which address a client has (X-Forwarded-For): by default no one, so the address
  // is the connection's and a client cannot pick its own rate-limit bucket (TRUST_PROXY).
  app.set('trust proxy', d.config.TRUST_PROXY);
  // Write answers are small JSON: only GET answers (lists, the member list, the SPA's files) can gain
  // from compression, so writes skip its hooks altogether.
  const compress = compression();
  app.use((req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? compress(req, res, next) : next()));
  app.use(requestLog(d.log));
  if (d.metrics) app.use(d.metrics.httpMiddleware());
  // Failures every request meets while the database is away: logged once a second per kind, on
  // the instance's clock (the one its session lifetimes read).
  const outages = new LogThrottle(d.log, d.sessionLifetimes.clock);

  const api = Router();
  api.use(apiSecurityHeaders(d.config.COOKIE_SECURE));
  mountHealthRoutes(api, d.pool, d.isShuttingDown);
  api.use(rejectUnsafeUrl);
  api.use(rejectAuthorizationHeader);
  api.use(requireSameOrigin(d.config.PUBLIC_ORIGIN));
  // No body is read before this point: the routes that take one parse it themselves, after the
  // session and their user check (http/body.ts).
  // The same session handlers serve index.html, which carries the session state (http/spa.ts).
  const session = [
    sessionMiddleware(d.config, d.sessionLifetimes, d.pool, d.sessionSecret, d.authCache, outages),
    enforceLifetimes(d.sessionLifetimes),
    currentUser(d.pool, d.authCache),
  ];
  api.use(...session);
  api.use(
    '/v1/session',
    sessionRoutes({
      pool: d.pool,
      log: d.log,
      oidc: d.oidc,
      lifetimes: d.sessionLifetimes,
      cookieSecure: d.config.COOKIE_SECURE,
      loginRatePerMinute: d.config.LOGIN_RATE_PER_MINUTE,
      sessionEvents: d.sessionEvents,
      authCache: d.authCache,
    }),
  );
  api.use('/v1/units', requireUser, unitRoutes(d.pool));
  api.use('/v1/carbon_reports', requireUser, carbonReportRoutes(d.pool, d.exports ?? exporterFor(d.pool, d.config)));
  api.use('/v1/carbon_reports', requireUser, carryForwardRoutes({ pool: d.pool, runner: d.jobs.runner }));
  api.use('/v1/rollup', requireUser, rollupRoutes(d.pool));
  api.use('/v1/plans', requireUser, planTargetRoutes(d.pool), planScenarioRoutes(d.pool), planInstitutionRoutes(d.pool));
  // The member list (…/headcount/members) is declared inside, before the generic /{unit_id}/{year}/{module} route.
  api.use('/modules', requireUser, moduleRoutes(d.pool));
  api.use('/locations', requireUser, locationRoutes(d.pool));
  api.use('/sync', syncRoutes(d.pool, d.jobs.runner, d.hub, { uploadMaxBytes: d.config.UPLOAD_MAX_BYTES }));
  api.use('/factors', requireUser, factorRoutes(d.pool));
  api.use('/registry', requireUser, registryRoutes());
  api.use('/audit', requireUser, auditRoutes(d.pool));
  api.use('/access', requireUser, accessRoutes(d.pool));
  api.use((_req, _res, next) => next(new NotFoundError('No such API route.', coded('no_such_route'))));
  app.use('/api', api);

  app.use(pageSecurityHeaders(d.config.COOKIE_SECURE));
  serveSpa(app, { webDist: d.webDist ?? WEB_DIST, session, lifetimes: d.sessionLifetimes, log: d.log });
  app.use(errorHandler(d.log, outages));
  return app;
}
