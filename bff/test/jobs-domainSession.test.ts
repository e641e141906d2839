// A job's domain session takes a query sent while the one before is still on its way (the bulk
// writers read the next batch while the previous one is inserted): it runs after that one, in the
// order sent, on the one transaction, without node-postgres' warning that such calls will be
// refused in its next major version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../src/db/pool';
import { DomainSession } from '../src/jobs/domainSession';
import { createTestDatabase } from './support/stack';

let pool: Pool;
const warnings: string[] = [];
const onWarning = (w: Error) => warnings.push(w.message);

beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 2);
  process.on('warning', onWarning);
}, 60_000);

afterAll(async () => {
  process.off('warning', onWarning);
  await pool.end();
});

describe('a domain session', () => {
  it('runs queries sent at once one after the other, in order, in its one transaction', async () => {
    const session = new DomainSession(pool);
    try {
      await session.db.query('CREATE TEMP TABLE seen (n int, at timestamptz DEFAULT clock_timestamp())');
      // Sent together, not awaited one by one; the first is the slowest.
      const sent = [1, 2, 3].map((n) => session.db.query('WITH i AS (INSERT INTO seen (n) SELECT $2::int FROM pg_sleep($1::float8) RETURNING n) SELECT n FROM i', [n === 1 ? 0.2 : 0, n]));
      await Promise.all(sent);
      const { rows } = await session.db.query<{ n: number }>('SELECT n FROM seen ORDER BY at');
      expect(rows.map((r) => r.n)).toEqual([1, 2, 3]);
      // One transaction: a query that fails aborts it for the ones after, as in any transaction.
      const failing = session.db.query('SELECT 1 / 0');
      const after = session.db.query('SELECT 1');
      await expect(failing).rejects.toThrow(/division by zero/);
      await expect(after).rejects.toThrow(/current transaction is aborted/);
    } finally {
      await session.rollback();
      await session.release();
    }
    await new Promise((r) => setImmediate(r));
    expect(warnings.filter((w) => /already executing a query/.test(w))).toEqual([]);
  });
});
