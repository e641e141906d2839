// The job console's guard against answers older than the events heard while they were on their
// way (utils/jobChanges.ts): only state or attempt changes count, and a recovery counts too.
import { describe, expect, it } from 'vitest';
import { JobChanges } from '../src/utils/jobChanges';

describe('JobChanges', () => {
  it('counts a job’s changes of state or attempt, not its progress', () => {
    const c = new JobChanges();
    expect(c.heard({ id: 1, state: 'NOT_STARTED', attempts: 1 })).toBe(true);
    expect(c.heard({ id: 1, state: 'RUNNING', attempts: 2 })).toBe(true);
    expect(c.heard({ id: 1, state: 'RUNNING', attempts: 2 })).toBe(false); // a progress step
    expect(c.heard({ id: 1, state: 'FINISHED', attempts: 2 })).toBe(true);
    expect(c.count(1)).toBe(3);
    expect(c.count(2)).toBe(0);
  });

  it('tells a read taken before a change from one taken after it', () => {
    const c = new JobChanges();
    c.heard({ id: 1, state: 'NOT_STARTED', attempts: 1 });
    const beforeRead = c.count(1);
    const list = c.all();
    c.heard({ id: 1, state: 'RUNNING', attempts: 2 }); // heard while the answer was on its way
    expect(c.count(1)).not.toBe(beforeRead);
    expect(c.count(1)).not.toBe(list.get(1));
  });

  it('counts a recovery as a change, even one that leaves state and attempt as they were', () => {
    const c = new JobChanges();
    c.heard({ id: 3, state: 'NOT_STARTED', attempts: 1 });
    const beforeRead = c.count(3);
    c.changed(3);
    expect(c.count(3)).toBe(beforeRead + 1);
  });

  it('forgets the jobs no longer shown', () => {
    const c = new JobChanges();
    c.heard({ id: 1, state: 'RUNNING', attempts: 1 });
    c.heard({ id: 2, state: 'RUNNING', attempts: 1 });
    c.keepOnly(new Set([2]));
    expect(c.count(1)).toBe(0);
    expect(c.count(2)).toBe(1);
    // A forgotten job's next event counts as a change again.
    expect(c.heard({ id: 1, state: 'RUNNING', attempts: 1 })).toBe(true);
  });
});
