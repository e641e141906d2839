// Session flow against the real dev IdP and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack';
import { authorize, followUntil, login, TestClient } from './support/httpClient';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.stop());

describe('login and code exchange', () => {
  it('signs in through the IdP form and returns the session state', async () => {
    const c = stack.client();
    const res = await login(c, 'alice');
    expect(res.body.user).toMatchObject({ sub: 'alice', name: 'Alice Martin', email: 'alice@example.org', person_number: 100001 });
    expect(res.body.return_to).toBe('/workspace');
    const cookie = res.headers.getSetCookie().find((l) => l.startsWith('auth_token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    const session = await c.get('/api/v1/session');
    expect(session.status).toBe(200);
    expect(session.body.user.sub).toBe('alice');
  });

  it('does not set auth_token when the login starts', async () => {
    const c = stack.client();
    const res = await c.post('/api/v1/session/login', { return_to: '/workspace' });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((l) => l.startsWith('auth_token='))).toBe(false);
    expect(res.headers.getSetCookie().some((l) => l.startsWith('auth_tx='))).toBe(true);
  });

  it('refuses a return_to outside the application', async () => {
    const c = stack.client();
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const res = await c.post('/api/v1/session/login', { return_to: bad });
      expect(res.status).toBe(422);
      expect(res.body.detail).toBeTypeOf('string');
    }
  });

  it('rejects a reused state (replayed exchange) with 400', async () => {
    const c = stack.client();
    const a = await authorize(c, 'bob', 'bob-demo');
    const first = await c.post('/api/v1/session/exchange', a);
    expect(first.status).toBe(200);
    const replay = await c.post('/api/v1/session/exchange', a);
    expect(replay.status).toBe(400);
    expect(replay.body.detail).toMatch(/sign in again/i);
  });

  it('rejects a wrong state with 400', async () => {
    const c = stack.client();
    const a = await authorize(c, 'bob', 'bob-demo');
    const res = await c.post('/api/v1/session/exchange', { ...a, state: 'not-the-state' });
    expect(res.status).toBe(400);
    // and the genuine state still works once
    expect((await c.post('/api/v1/session/exchange', a)).status).toBe(200);
  });

  it('binds the pending login to the browser that started it', async () => {
    const starter = stack.client();
    const a = await authorize(starter, 'bob', 'bob-demo');
    const thief = stack.client();
    const res = await thief.post('/api/v1/session/exchange', a);
    expect(res.status).toBe(400);
  });

  it('rejects a code the IdP did not issue with 400', async () => {
    const c = stack.client();
    const a = await authorize(c, 'bob', 'bob-demo');
    const res = await c.post('/api/v1/session/exchange', { ...a, code: 'forged-code' });
    expect(res.status).toBe(400);
  });

  it('gives a fresh session id at login', async () => {
    const c = stack.client();
    await login(c, 'bob');
    const before = c.sessionCookie();
    await login(c, 'bob');
    const after = c.sessionCookie();
    expect(before).toBeTruthy();
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    // the old id is dead
    const old = new TestClient(c.baseUrl, stack.origin);
    old.jar.set(c.baseUrl, 'auth_token', before!);
    expect((await old.get('/api/v1/session')).status).toBe(401);
  });
});

describe('request rules', () => {
  it('answers 401 without a session', async () => {
    const res = await stack.client().get('/api/v1/session');
    expect(res.status).toBe(401);
    expect(res.body.detail).toBeTypeOf('string');
  });

  it('never authenticates a Bearer header', async () => {
    const res = await stack.client().get('/api/v1/session', { authorization: 'Bearer abc.def.ghi' });
    expect(res.status).toBe(401);
  });

  it('refuses a Bearer header even next to a valid cookie', async () => {
    const c = stack.client();
    await login(c, 'alice');
    expect((await c.get('/api/v1/session', { authorization: 'Bearer x' })).status).toBe(401);
  });

  it('refuses state-changing requests from a foreign origin with 403', async () => {
    const c = stack.client();
    await login(c, 'alice');
    const foreign = await c.post('/api/v1/session/login', {}, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const crossSite = await c.request('DELETE', '/api/v1/session', undefined, { origin: '', 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect((await c.get('/api/v1/session')).status).toBe(200);
    const sameSite = await c.post('/api/v1/session/login', {}, { origin: '', 'sec-fetch-site': 'same-origin' });
    expect(sameSite.status).toBe(200);
  });

  it('has no /auth/me nor /api/v1/users/me', async () => {
    const c = stack.client();
    await login(c, 'alice');
    expect((await c.get('/api/v1/users/me')).status).toBe(404);
    expect((await c.get('/api/auth/me')).status).toBe(404);
    expect((await c.get('/auth/me')).status).toBe(404);
  });

  it('answers malformed JSON with 400 and a detail', async () => {
    const res = await stack.client().post('/api/v1/session/login', '{not json', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/JSON/);
  });

  it('sets security headers: the API set on API answers, helmet\'s page set on pages', async () => {
    const res = await stack.client().get('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect((await stack.client().get('/api/no-such-route')).headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const page = await stack.client().raw(`${stack.server.url}/login`);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('logout', () => {
  it('destroys the server-side session so the old cookie is refused', async () => {
    const c = stack.client();
    await login(c, 'alice');
    const cookie = c.sessionCookie()!;
    const out = await c.delete('/api/v1/session');
    expect(out.status).toBe(200);
    const old = stack.client();
    old.jar.set(c.baseUrl, 'auth_token', cookie);
    expect((await old.get('/api/v1/session')).status).toBe(401);
  });

  it('never answers the ID token: the browser goes through a BFF route, once, to the IdP logout', async () => {
    const c = stack.client();
    const exchange = await login(c, 'bob');
    const sid = /^s:([^.]+)\./.exec(decodeURIComponent(c.sessionCookie()!))![1];
    const { rows } = await stack.server.pool.query<{ id_token: string }>(`SELECT sess->>'idToken' AS id_token FROM session WHERE sid = $1`, [sid]);
    const idToken = rows[0]!.id_token;
    expect(idToken).toMatch(/^ey/);
    const state = await c.get('/api/v1/session');
    const out = await c.delete('/api/v1/session');
    for (const res of [exchange, state, out]) expect(JSON.stringify(res.body)).not.toContain(idToken);
    expect(out.body).toEqual({ logout_url: '/api/v1/session/logout-redirect' });
    const handoff = out.headers.getSetCookie().find((l) => l.startsWith('logout_handoff='))!;
    expect(handoff).toMatch(/HttpOnly/i);
    expect(handoff).toMatch(/SameSite=Strict/i);
    expect(handoff).toMatch(/Path=\/api\/v1\/session\/logout-redirect/);

    const redirect = await c.raw(`${c.baseUrl}${out.body.logout_url}`);
    expect(redirect.status).toBe(302);
    const target = new URL(redirect.headers.get('location')!);
    expect(target.origin + target.pathname).toBe(`${stack.idp.issuer.replace(/\/$/, '')}/session/end`);
    expect(target.searchParams.get('id_token_hint')).toBe(idToken);
    expect(target.searchParams.get('post_logout_redirect_uri')).toBe(`${stack.origin}/login`);

    // Single use: the same browser, the same cookie value replayed, or another browser get no hint.
    const replay = stack.client();
    replay.jar.set(c.baseUrl, 'logout_handoff', /^logout_handoff=([^;]+)/.exec(handoff)![1]!);
    for (const again of [await c.raw(`${c.baseUrl}${out.body.logout_url}`), await replay.raw(`${c.baseUrl}${out.body.logout_url}`)]) {
      expect(again.status).toBe(302);
      expect(again.headers.get('location')).toBe('/login');
    }

    // The identity provider accepts the hint and ends its session, back to our sign-in page.
    const confirm = await c.raw(target.href);
    const html = await confirm.text();
    const action = /action="([^"]+)"/.exec(html)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const done = await followUntil(c, new URL(action, target).href, `${stack.origin}/login`, {
      method: 'POST',
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.location).toBe(`${stack.origin}/login`);
  });

  it('offers no IdP logout to a browser without a session', async () => {
    const out = await stack.client().delete('/api/v1/session');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ logout_url: null });
  });
});

describe('health', () => {
  it('is live and ready', async () => {
    expect((await stack.client().get('/api/health')).body).toEqual({ status: 'ok' });
    expect((await stack.client().get('/api/ready')).body).toEqual({ status: 'ready' });
  });
});
