// /api/v1/session: login start, code exchange, session state, logout.
import crypto from 'node:crypto';
import { Router, type Response } from 'express';
import { z } from 'zod';
import { coded } from '@carbon/shared';
import type { Pool } from '../useCases/deps';
import { keepLogoutToken, recordSignIn, sessionUser, startLogin, takeLogin, takeLogoutToken } from '../useCases/session';
import type { Logger } from '../log';
import type { OidcClient } from '../auth/oidcClient';
import { pkce } from '../auth/oidcClient';
import { SESSION_COOKIE, type SessionLifetimes } from '../auth/session';
import { sessionState } from '../auth/sessionState';
import type { CurrentUser } from '../auth/currentUser';
import type { AuthCache } from '../auth/authCache';
import { userOf } from '../policies';
import { UnauthenticatedError } from '../core/errors';
import { badRequest } from './errors';
import { parseInput } from '../core/validate';
import { rateLimit } from './rateLimit';
import { readCookie } from './cookies';
import type { SessionEvents } from '../auth/sessionEvents';
import { HANDOFF_COOKIE, HANDOFF_LIFETIME_MS, LOGOUT_REDIRECT_PATH } from '../auth/logoutHandoff';
import { jsonBody } from './body';

const TX_COOKIE = 'auth_tx';
const TX_LIFETIME_MS = 10 * 60_000;

const loginBody = z.object({
  // Only paths of our own SPA: an absolute or protocol-relative URL would be an open redirect.
  return_to: z
    .string()
    .max(2000)
    .regex(/^\/(?![/\\])/, 'must be a path of this application')
    .default('/workspace'),
});

const exchangeBody = z.object({
  code: z.string().min(1).max(4096),
  state: z.string().min(1).max(512),
  iss: z.string().max(2000).optional(),
});

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

export interface SessionRouteDeps {
  pool: Pool;
  log: Logger;
  oidc: OidcClient;
  lifetimes: SessionLifetimes;
  cookieSecure: boolean;
  loginRatePerMinute: number;
  sessionEvents: SessionEvents;
  authCache: AuthCache<CurrentUser>;
}

export function sessionRoutes(d: SessionRouteDeps): Router {
  const r = Router();
  const limited = rateLimit({ windowMs: 60_000, max: d.loginRatePerMinute, clock: d.lifetimes.clock });
  const txCookie = { httpOnly: true, sameSite: 'strict' as const, secure: d.cookieSecure, path: '/api/v1/session' };
  const handoffCookie = { ...txCookie, path: LOGOUT_REDIRECT_PATH };

  const sendState = (res: Response, user: CurrentUser, s: { createdAt: number; lastSeenAt: number }, extra: object = {}) => {
    res.json({ ...sessionState(user, s, d.lifetimes), ...extra });
  };

  r.post('/login', limited, jsonBody(), async (req, res) => {
    const { return_to } = parseInput(loginBody, req.body ?? {});
    const binding = readCookie(req, TX_COOKIE) ?? crypto.randomBytes(32).toString('base64url');
    const state = pkce.state();
    const nonce = pkce.nonce();
    const verifier = pkce.verifier();
    await startLogin(d.pool, { state, browserHash: sha256(binding), codeVerifier: verifier, nonce, returnTo: return_to });
    const authorization_url = await d.oidc.authorizationUrl({ state, nonce, codeChallenge: await pkce.challenge(verifier) });
    res.cookie(TX_COOKIE, binding, { ...txCookie, maxAge: TX_LIFETIME_MS });
    res.json({ authorization_url });
  });

  r.post('/exchange', limited, jsonBody(), async (req, res) => {
    const { code, state, iss } = parseInput(exchangeBody, req.body ?? {});
    const binding = readCookie(req, TX_COOKIE);
    const invalid = () => badRequest('This sign-in attempt is invalid, expired or was already used. Please sign in again.', coded('sign_in_invalid'));
    if (!binding) throw invalid();
    // Single use: the row is consumed whether or not the code is then accepted.
    const pending = await takeLogin(d.pool, state, sha256(binding), TX_LIFETIME_MS);
    if (!pending) throw invalid();

    let redeemed;
    try {
      redeemed = await d.oidc.redeem({ code, state, iss, codeVerifier: pending.code_verifier, nonce: pending.nonce });
    } catch (err) {
      d.log.warn({ err: { message: (err as Error).message } }, 'code exchange refused');
      throw badRequest('The identity provider did not accept this sign-in. Please sign in again.', coded('sign_in_refused'));
    }
    const { claims, idToken } = redeemed;
    const userId = await recordSignIn(d.pool, { iss: d.oidc.issuer, sub: claims.sub, email: claims.email, name: claims.name, personNumber: claims.person_number }, req.ip ?? null);

    // A fresh session id at login: a session id known before login is worthless after it.
    await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
    const now = d.lifetimes.clock.now();
    Object.assign(req.session, { userId, createdAt: now, lastSeenAt: now, idToken });
    await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
    res.clearCookie(TX_COOKIE, txCookie);
    d.log.info({ userId }, 'signed in');
    // Name, email or roles may have changed at the identity provider or in the directory.
    d.authCache.forgetUser(userId);
    const user = await sessionUser(d.pool, userId);
    if (!user) throw new UnauthenticatedError();
    sendState(res, user, { createdAt: now, lastSeenAt: now }, { return_to: pending.return_to });
  });

  r.get('/', async (req, res) => {
    sendState(res, userOf(req), req.session as unknown as { createdAt: number; lastSeenAt: number });
  });

  // Logout. The ID token stays here: the answer names a route of ours (`logout_url`), which the
  // browser opens to be sent on to the identity provider (auth/logoutHandoff.ts).
  r.delete('/', async (req, res) => {
    const s = req.session;
    const idToken = s?.idToken;
    const sid = s?.id;
    if (s?.userId !== undefined) {
      await new Promise<void>((resolve, reject) => s.destroy((err) => (err ? reject(err) : resolve())));
      if (sid) d.sessionEvents.ended(sid);
    }
    res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', path: '/', secure: d.cookieSecure });
    let logout_url: string | null = null;
    if (s?.userId !== undefined && idToken && (await d.oidc.hasEndSession())) {
      res.cookie(HANDOFF_COOKIE, await keepLogoutToken(d.pool, idToken), { ...handoffCookie, maxAge: HANDOFF_LIFETIME_MS });
      logout_url = LOGOUT_REDIRECT_PATH;
    }
    res.json({ logout_url });
  });

  // The browser's way to the provider's end-session endpoint: once per logout, from the browser
  // that logged out. Without a fresh hand-off there is nothing to end there: back to sign-in.
  r.get('/logout-redirect', async (req, res) => {
    const token = readCookie(req, HANDOFF_COOKIE);
    const idToken = token ? await takeLogoutToken(d.pool, token) : undefined;
    res.clearCookie(HANDOFF_COOKIE, handoffCookie);
    const url = idToken ? await d.oidc.endSessionUrl(idToken) : null;
    res.redirect(302, url ?? '/login');
  });

  return r;
}
