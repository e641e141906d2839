import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDiskProbe } from './diskProbe';

describe('the disk probe', () => {
  it('times flushes until stopped, finds the longest one within a window, and removes its file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'disk-probe-'));
    const from = Date.now();
    const probe = startDiskProbe(dir);
    // Until two flushes are in: one can take half a second on a stalling disk.
    while (probe.summary().n < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    await probe.stop();
    const to = Date.now();
    const all = probe.summary();
    expect(all.max).toBeGreaterThan(0);
    expect(probe.longestBetween(from, to)).toBe(all.max);
    expect(probe.longestBetween(to + 1_000, to + 2_000)).toBe(0);
    expect(fs.readdirSync(dir)).toEqual([]);
    fs.rmSync(dir, { recursive: true });
  });
});
