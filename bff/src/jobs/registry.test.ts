import { describe, expect, it } from 'vitest';
import { HandlerRegistry } from './registry';
import { backoffMs } from './runJob';

const handler = (type: string) => ({ type, writes: [], run: async () => {} });

describe('HandlerRegistry', () => {
  it('holds exactly one handler per job type', () => {
    const r = new HandlerRegistry();
    r.register(handler('csv_ingest'));
    expect(() => r.register(handler('csv_ingest'))).toThrow(/already registered/);
    expect(r.types()).toEqual(['csv_ingest']);
    expect(r.get('csv_ingest')?.type).toBe('csv_ingest');
    expect(r.get('aggregation')).toBeUndefined();
  });

  it('refuses job type names the table would refuse', () => {
    const r = new HandlerRegistry();
    for (const bad of ['', 'CSV', '1st', 'with-dash', 'x'.repeat(64)]) expect(() => r.register(handler(bad))).toThrow(/Invalid job type/);
  });
});

describe('backoffMs', () => {
  it('doubles per attempt around the base, within ±25 %, and is capped', () => {
    for (const [attempt, base] of [
      [1, 2000],
      [2, 4000],
      [3, 8000],
    ] as const) {
      const ms = backoffMs(2000, attempt);
      expect(ms).toBeGreaterThanOrEqual(base * 0.75);
      expect(ms).toBeLessThanOrEqual(base * 1.25);
    }
    expect(backoffMs(2000, 40)).toBeLessThanOrEqual(10 * 60_000 * 1.25);
  });
});

describe('HandlerRegistry.upstreamOf', () => {
  it('follows the handlers’ declared next jobs back, transitively', () => {
    const r = new HandlerRegistry();
    r.register({ ...handler('ingest'), next: ['recalc'] });
    r.register({ ...handler('factors'), next: ['recalc'] });
    r.register({ ...handler('recalc'), next: ['aggregation'] });
    r.register(handler('aggregation'));
    r.register(handler('unrelated'));
    expect(r.upstreamOf('aggregation').sort()).toEqual(['factors', 'ingest', 'recalc']);
    expect(r.upstreamOf('recalc').sort()).toEqual(['factors', 'ingest']);
    expect(r.upstreamOf('ingest')).toEqual([]);
  });
});
