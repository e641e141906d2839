import { describe, expect, it } from 'vitest';
import { ManualClock } from '../core/clock';
import { ReferenceCache, type MembersList } from './referenceCache';

const list = (json: string): MembersList => ({ json, gzip: Buffer.from(json), etag: `W/"${json}"` });

function liveCache(ttlMs = 30_000) {
  let live = true;
  const c = new ReferenceCache({ ttlMs, isLive: () => live });
  return { c, down: () => (live = false) };
}

describe('member lists in the reference cache', () => {
  it('keeps a list until a notice names its module, or all lists', () => {
    const { c } = liveCache();
    c.rememberMembers(1, list('[1]'), c.membersMark());
    c.rememberMembers(2, list('[2]'), c.membersMark());
    expect(c.membersOf(1)?.json).toBe('[1]');
    c.notice('m:1');
    expect(c.membersOf(1)).toBeUndefined();
    expect(c.membersOf(2)?.json).toBe('[2]');
    c.notice('members');
    expect(c.membersOf(2)).toBeUndefined();
  });

  it('does not keep a list read while a member change was announced', () => {
    const { c } = liveCache();
    const mark = c.membersMark();
    c.forgetMembers(7); // this instance's own write committed meanwhile
    c.rememberMembers(1, list('[old]'), mark);
    expect(c.membersOf(1)).toBeUndefined();
  });

  it('member notices do not stop addresses from being remembered', () => {
    const { c } = liveCache();
    const mark = c.mark();
    c.notice('m:3');
    c.rememberAddress('u:1:2025:headcount', { unitId: 1, reportId: 2, year: 2025, moduleId: 3 }, mark);
    expect(c.address('u:1:2025:headcount')?.moduleId).toBe(3);
  });

  it('keeps nothing while notices cannot arrive, nor with a zero time limit', () => {
    const live = liveCache();
    live.down();
    live.c.rememberMembers(1, list('[1]'), live.c.membersMark());
    expect(live.c.membersOf(1)).toBeUndefined();
    const off = liveCache(0);
    off.c.rememberMembers(1, list('[1]'), off.c.membersMark());
    expect(off.c.membersOf(1)).toBeUndefined();
  });
});

describe('the reference cache’s time limit', () => {
  it('forgets a member list once its time limit has passed, by the cache’s clock', () => {
    const clock = new ManualClock(0);
    const c = new ReferenceCache({ ttlMs: 30_000, isLive: () => true, clock });
    c.rememberMembers(1, list('[1]'), c.membersMark());
    clock.advance(29_999);
    expect(c.membersOf(1)?.json).toBe('[1]');
    clock.advance(1);
    expect(c.membersOf(1)).toBeUndefined();
  });
});
