// Per-instance memory of what every Path 1 write reads and what rarely changes: the factors of a
// (type, year), and where a module lives (unit, report and module ids). A factor upload or a
// deleted report or module is announced by the database (cache_changes: `factors`, `modules`)
// and every instance forgets at once (events/cacheChanges.ts). Off until `configure` is called
// (a process without a LISTEN connection remembers nothing) and while that connection is down.
// Only what exists is remembered: a report created later is found at once.
import type { FactorRow } from '@carbon/shared';
import type { Pool } from '../db/pool';
import { Memo, type CacheOptions } from '../events/cacheChanges';
import type { Queryable } from './db';
import { factorsFor } from './factors';

export interface ModuleAddress {
  unitId: number;
  reportId: number;
  year: number;
  moduleId: number;
}

export class ReferenceCache {
  private opts: CacheOptions = { ttlMs: 0, isLive: () => false };
  private readonly factors = new Memo<string, FactorRow[]>(1_000);
  private readonly addresses = new Memo<string, ModuleAddress>(10_000);
  /** Counts forgetting; a read that started before one is not remembered. */
  private forgets = 0;

  configure(opts: CacheOptions): void {
    this.opts = opts;
  }

  private get on(): boolean {
    return this.opts.ttlMs > 0 && this.opts.isLive();
  }

  /** Every factor of a data entry type for a year. */
  async factorsFor(db: Queryable, dataEntryType: string, year: number): Promise<FactorRow[]> {
    const key = `${dataEntryType}:${year}`;
    const hit = this.on ? this.factors.get(key, Date.now()) : undefined;
    if (hit) return hit;
    const mark = this.forgets;
    const rows = await factorsFor(db, dataEntryType, year);
    if (this.on && mark === this.forgets) this.factors.set(key, rows, Date.now() + this.opts.ttlMs);
    return rows;
  }

  /** Take before reading an address from the database; hand back to `rememberAddress`. */
  mark(): number {
    return this.forgets;
  }

  address(key: string): ModuleAddress | undefined {
    return this.on ? this.addresses.get(key, Date.now()) : undefined;
  }

  rememberAddress(key: string, address: ModuleAddress, mark: number): void {
    if (this.on && mark === this.forgets) this.addresses.set(key, address, Date.now() + this.opts.ttlMs);
  }

  notice(payload: string): void {
    if (payload === 'factors') this.factors.clear();
    else if (payload === 'modules') this.addresses.clear();
    else return;
    this.forgets++;
  }

  clear(): void {
    this.forgets++;
    this.factors.clear();
    this.addresses.clear();
  }
}

const caches = new WeakMap<Pool, ReferenceCache>();

/** The reference cache of a pool (one per process and database). */
export function referenceCacheFor(pool: Pool): ReferenceCache {
  let c = caches.get(pool);
  if (!c) caches.set(pool, (c = new ReferenceCache()));
  return c;
}
