// The domain session of one job attempt: a pooled connection holding one transaction, opened on
// the handler's first query (a handler that writes nothing costs no transaction), committed once
// by the runner, and closed to the handler the moment the attempt ends.
import type { QueryConfig, QueryResultRow } from 'pg';
import { releaseClient, type Pool, type PoolClient } from '../db/pool';
import { afterLeading, type StatementRunner } from '../db/statement';
import { DURABLE_BEGIN, tableWriteCounts, type WriteCounts } from './sql';
import type { DomainDb } from './types';

export class DomainSession {
  private client: PoolClient | undefined;
  private opening: Promise<PoolClient> | undefined;
  private before: WriteCounts = {};
  private closedForHandler = false;
  /** Destroy rather than reuse the connection: the handler may still be using it. */
  private discard = false;
  private ended = false;
  /** The last query sent or waiting. A handler may send a query while its previous one is still
   * on its way (the bulk writers read the next batch's travelers and places while its insert
   * runs): each waits for the one before, in order, here rather than in node-postgres, which
   * queues them today but will refuse them from its version 9. */
  private tail: Promise<unknown> = Promise.resolve();

  /** What the handler gets: queries in the transaction, refused once the attempt is over. */
  readonly db: DomainDb = {
    query: async (statement: string | QueryConfig, values?: unknown[]) => {
      if (this.closedForHandler) throw new Error('This job attempt is over; its database session is closed.');
      const c = await this.open();
      return this.inTurn(() => (typeof statement === 'string' ? c.query(statement, values) : c.query(statement)));
    },
  };

  /** The runner's door into the transaction (the conditional finish), open after the handler's
   * has closed. */
  readonly runnerDb: StatementRunner = {
    query: async <R extends QueryResultRow>(statement: QueryConfig) => {
      const c = await this.open();
      return this.inTurn(() => c.query<R>(statement));
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
      this.before = (await afterLeading(c, DURABLE_BEGIN, tableWriteCounts)).rows[0]!.counts;
      return c;
    })();
    return this.opening;
  }

  /** Runs `query` once every query sent before it has answered (or failed). */
  private inTurn<T>(query: () => Promise<T>): Promise<T> {
    const turn = this.tail.then(query, query);
    this.tail = turn.catch(() => {});
    return turn;
  }

  /** The attempt is over for the handler; only the runner may still use the session. */
  closeForHandler(opts: { discard?: boolean } = {}): void {
    this.closedForHandler = true;
    if (opts.discard) this.discard = true;
  }

  /** Tables whose write counters grew since the transaction began (one writer per table). */
  async writtenTables(): Promise<string[]> {
    const { rows } = await tableWriteCounts(this.runnerDb);
    const after = rows[0]!.counts;
    return Object.keys(after).filter((t) => (after[t] ?? 0) > (this.before[t] ?? 0));
  }

  async commit(): Promise<void> {
    this.ended = true;
    const c = this.client!;
    await this.inTurn(() => c.query('COMMIT'));
  }

  async rollback(): Promise<void> {
    this.ended = true;
    const c = this.client;
    if (!c) return;
    try {
      await this.inTurn(() => c.query('ROLLBACK'));
    } catch {
      this.discard = true;
    }
  }

  /** Back to the pool, or destroyed (which also ends any open transaction on the server). */
  async release(): Promise<void> {
    await this.opening?.catch(() => {});
    if (this.client && !this.ended && !this.discard) await this.rollback();
    if (this.client) releaseClient(this.client, this.discard ? new Error('job attempt aborted') : undefined);
    this.client = undefined;
  }
}
