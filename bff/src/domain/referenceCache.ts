// Per-instance memory of what is read far more often than it changes: the factors of a (factor
// set, year) and where a module lives (unit, report and module ids), read by every Path 1 write; and
// each headcount's member list (GET …/headcount/members, read by every traveler selector). A factor upload, a
// deleted report or module, or a statement touching member entries is announced by the database
// (cache_changes: `factors`, `modules`, `m:<module id>`; migrations 0006, 0007) and every
// instance forgets at once (events/cacheChanges.ts). The composition root creates it, feeds it
// the notices and hands it to the domain services of its pool (`useReferenceCache`); a pool
// without one remembers nothing, and so does the cache while the LISTEN connection is down.
// Only what exists is remembered: a report created later is found at once.
import type { FactorRow } from '@carbon/shared';
import type { Pool } from '../db/pool';
import { systemClock } from '../core/clock';
import { Memo, type CacheOptions } from '../core/memo';
import type { Queryable } from './db';
import { factorSetsFor } from './factors';

export interface ModuleAddress {
  unitId: number;
  reportId: number;
  year: number;
  moduleId: number;
}

/** The member list's answer for one module, ready to send: JSON, its gzip and an entity tag. */
export interface MembersList {
  json: string;
  gzip: Buffer;
  etag: string;
}

export class ReferenceCache {
  private readonly factors = new Memo<string, FactorRow[]>(1_000);
  private readonly addresses = new Memo<string, ModuleAddress>(10_000);
  // Lists can be large (about 100 KB for 2,000 members): few are kept.
  private readonly members = new Memo<number, MembersList>(200);
  /** Count forgetting; a read that started before one is not remembered. Member lists have
   * their own count, so that member writes do not keep addresses from being remembered. */
  private forgets = 0;
  private memberForgets = 0;

  /** Without options: a cache that remembers nothing. */
  constructor(private readonly opts: CacheOptions = { ttlMs: 0, isLive: () => false }) {}

  private now(): number {
    return (this.opts.clock ?? systemClock).now();
  }

  private get on(): boolean {
    return this.opts.ttlMs > 0 && this.opts.isLive();
  }

  /** Each memory's lookups, for metrics. */
  counts(): Record<string, { hits: number; misses: number }> {
    return { factors: this.factors, module_addresses: this.addresses, member_lists: this.members };
  }

  /** Every factor of each of these sets for a year, by set; the sets not remembered are read
   * together in one query. */
  async factorSetsFor(db: Queryable, sets: readonly string[], year: number): Promise<Record<string, FactorRow[]>> {
    const found: Record<string, FactorRow[]> = {};
    const missing: string[] = [];
    const now = this.now();
    for (const set of sets) {
      const hit = this.on ? this.factors.get(`${set}:${year}`, now) : undefined;
      if (hit) found[set] = hit;
      else missing.push(set);
    }
    if (!missing.length) return found;
    const mark = this.forgets;
    const read = await factorSetsFor(db, missing, year);
    for (const [set, rows] of Object.entries(read)) {
      found[set] = rows;
      if (this.on && mark === this.forgets) this.factors.set(`${set}:${year}`, rows, this.now() + this.opts.ttlMs);
    }
    return found;
  }

  /** Take before reading an address from the database; hand back to `rememberAddress`. */
  mark(): number {
    return this.forgets;
  }

  address(key: string): ModuleAddress | undefined {
    return this.on ? this.addresses.get(key, this.now()) : undefined;
  }

  rememberAddress(key: string, address: ModuleAddress, mark: number): void {
    if (this.on && mark === this.forgets) this.addresses.set(key, address, this.now() + this.opts.ttlMs);
  }

  /** Take before reading a member list from the database; hand back to `rememberMembers`. */
  membersMark(): number {
    return this.memberForgets;
  }

  membersOf(moduleId: number): MembersList | undefined {
    return this.on ? this.members.get(moduleId, this.now()) : undefined;
  }

  rememberMembers(moduleId: number, list: MembersList, mark: number): void {
    if (this.on && mark === this.memberForgets) this.members.set(moduleId, list, this.now() + this.opts.ttlMs);
  }

  /** Called by this instance's own member writes too: its next read must not wait for the notice. */
  forgetMembers(moduleId?: number): void {
    if (moduleId === undefined) this.members.clear();
    else this.members.delete(moduleId);
    this.memberForgets++;
  }

  notice(payload: string): void {
    if (payload.startsWith('m:')) return this.forgetMembers(Number(payload.slice(2)));
    if (payload === 'members') return this.forgetMembers();
    if (payload === 'factors') this.factors.clear();
    else if (payload === 'modules') this.addresses.clear();
    else return;
    this.forgets++;
  }

  clear(): void {
    this.forgets++;
    this.factors.clear();
    this.addresses.clear();
    this.forgetMembers();
  }
}

const caches = new WeakMap<Pool, ReferenceCache>();

/** Makes `cache` the one the domain services use with `pool` (one per process and database). */
export function useReferenceCache(pool: Pool, cache: ReferenceCache): void {
  caches.set(pool, cache);
}

/** The reference cache of a pool: the one the composition root gave it, else one that remembers
 * nothing. */
export function referenceCacheFor(pool: Pool): ReferenceCache {
  let c = caches.get(pool);
  if (!c) caches.set(pool, (c = new ReferenceCache()));
  return c;
}
