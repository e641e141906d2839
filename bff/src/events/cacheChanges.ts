// What instances remember for a short while — sessions and users (auth/authCache.ts), factors,
// module addresses and member lists (domain/referenceCache.ts) — is forgotten as soon as the
// database announces a change on one channel (migrations 0006, 0007). Payloads: `s:<session tag>`,
// `u:<user id>`, `factors`, `modules`, `m:<module id>`, `members`. The time limit only bounds how
// long a missed notice could matter; nothing is remembered while the LISTEN connection is down (a
// notice could be missed then).

export const CACHE_CHANGES_CHANNEL = 'cache_changes';

export interface CacheOptions {
  /** How long an entry may be used at most; 0 turns the cache off. */
  ttlMs: number;
  /** Whether notices can currently arrive (the LISTEN connection is up). */
  isLive: () => boolean;
}

interface Entry<T> {
  value: T;
  until: number;
}

/** A map with a time limit per entry and a size bound (the oldest entries go first). */
export class Memo<K, T> {
  private readonly entries = new Map<K, Entry<T>>();
  constructor(private readonly maxEntries: number) {}

  get(key: K, now: number): T | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until > now) return e.value;
    this.entries.delete(key);
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
