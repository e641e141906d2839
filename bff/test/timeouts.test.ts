// Idle and absolute session lifetimes at their defaults (30 minutes idle, 12 hours absolute),
// proved by moving the clock the instance measures them against instead of waiting.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../src/core/clock';
import { startTestStack, type TestStack } from './support/stack';
import { login } from './support/httpClient';
import { SseClient } from './support/sse';

const MINUTE = 60_000;
const IDLE = 30 * MINUTE;
const ABSOLUTE = 12 * 60 * MINUTE;

const clock = new ManualClock();
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ clock });
});
afterAll(() => stack?.stop());

it('expires a session left idle, counting from its last activity', async () => {
  const c = stack.client();
  const signedInAt = clock.now();
  await login(c, 'alice');
  const state = await c.get('/api/v1/session');
  expect(state.status).toBe(200);
  expect(state.body.idle_expires_at).toBe(new Date(signedInAt + IDLE).toISOString());
  expect(state.body.absolute_expires_at).toBe(new Date(signedInAt + ABSOLUTE).toISOString());

  // Activity just before the idle limit keeps the session and starts the idle time again.
  clock.advance(IDLE - MINUTE);
  expect((await c.get('/api/v1/session')).status).toBe(200);
  clock.advance(IDLE - MINUTE);
  const active = await c.get('/api/v1/session');
  expect(active.status).toBe(200);
  expect(active.body.idle_expires_at).toBe(new Date(clock.now() + IDLE).toISOString());

  clock.advance(IDLE + 1);
  expect((await c.get('/api/v1/session')).status).toBe(401);
});

it('expires an active session at its absolute lifetime', async () => {
  const c = stack.client();
  const signedInAt = clock.now();
  await login(c, 'alice');
  // Active every 20 minutes (well within the idle lifetime) up to a second before the absolute one.
  while (clock.now() + 20 * MINUTE < signedInAt + ABSOLUTE) {
    clock.advance(20 * MINUTE);
    expect((await c.get('/api/v1/session')).status).toBe(200);
  }
  clock.set(signedInAt + ABSOLUTE - 1_000);
  expect((await c.get('/api/v1/session')).status).toBe(200);
  clock.advance(2_000);
  expect((await c.get('/api/v1/session')).status).toBe(401);
});

it('ends the event stream of a session that went idle', async () => {
  const c = stack.client();
  await login(c, 'olga');
  const stream = await SseClient.open(c);
  await stream.waitFor((e) => e.event === 'snapshot');
  clock.advance(IDLE + 1);
  // The instance checks the sessions of its streams every ping interval (15 s).
  let timer: NodeJS.Timeout | undefined;
  const tooLate = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('stream still open after its session went idle')), 30_000)));
  await Promise.race([stream.ended, tooLate]).finally(() => clearTimeout(timer));
  expect((await c.get('/api/v1/session')).status).toBe(401);
});
