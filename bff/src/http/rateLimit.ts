// A small fixed-window limiter per client address, per instance. Enough to slow down login
// and code-exchange abuse; a deployment can add a shared limiter at its load balancer.
import { coded } from '@carbon/shared';
import type { RequestHandler } from 'express';
import { systemClock, type Clock } from '../core/clock';
import { HttpError } from './errors';

/** `clock`: what the window is measured against (the instance's clock, so a test can move it). */
export function rateLimit({ windowMs, max, clock = systemClock }: { windowMs: number; max: number; clock?: Clock }): RequestHandler {
  const hits = new Map<string, { count: number; resetAt: number }>();
  return (req, res, next) => {
    const now = clock.now();
    const key = req.ip ?? 'unknown';
    let entry = hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (hits.size > 10_000) hits.clear();
      entry = { count: 0, resetAt: now + windowMs };
      hits.set(key, entry);
    }
    entry.count += 1;
    if (entry.count > max) {
      res.setHeader('Retry-After', Math.ceil((entry.resetAt - now) / 1000));
      return next(new HttpError(429, 'Too many sign-in attempts. Please wait a minute and try again.', coded('too_many_sign_ins')));
    }
    next();
  };
}
