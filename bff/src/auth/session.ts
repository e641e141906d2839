// Server-side sessions in PostgreSQL (connect-pg-simple), carried by the `auth_token` cookie.
// The cookie holds only the signed session id. Idle and absolute lifetimes are enforced here,
// on every request, so they hold whatever the browser does with the cookie.
import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import type { RequestHandler } from 'express';
import type { Pool } from '../db/pool';
import type { Config } from '../config';

export const SESSION_COOKIE = 'auth_token';

declare module 'express-session' {
  interface SessionData {
    userId: number;
    createdAt: number;
    lastSeenAt: number;
    idToken?: string;
  }
}

export interface SessionLifetimes {
  idleMs: number;
  absoluteMs: number;
}

export function lifetimes(config: Config): SessionLifetimes {
  return { idleMs: config.SESSION_IDLE_MINUTES * 60_000, absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000 };
}

export function sessionMiddleware(config: Config, pool: Pool, secret: string): RequestHandler {
  const PgStore = connectPgSimple(session);
  const { absoluteMs } = lifetimes(config);
  return session({
    name: SESSION_COOKIE,
    secret,
    store: new PgStore({
      pool,
      tableName: 'session',
      createTableIfMissing: false,
      ttl: Math.ceil(absoluteMs / 1000),
      // We refresh lastSeenAt ourselves, at most every few seconds, instead of a write per request.
      disableTouch: true,
      pruneSessionInterval: 15 * 60,
    }),
    resave: false,
    saveUninitialized: false,
    rolling: false,
    unset: 'destroy',
    cookie: { httpOnly: true, sameSite: 'strict', path: '/', secure: config.COOKIE_SECURE },
  });
}

/** Ends sessions past their idle or absolute lifetime and records activity (throttled). */
export function enforceLifetimes({ idleMs, absoluteMs }: SessionLifetimes): RequestHandler {
  const touchEveryMs = Math.min(60_000, idleMs / 10);
  return (req, _res, next) => {
    const s = req.session;
    if (s?.userId === undefined) return next();
    const now = Date.now();
    const lastSeenAt = s.lastSeenAt ?? 0;
    if (now - lastSeenAt > idleMs || now - (s.createdAt ?? 0) > absoluteMs) {
      s.destroy(() => next());
      return;
    }
    if (now - lastSeenAt > touchEveryMs) s.lastSeenAt = now;
    next();
  };
}

export function expiries(s: { createdAt: number; lastSeenAt: number }, l: SessionLifetimes) {
  return {
    idle_expires_at: new Date(s.lastSeenAt + l.idleMs).toISOString(),
    absolute_expires_at: new Date(s.createdAt + l.absoluteMs).toISOString(),
  };
}
