import { describe, expect, it } from 'vitest';
import { BAR_CHECKS, BARS } from './bars';

const path1 = (which: 'p95' | 'p99') => BAR_CHECKS.find((b) => b.bar.startsWith(`Path 1 ${which}`))!;

describe('the bars summary', () => {
  it('says how long the disk stalled a flush when a Path 1 figure is missed during a stall', () => {
    expect(path1('p99').check({ worst_p99_ms: 244, disk_flush_max_ms: 231.3 })).toEqual({ figure: '244 ms (a disk flush stalled 231.3 ms)', met: false });
    expect(path1('p95').check({ worst_p95_ms: 40, disk_flush_max_ms: 231.3 })).toEqual({ figure: '40 ms (a disk flush stalled 231.3 ms)', met: false });
  });

  it('adds nothing to a met figure, to a miss without a stall, or to figures recorded before the probe', () => {
    expect(path1('p99').check({ worst_p99_ms: 30, disk_flush_max_ms: 231 })).toEqual({ figure: '30 ms', met: true });
    expect(path1('p99').check({ worst_p99_ms: 80, disk_flush_max_ms: BARS.path1.p99 })).toEqual({ figure: '80 ms', met: false });
    expect(path1('p99').check({ worst_p99_ms: 80 })).toEqual({ figure: '80 ms', met: false });
    expect(path1('p99').check({})).toBeUndefined();
  });
});
