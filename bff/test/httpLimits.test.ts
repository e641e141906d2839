// Limits that depend on who the client is: the sign-in rate limiter's address under TRUST_PROXY,
// and the per-user cap on event streams (SSE_MAX_STREAMS_PER_USER). Each case runs an instance of
// its own, configured for it, on the test stack's database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startServer, type RunningServer } from '../src/server';
import { createLogger } from '../src/log';
import { startTestStack, type TestStack } from './support/stack';
import { login, TestClient } from './support/httpClient';
import { SseClient } from './support/sse';
import { waitFor } from './support/jobs';

let stack: TestStack;
const extra: RunningServer[] = [];

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  for (const s of extra) await s.stop();
  await stack?.stop();
});

/** One more instance on the stack's database, with `env` on top of the stack's settings. */
async function instance(env: Record<string, string>): Promise<RunningServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATABASE_URL: stack.databaseUrl,
    OAUTH_ISSUER_URL: stack.idp.issuer,
    OAUTH_CLIENT_SECRET: stack.clientSecret,
    SESSION_SECRET: stack.sessionSecret,
    PUBLIC_ORIGIN: stack.origin,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const server = await startServer(config, { skipMigrations: true, log: createLogger('silent') });
  extra.push(server);
  return server;
}

const loginStart = (c: TestClient, forwardedFor: string) => c.post('/api/v1/session/login', { return_to: '/workspace' }, { 'x-forwarded-for': forwardedFor });

describe('TRUST_PROXY and the sign-in rate limit', () => {
  it('by default ignores X-Forwarded-For: rotating it does not escape the limit', async () => {
    const server = await instance({ LOGIN_RATE_PER_MINUTE: '3' });
    const c = new TestClient(server.url, stack.origin);
    const statuses = [];
    for (let i = 1; i <= 5; i++) statuses.push((await loginStart(c, `198.51.100.${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await loginStart(c, '198.51.100.99');
    expect(refused.body.detail).toMatch(/Too many sign-in attempts/);
    expect(refused.headers.get('retry-after')).toMatch(/^[0-9]+$/);
  });

  for (const trust of ['1', 'loopback']) {
    it(`with TRUST_PROXY=${trust} counts each forwarded client address in its own bucket`, async () => {
      const server = await instance({ LOGIN_RATE_PER_MINUTE: '3', TRUST_PROXY: trust });
      const c = new TestClient(server.url, stack.origin);
      for (let i = 0; i < 3; i++) expect((await loginStart(c, '203.0.113.1')).status).toBe(200);
      expect((await loginStart(c, '203.0.113.1')).status).toBe(429);
      // Another client behind the same proxy still has its whole allowance.
      for (let i = 0; i < 3; i++) expect((await loginStart(c, '203.0.113.2')).status).toBe(200);
      expect((await loginStart(c, '203.0.113.2')).status).toBe(429);
    });
  }
});

describe('event streams per user', () => {
  it('refuses a stream beyond SSE_MAX_STREAMS_PER_USER with 429, per user; closing one frees its place', async () => {
    const server = await instance({ SSE_MAX_STREAMS_PER_USER: '2' });
    const signedIn = async (username: string) => {
      const viaStack = stack.client();
      await login(viaStack, username);
      const c = new TestClient(server.url, stack.origin);
      c.jar.set(server.url, 'auth_token', viaStack.sessionCookie()!);
      return c;
    };
    const alice = await signedIn('alice');
    const first = await SseClient.open(alice);
    const second = await SseClient.open(alice);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await SseClient.open(alice);
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ detail: expect.stringMatching(/at most 2 per user/) });

    // The cap is per user: bob is not affected by alice's streams.
    const bob = await SseClient.open(await signedIn('bob'));
    expect(bob.status).toBe(200);

    first.close();
    await waitFor('the closed stream to leave the hub', async () => server.jobs.hub.size === 2);
    const again = await SseClient.open(alice);
    expect(again.status).toBe(200);
    for (const s of [second, bob, again]) s.close();
  });
});
