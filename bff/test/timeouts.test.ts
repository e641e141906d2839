// Idle and absolute session lifetimes, with short configured values.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack';
import { login } from './support/httpClient';

let stack: TestStack;
beforeAll(async () => {
  // idle 1.2 s, absolute 3.6 s
  stack = await startTestStack({ env: { SESSION_IDLE_MINUTES: '0.02', SESSION_ABSOLUTE_HOURS: '0.001' } });
});
afterAll(() => stack?.stop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('expires a session left idle', async () => {
  const c = stack.client();
  await login(c, 'alice');
  expect((await c.get('/api/v1/session')).status).toBe(200);
  await sleep(1500);
  expect((await c.get('/api/v1/session')).status).toBe(401);
});

it('expires an active session at its absolute lifetime', async () => {
  const c = stack.client();
  await login(c, 'alice');
  const deadline = Date.now() + 3600;
  // Stay active (well within the idle lifetime) until past the absolute one.
  while (Date.now() < deadline - 300) {
    expect((await c.get('/api/v1/session')).status).toBe(200);
    await sleep(400);
  }
  await sleep(700);
  expect((await c.get('/api/v1/session')).status).toBe(401);
});
