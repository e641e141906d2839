// What domain services need from a database handle: the pool, or a client inside a transaction.
import type pg from 'pg';

export type Queryable = pg.Pool | pg.PoolClient;
