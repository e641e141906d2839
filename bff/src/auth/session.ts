// Server-side sessions in PostgreSQL (connect-pg-simple), carried by the `auth_token` cookie.
// The cookie holds only the signed session id. Idle and absolute lifetimes are enforced here,
// on every request, so they hold whatever the browser does with the cookie. "Now" for them is
// the clock of the lifetimes (the system clock; a test's own clock when it moves time).
//
// A database that cannot be reached must not sign anyone out. express-session, when it cannot
// read a session, leaves `req.session` unset; with `unset: 'destroy'` it then deletes the session
// at the end of the answer, and a database back by then (a terminated connection, a restart) lost
// the row: every later request answered 401. `sessionMiddleware` forgets the session's id on such
// a failure, so the answer neither deletes nor writes it. A failed write at the end of an answer
// (already sent) is logged, never passed on as a second error of the same request.
import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import type { RequestHandler } from 'express';
import type { LogThrottle } from '../log';
import type { Pool } from '../db/pool';
import type { Config } from '../config';
import { systemClock, type Clock } from '../core/clock';
import type { AuthCache } from './authCache';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../core/databaseErrors';

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
  /** What both lifetimes are measured against: logins, activity and expiry all read it. */
  clock: Clock;
}

export function lifetimes(config: Config, clock: Clock = systemClock): SessionLifetimes {
  return { idleMs: config.SESSION_IDLE_MINUTES * 60_000, absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000, clock };
}

/** How often activity is recorded (a session write); idle expiry is precise to this much. */
export const touchEveryMs = ({ idleMs }: SessionLifetimes) => Math.min(60_000, idleMs / 10);

/**
 * The PostgreSQL store behind the instance's `AuthCache`. A remembered session is used only while
 * its recorded activity is fresher than the touch interval: a request that may find it idle, or
 * that records activity, reads the row itself, so another instance's activity always counts.
 */
class CachedSessionStore extends session.Store {
  constructor(
    private readonly inner: session.Store,
    private readonly cache: AuthCache<unknown>,
    private readonly lifetimes: SessionLifetimes,
  ) {
    super();
  }

  override get(sid: string, done: (err: unknown, s?: session.SessionData | null) => void): void {
    const json = this.cache.session(sid);
    if (json) {
      const s = JSON.parse(json) as session.SessionData;
      if (this.lifetimes.clock.now() - (s.lastSeenAt ?? 0) < touchEveryMs(this.lifetimes)) return done(null, s);
    }
    const mark = this.cache.mark();
    this.inner.get(sid, (err, s) => {
      if (!err && s) this.cache.rememberSession(sid, JSON.stringify(s), mark);
      // express-session takes an error coded ENOENT for a missing session: a database reached
      // through a Unix socket that is not there (a restart) would sign everyone out.
      done(isDatabaseUnavailable(err) ? new DatabaseUnavailableError(err) : err, s);
    });
  }

  override set(sid: string, s: session.SessionData, done?: (err?: unknown) => void): void {
    const mark = this.cache.mark();
    this.inner.set(sid, s, (err) => {
      if (err) this.cache.forgetSession(sid);
      else this.cache.rememberSession(sid, JSON.stringify(s), mark);
      done?.(err);
    });
  }

  override destroy(sid: string, done?: (err?: unknown) => void): void {
    this.cache.forgetSession(sid);
    this.inner.destroy(sid, done);
  }
}

/** `outages`: where the store's failures are logged (the store itself would print them, stack
 * and all, to standard error). */
export function sessionMiddleware(config: Config, l: SessionLifetimes, pool: Pool, secret: string, cache: AuthCache<unknown>, outages: LogThrottle): RequestHandler {
  const PgStore = connectPgSimple(session);
  const pgStore = new PgStore({
    pool,
    tableName: 'session',
    createTableIfMissing: false,
    // A storage bound only (the store reads the system clock): the lifetimes themselves are
    // enforced by enforceLifetimes, against the lifetimes' clock.
    ttl: Math.ceil(l.absoluteMs / 1000),
    // We refresh lastSeenAt ourselves, at most every few seconds, instead of a write per request.
    disableTouch: true,
    pruneSessionInterval: 15 * 60,
    // The only thing it logs itself: a failed pruning of expired sessions.
    errorLog: (msg: string, err: unknown) => outages.warn('session_prune', { err }, String(msg).replace(/:$/, '')),
  });
  const handle = session({
    name: SESSION_COOKIE,
    secret,
    store: new CachedSessionStore(pgStore, cache, l),
    resave: false,
    saveUninitialized: false,
    rolling: false,
    unset: 'destroy',
    cookie: { httpOnly: true, sameSite: 'strict', path: '/', secure: config.COOKIE_SECURE },
  });
  return (req, res, next) => {
    let passed = false;
    handle(req, res, (err?: unknown) => {
      if (passed) {
        // The save or deletion at the end of the answer failed; the answer is gone already.
        outages.warn('session_write', { err, method: req.method, path: req.path }, 'session not written');
        return;
      }
      passed = true;
      // The session could not be read: without its id, the end of this answer leaves it alone.
      if (err) delete (req as { sessionID?: string }).sessionID;
      next(err);
    });
  };
}

/** Ends sessions past their idle or absolute lifetime and records activity (throttled). */
export function enforceLifetimes(l: SessionLifetimes): RequestHandler {
  const { idleMs, absoluteMs, clock } = l;
  const touchMs = touchEveryMs(l);
  return (req, _res, next) => {
    const s = req.session;
    if (s?.userId === undefined) return next();
    const now = clock.now();
    const lastSeenAt = s.lastSeenAt ?? 0;
    if (now - lastSeenAt > idleMs || now - (s.createdAt ?? 0) > absoluteMs) {
      s.destroy(() => next());
      return;
    }
    if (now - lastSeenAt > touchMs) s.lastSeenAt = now;
    next();
  };
}

export function expiries(s: { createdAt: number; lastSeenAt: number }, l: SessionLifetimes) {
  return {
    idle_expires_at: new Date(s.lastSeenAt + l.idleMs).toISOString(),
    absolute_expires_at: new Date(s.createdAt + l.absoluteMs).toISOString(),
  };
}
