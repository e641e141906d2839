// Group commit for Path 1 writes to one module. Every write must update the module and report
// stats rows, and a row lock is held until the commit is flushed, so writers of one module queue
// behind each other one commit at a time. Here, writes to the same module that arrive while one
// is being written wait for it, then go together: one transaction, each write's own statement,
// one stats update for all, one commit. Each write is still all-or-nothing; a lone write keeps its
// single statement. If any write of a batch fails (say, a duplicate person number), the batch is
// rolled back and its writes are run one by one, so that only that one fails.
import type pg from 'pg';
import type { Pool } from '../../db/pool';
import { APPLY_BATCH_DELTAS } from '../stats';
import type { WriteSql } from './writeSql';

export interface QueuedWrite {
  /** Prepared statement name (per form). */
  name: string;
  sql: WriteSql;
  values: unknown[];
  /** The entry an update or delete locks: a batch takes entry locks in id order (creates last),
   * so that batches of two instances cannot deadlock on each other's entries. */
  entryId?: number;
}

interface Pending {
  write: QueuedWrite;
  resolve: (rows: pg.QueryResultRow[]) => void;
  reject: (err: unknown) => void;
}

const MAX_BATCH = 64;

export class ModuleWriteQueue {
  private readonly waiting = new Map<number, Pending[]>();

  constructor(private readonly pool: Pool) {}

  /** Runs a write on `moduleId`; resolves with the rows of its statement (none: nothing changed). */
  run<R extends pg.QueryResultRow>(moduleId: number, write: QueuedWrite): Promise<R[]> {
    return new Promise<R[]>((resolve, reject) => {
      const p: Pending = { write, resolve: resolve as (rows: pg.QueryResultRow[]) => void, reject };
      const queue = this.waiting.get(moduleId);
      if (queue) {
        queue.push(p);
        return;
      }
      this.waiting.set(moduleId, [p]);
      void this.drain(moduleId);
    });
  }

  private async drain(moduleId: number): Promise<void> {
    const queue = this.waiting.get(moduleId)!;
    while (queue.length) await this.execute(moduleId, queue.splice(0, MAX_BATCH));
    this.waiting.delete(moduleId);
  }

  private async alone(p: Pending): Promise<void> {
    try {
      const res = await this.pool.query({ name: `${p.write.name}-single`, text: p.write.sql.single, values: p.write.values });
      p.resolve(res.rows);
    } catch (err) {
      p.reject(err);
    }
  }

  private async execute(moduleId: number, batch: Pending[]): Promise<void> {
    if (batch.length === 1) return this.alone(batch[0]!);
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    let failed = false;
    try {
      await client.query('BEGIN');
      const results = new Map<Pending, pg.QueryResultRow[]>();
      const deltas: unknown[] = [];
      const order = [...batch].sort((a, b) => (a.write.entryId ?? Number.MAX_SAFE_INTEGER) - (b.write.entryId ?? Number.MAX_SAFE_INTEGER));
      for (const p of order) {
        const res = await client.query({ name: `${p.write.name}-row`, text: p.write.sql.row, values: p.write.values });
        results.set(p, res.rows);
        for (const row of res.rows) if (row.delta) deltas.push(row.delta);
      }
      if (deltas.length) await client.query({ name: 'apply-batch-deltas', text: APPLY_BATCH_DELTAS, values: [moduleId, JSON.stringify(deltas)] });
      await client.query('COMMIT');
      for (const p of batch) p.resolve(results.get(p)!);
    } catch {
      failed = true;
      await client.query('ROLLBACK').catch(() => {});
    } finally {
      client.release();
    }
    if (failed) for (const p of batch) await this.alone(p);
  }
}

const queues = new WeakMap<Pool, ModuleWriteQueue>();

/** The write queue of a pool (one per process and database). */
export function writeQueueFor(pool: Pool): ModuleWriteQueue {
  let q = queues.get(pool);
  if (!q) queues.set(pool, (q = new ModuleWriteQueue(pool)));
  return q;
}
