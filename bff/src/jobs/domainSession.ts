// The domain session of one job attempt: a pooled connection holding one transaction, opened on
// the handler's first query (a handler that writes nothing costs no transaction), committed once
// by the runner, and closed to the handler the moment the attempt ends.
import type { QueryConfig, QueryResult } from 'pg';
import type { Pool, PoolClient } from '../db/pool';
import { DURABLE_BEGIN, prepared, sql } from './sql';
import type { DomainDb } from './types';

export type WriteCounts = Record<string, number>;

export class DomainSession {
  private client: PoolClient | undefined;
  private opening: Promise<PoolClient> | undefined;
  private before: WriteCounts = {};
  private closedForHandler = false;
  /** Destroy rather than reuse the connection: the handler may still be using it. */
  private discard = false;
  private ended = false;

  /** What the handler gets: queries in the transaction, refused once the attempt is over. */
  readonly db: DomainDb = {
    query: async (text, values) => {
      if (this.closedForHandler) throw new Error('This job attempt is over; its database session is closed.');
      const c = await this.open();
      return c.query(text, values);
    },
  };

  constructor(private readonly pool: Pool) {}

  get isOpen(): boolean {
    return this.opening !== undefined;
  }

  private open(): Promise<PoolClient> {
    this.opening ??= (async () => {
      const c = await this.pool.connect();
      this.client = c;
      // One round trip: open a durable transaction and note the write counters it starts from.
      const [, , counts] = (await c.query(`${DURABLE_BEGIN}; ${sql.tableWriteCounts}`)) as unknown as QueryResult<{ counts: WriteCounts }>[];
      this.before = counts!.rows[0]!.counts;
      return c;
    })();
    return this.opening;
  }

  /** The attempt is over for the handler; only the runner may still use the session. */
  closeForHandler(opts: { discard?: boolean } = {}): void {
    this.closedForHandler = true;
    if (opts.discard) this.discard = true;
  }

  /** A runner statement inside the transaction (the conditional finish). */
  async query<R extends Record<string, unknown>>(statement: QueryConfig): Promise<QueryResult<R>> {
    const c = await this.open();
    return c.query<R>(statement);
  }

  /** Tables whose write counters grew since the transaction began (one writer per table). */
  async writtenTables(): Promise<string[]> {
    const { rows } = await this.query<{ counts: WriteCounts }>(prepared('tableWriteCounts', []));
    const after = rows[0]!.counts;
    return Object.keys(after).filter((t) => (after[t] ?? 0) > (this.before[t] ?? 0));
  }

  async commit(): Promise<void> {
    this.ended = true;
    await this.client!.query('COMMIT');
  }

  async rollback(): Promise<void> {
    this.ended = true;
    if (!this.client) return;
    try {
      await this.client.query('ROLLBACK');
    } catch {
      this.discard = true;
    }
  }

  /** Back to the pool, or destroyed (which also ends any open transaction on the server). */
  async release(): Promise<void> {
    await this.opening?.catch(() => {});
    if (this.client && !this.ended && !this.discard) await this.rollback();
    this.client?.release(this.discard ? new Error('job attempt aborted') : undefined);
    this.client = undefined;
  }
}
