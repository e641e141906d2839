import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../core/clock';
import { AuthCache, sessionTag } from './authCache';

let live = true;
const cache = (ttlMs = 1_000, maxEntries?: number, clock = new ManualClock(0)) =>
  new AuthCache<{ name: string }>({ ttlMs, isLive: () => live, maxEntries, clock });

afterEach(() => {
  live = true;
});

describe('AuthCache', () => {
  it('remembers a session and a user until their time limit', () => {
    const clock = new ManualClock(0);
    const c = cache(1_000, undefined, clock);
    c.rememberSession('sid-1', '{"userId":1}', c.mark());
    c.rememberUser(1, { name: 'Alice' }, c.mark());
    expect(c.session('sid-1')).toBe('{"userId":1}');
    expect(c.user(1)).toEqual({ name: 'Alice' });
    clock.advance(999);
    expect(c.user(1)).toEqual({ name: 'Alice' });
    clock.advance(2);
    expect(c.session('sid-1')).toBeUndefined();
    expect(c.user(1)).toBeUndefined();
  });

  it('forgets what a notice names, and only that', () => {
    const c = cache();
    c.rememberSession('sid-1', 'a', c.mark());
    c.rememberSession('sid-2', 'b', c.mark());
    c.rememberUser(1, { name: 'Alice' }, c.mark());
    c.rememberUser(2, { name: 'Bob' }, c.mark());
    c.notice(`s:${sessionTag('sid-1')}`);
    c.notice('u:2');
    expect(c.session('sid-1')).toBeUndefined();
    expect(c.session('sid-2')).toBe('b');
    expect(c.user(1)).toEqual({ name: 'Alice' });
    expect(c.user(2)).toBeUndefined();
  });

  it('does not remember a read that started before something was forgotten', () => {
    const c = cache();
    const mark = c.mark();
    c.notice('u:1'); // arrives while the read is under way
    c.rememberUser(1, { name: 'stale' }, mark);
    expect(c.user(1)).toBeUndefined();
  });

  it('remembers nothing while notices cannot arrive, or with a zero time limit', () => {
    const c = cache();
    c.rememberUser(1, { name: 'Alice' }, c.mark());
    live = false;
    expect(c.user(1)).toBeUndefined();
    c.rememberUser(2, { name: 'Bob' }, c.mark());
    live = true;
    expect(c.user(2)).toBeUndefined();
    const off = cache(0);
    off.rememberUser(1, { name: 'Alice' }, off.mark());
    expect(off.user(1)).toBeUndefined();
  });

  it('keeps at most its bound, dropping the oldest first', () => {
    const c = cache(1_000, 2);
    for (const id of [1, 2, 3]) c.rememberUser(id, { name: String(id) }, c.mark());
    expect(c.user(1)).toBeUndefined();
    expect(c.user(2)).toEqual({ name: '2' });
    expect(c.user(3)).toEqual({ name: '3' });
  });

  it('names sessions in notices by a tag, not by their id', () => {
    expect(sessionTag('secret-session-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(sessionTag('secret-session-id')).not.toContain('secret');
  });
});
