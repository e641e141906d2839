// Limits that depend on who the client is: the sign-in rate limiter's address under TRUST_PROXY,
// and the per-user cap on event streams (SSE_MAX_STREAMS_PER_USER). Each case runs an instance of
// its own, configured for it, on the test stack's database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/core/clock';
import { startTestStack, type TestStack } from './support/stack';
import { TestClient } from './support/httpClient';
import { asAt } from './support/carbon';
import { SseClient } from './support/sse';
import { waitFor } from './support/jobs';

let stack: TestStack;
/** The instances' clock: the rate window ends when the test moves it, not after a minute's wait. */
const clock = new ManualClock();

beforeAll(async () => {
  stack = await startTestStack({ clock });
});
afterAll(() => stack?.stop());

/** One more instance on the stack's database, with `env` on top of the stack's settings. */
const instance = (env: Record<string, string>) => stack.addInstance(env);

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
    clock.advance(60_000);
    expect((await loginStart(c, '198.51.100.100')).status).toBe(200);
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
    const alice = await asAt(stack, server.url, 'alice');
    const first = await SseClient.open(alice);
    const second = await SseClient.open(alice);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await SseClient.open(alice);
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ detail: expect.stringMatching(/at most 2 per user/) });

    // The cap is per user: bob is not affected by alice's streams.
    const bob = await SseClient.open(await asAt(stack, server.url, 'bob'));
    expect(bob.status).toBe(200);

    first.close();
    await waitFor('the closed stream to leave the hub', async () => server.hub.size === 2);
    const again = await SseClient.open(alice);
    expect(again.status).toBe(200);
    for (const s of [second, bob, again]) s.close();
  });
});
