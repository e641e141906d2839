// What domain services need from a database handle: the pool, or a client inside a transaction
// (both have the same query signatures).
import type pg from 'pg';

export interface Queryable {
  query: pg.Pool['query'];
}

/** Anything that runs a parameterised statement: a pool, a client, a job's domain session. It
 * also runs typed statements (bff/src/db/statement.ts). */
export interface SqlRunner {
  query<R extends pg.QueryResultRow = any>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
  query<R extends pg.QueryResultRow = any>(config: pg.QueryConfig): Promise<pg.QueryResult<R>>;
}
