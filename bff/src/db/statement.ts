// Typed SQL statements. Each statement lives in a .sql file of a `sql/` folder, one statement per
// file, named after what it does; the folder's index.ts wraps each file once in a function with
// named parameters and a typed row. The file keeps PostgreSQL's $1…$n; which name goes to which
// position is declared in that one definition, and statement.test.ts checks every definition
// against its file (every position used, none beyond), so the two cannot drift apart.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { QueryConfig, QueryResult, QueryResultRow } from 'pg';

/** What runs a statement: a pool, a pool client, or a job's domain session (jobs/domainSession.ts). */
export interface StatementRunner {
  query<R extends QueryResultRow = QueryResultRow>(config: QueryConfig): Promise<QueryResult<R>>;
}

/** The position ($n) of each named parameter: `{ id: 1, instanceId: 2 }`. Every name must be
 * placed (the type says so); that positions are 1…n and used is the test's to check. */
export type Positions<P> = { readonly [K in keyof P]-?: number };

/** Parameters of a statement that takes none. */
export type NoParams = Record<never, never>;

/** A statement without rows worth reading (its rowCount still is). */
export type NoRows = Record<never, never>;

type Args<P> = keyof P extends never ? [params?: P] : [params: P];

export interface Statement<P, R extends QueryResultRow> {
  (db: StatementRunner, ...args: Args<P>): Promise<QueryResult<R>>;
  /** Path of the .sql file. */
  readonly file: string;
  readonly text: string;
  readonly positions: Positions<P>;
  /** Name of the prepared statement (planned once per connection), when it is one. */
  readonly preparedAs: string | undefined;
}

/** Every statement defined so far, for the test that checks them against their files. */
export const definedStatements: Statement<any, QueryResultRow>[] = [];

export interface StatementOptions {
  /** A named prepared statement: for the hot path, where planning at each execution shows. */
  prepared?: boolean;
}

/**
 * The definer of one `sql/` folder: `folderUrl` is the folder's index.ts (`import.meta.url`),
 * `namespace` prefixes the names of its prepared statements. The file is read once, here.
 */
export function sqlFolder(folderUrl: string, namespace: string) {
  return function define<P extends object, R extends QueryResultRow = NoRows>(name: string, positions: Positions<P>, opts: StatementOptions = {}): Statement<P, R> {
    const file = fileURLToPath(new URL(`./${name}.sql`, folderUrl));
    const text = fs.readFileSync(file, 'utf8');
    const slots = Object.entries(positions as Record<string, number>);
    const preparedAs = opts.prepared ? `${namespace}.${name}` : undefined;
    const run = (db: StatementRunner, params?: P): Promise<QueryResult<R>> => {
      const values: unknown[] = new Array(slots.length);
      for (const [key, position] of slots) values[position - 1] = (params as Record<string, unknown>)[key];
      return db.query<R>(preparedAs ? { name: preparedAs, text, values } : { text, values });
    };
    const statement: Statement<P, R> = Object.assign(run, { file, text, positions, preparedAs });
    definedStatements.push(statement);
    return statement;
  };
}

/**
 * Runs parameterless `leading` statements (BEGIN, SET LOCAL …) and then `statement`, in one round
 * trip: the simple query protocol, which takes several statements but no parameters. Resolves with
 * the result of `statement`.
 */
export async function afterLeading<R extends QueryResultRow>(db: StatementRunner, leading: string, statement: Statement<NoParams, R>): Promise<QueryResult<R>> {
  // With several statements, pg answers with one result per statement.
  const results = (await db.query({ text: `${leading};\n${statement.text}` })) as unknown as QueryResult<R>[];
  return results[results.length - 1]!;
}
