import type { NextFunction, Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../core/clock';
import { HttpError } from './errors';
import { rateLimit } from './rateLimit';

/** Calls the limiter as Express would for one request from `ip`: what it handed to `next`, and
 * the Retry-After it set. */
function attempt(limit: ReturnType<typeof rateLimit>, ip: string): { error: unknown; retryAfter?: unknown } {
  const headers: Record<string, unknown> = {};
  const res = { setHeader: (name: string, value: unknown) => (headers[name] = value) } as unknown as Response;
  let error: unknown = 'not called';
  limit({ ip } as Request, res, ((err?: unknown) => (error = err)) as NextFunction);
  return { error, retryAfter: headers['Retry-After'] };
}

describe('rateLimit', () => {
  it('refuses attempts over the limit until the window, by the clock, is over', () => {
    const clock = new ManualClock(0);
    const limit = rateLimit({ windowMs: 60_000, max: 2, clock });
    expect(attempt(limit, '10.0.0.1').error).toBeUndefined();
    expect(attempt(limit, '10.0.0.1').error).toBeUndefined();
    clock.advance(20_000);
    const refused = attempt(limit, '10.0.0.1');
    expect(refused.error).toBeInstanceOf(HttpError);
    expect((refused.error as HttpError).status).toBe(429);
    expect(refused.retryAfter).toBe(40);
    expect(attempt(limit, '10.0.0.2').error).toBeUndefined(); // another address has its own count
    clock.advance(40_000);
    expect(attempt(limit, '10.0.0.1').error).toBeUndefined();
  });
});
