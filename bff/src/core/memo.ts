// What an instance remembers for a short while (sessions and users, factors, module addresses,
// member lists) is kept in size-bounded maps with a time limit per entry. The caches forget on
// the database's change notices (events/cacheChanges.ts); the time limit only bounds how long a
// missed notice could matter.
import type { Clock } from './clock';

export interface CacheOptions {
  /** How long an entry may be used at most; 0 turns the cache off. */
  ttlMs: number;
  /** Whether change notices can currently arrive (the LISTEN connection is up); nothing is
   * remembered while they cannot, since one could be missed. */
  isLive: () => boolean;
  /** What the time limits are measured against (default: the system clock); tests move their own. */
  clock?: Clock;
}

interface Entry<T> {
  value: T;
  until: number;
}

/** A map with a time limit per entry and a size bound (the oldest entries go first). */
export class Memo<K, T> {
  private readonly entries = new Map<K, Entry<T>>();
  /** Lookups answered from memory, and lookups that were not (metrics). */
  hits = 0;
  misses = 0;
  constructor(private readonly maxEntries: number) {}

  get(key: K, now: number): T | undefined {
    const e = this.entries.get(key);
    if (e && e.until > now) {
      this.hits++;
      return e.value;
    }
    if (e) this.entries.delete(key);
    this.misses++;
    return undefined;
  }

  set(key: K, value: T, until: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
