// Per-instance memory of sessions and signed-in users, so that an API call does not pay two
// database round trips to learn who is calling.
//
// Correctness does not rest on the time limit: the database announces every change that matters
// (migration 0006: a deleted session row, a changed user or role) on the cache_changes channel,
// and every instance forgets the entry at once (events/cacheChanges.ts). Idle expiry is judged on
// fresh data: see `CachedSessionStore`.
import crypto from 'node:crypto';
import { systemClock } from '../core/clock';
import { Memo, type CacheOptions } from '../core/memo';

/** What a notice names: a session (by tag, never the id itself) or a user. */
export const sessionTag = (sid: string) => crypto.createHash('sha256').update(sid).digest('hex').slice(0, 32);

export class AuthCache<User> {
  /** Session data as JSON text, by session tag: each reader gets its own copy to change. */
  private readonly sessions: Memo<string, string>;
  private readonly users: Memo<number, User>;
  /** Counts forgetting; a read from the database that started before one is not remembered
   * (it may hold what was just forgotten). */
  private forgets = 0;

  constructor(private readonly opts: CacheOptions & { maxEntries?: number }) {
    this.sessions = new Memo(opts.maxEntries ?? 10_000);
    this.users = new Memo(opts.maxEntries ?? 10_000);
  }

  private now(): number {
    return (this.opts.clock ?? systemClock).now();
  }

  private get on(): boolean {
    return this.opts.ttlMs > 0 && this.opts.isLive();
  }

  /** Each memory's lookups, for metrics. */
  counts(): Record<string, { hits: number; misses: number }> {
    return { sessions: this.sessions, users: this.users };
  }

  /** Take before reading from the database; hand back to `remember…`. */
  mark(): number {
    return this.forgets;
  }

  session(sid: string): string | undefined {
    return this.on ? this.sessions.get(sessionTag(sid), this.now()) : undefined;
  }

  rememberSession(sid: string, json: string, mark: number): void {
    if (this.on && mark === this.forgets) this.sessions.set(sessionTag(sid), json, this.now() + this.opts.ttlMs);
  }

  forgetSession(sid: string): void {
    this.forgets++;
    this.sessions.delete(sessionTag(sid));
  }

  user(id: number): User | undefined {
    return this.on ? this.users.get(id, this.now()) : undefined;
  }

  rememberUser(id: number, user: User, mark: number): void {
    if (this.on && mark === this.forgets) this.users.set(id, user, this.now() + this.opts.ttlMs);
  }

  forgetUser(id: number): void {
    this.forgets++;
    this.users.delete(id);
  }

  /** A notice from the database: `s:<session tag>` or `u:<user id>`. */
  notice(payload: string): void {
    if (payload.startsWith('s:')) this.sessions.delete(payload.slice(2));
    else if (payload.startsWith('u:')) this.users.delete(Number(payload.slice(2)));
    else return;
    this.forgets++;
  }

  /** After notices may have been lost (reconnect). */
  clear(): void {
    this.forgets++;
    this.sessions.clear();
    this.users.clear();
  }
}
