import { describe, expect, it } from 'vitest';
import { BytesCache } from './bytesCache';

const bytes = (n: number) => Buffer.alloc(n);

describe('BytesCache', () => {
  it('keeps values up to its bytes, dropping the least recently used first', () => {
    const cache = new BytesCache<Buffer>(100, (b) => b.byteLength);
    cache.set('a@1', bytes(40), 'a');
    cache.set('b@1', bytes(40), 'b');
    expect(cache.get('a@1')).toBeDefined(); // a is now the most recently used
    cache.set('c@1', bytes(40), 'c');
    expect(cache.get('b@1')).toBeUndefined();
    expect(cache.get('a@1')?.byteLength).toBe(40);
    expect(cache.get('c@1')?.byteLength).toBe(40);
    expect(cache.size).toEqual({ entries: 2, bytes: 80 });
  });

  it('drops the older version of a group when a newer one is stored', () => {
    const cache = new BytesCache<Buffer>(1000, (b) => b.byteLength);
    cache.set('r1/pdf@x', bytes(10), 'r1/pdf');
    cache.set('r1/pdf@y', bytes(20), 'r1/pdf');
    expect(cache.get('r1/pdf@x')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 1, bytes: 20 });
  });

  it('does not keep a value larger than itself', () => {
    const cache = new BytesCache<Buffer>(10, (b) => b.byteLength);
    cache.set('big@1', bytes(11), 'big');
    expect(cache.get('big@1')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });
});
