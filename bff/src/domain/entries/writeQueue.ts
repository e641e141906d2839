// Group commit for Path 1 writes to one module. Every write must update the module and report
// stats rows, and that row lock is held until the commit is flushed, so writers of one module
// queue behind each other one commit at a time. Here, writes to the same module that arrive while
// one batch is being written wait for it, then go together: one set-based statement per kind of
// write (writeSql.ts), so one round trip and one commit for the lot. Each write is still
// all-or-nothing. If a batch statement fails (say, a duplicate person number), its writes are run
// one by one, so that only the faulty one fails.
import type pg from 'pg';
import type { Pool } from '../../db/pool';
import type { ModuleType } from '@carbon/shared';
import { MEMBERS_MODULE } from '../headcountMembers';
import { referenceCacheFor } from '../referenceCache';
import { CREATE_ENTRIES, DELETE_ENTRIES, UPDATE_ENTRIES } from './writeSql';

export type WriteKind = 'create' | 'update' | 'delete';

const STATEMENTS: Record<WriteKind, { name: string; text: string }> = {
  create: { name: 'entries-create', text: CREATE_ENTRIES },
  update: { name: 'entries-update', text: UPDATE_ENTRIES },
  delete: { name: 'entries-delete', text: DELETE_ENTRIES },
};

export interface QueuedWrite {
  kind: WriteKind;
  /** The write's element of the statement's JSON array (writeSql.ts), without `idx`. */
  input: Record<string, unknown>;
  /** The entry an update or delete changes: one batch holds at most one write per entry. */
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

  /** Runs a write on a module; resolves with its row (none: the entry was gone or changed). */
  async run<R extends pg.QueryResultRow>(module: { moduleId: number; moduleType: ModuleType }, write: QueuedWrite): Promise<R[]> {
    const rows = await this.enqueue<R>(module.moduleId, write);
    // The database announces member changes to every instance; this one's next read of the list
    // (maybe the writer's own) must not depend on how soon the notice arrives.
    if (module.moduleType === MEMBERS_MODULE) referenceCacheFor(this.pool).forgetMembers(module.moduleId);
    return rows;
  }

  private enqueue<R extends pg.QueryResultRow>(moduleId: number, write: QueuedWrite): Promise<R[]> {
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
    while (queue.length) {
      const batch = takeBatch(queue);
      for (const kind of ['delete', 'update', 'create'] as const) {
        const ofKind = batch.filter((p) => p.write.kind === kind);
        if (ofKind.length) await this.execute(moduleId, kind, ofKind);
      }
    }
    this.waiting.delete(moduleId);
  }

  private async execute(moduleId: number, kind: WriteKind, batch: Pending[]): Promise<void> {
    try {
      const input = batch.map((p, idx) => ({ ...p.write.input, idx }));
      const values: unknown[] = [moduleId, JSON.stringify(input)];
      if (kind !== 'create') values.push(batch.map((p) => p.write.entryId!));
      const { rows } = await this.pool.query({ ...STATEMENTS[kind], values });
      const byIdx = new Map(rows.map((r) => [r.idx as number, r]));
      batch.forEach((p, idx) => {
        const row = byIdx.get(idx);
        p.resolve(row ? [row] : []);
      });
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      for (const p of batch) await this.execute(moduleId, kind, [p]);
    }
  }
}

/** Up to MAX_BATCH writes from the head of the queue, at most one per entry (a second write to
 * the same entry waits for the next batch: it must see the first one's result). */
function takeBatch(queue: Pending[]): Pending[] {
  const batch: Pending[] = [];
  const entries = new Set<number>();
  for (let i = 0; i < queue.length && batch.length < MAX_BATCH; ) {
    const id = queue[i]!.write.entryId;
    if (id !== undefined && entries.has(id)) {
      i++;
      continue;
    }
    if (id !== undefined) entries.add(id);
    batch.push(queue.splice(i, 1)[0]!);
  }
  return batch;
}

const queues = new WeakMap<Pool, ModuleWriteQueue>();

/** The write queue of a pool (one per process and database). */
export function writeQueueFor(pool: Pool): ModuleWriteQueue {
  let q = queues.get(pool);
  if (!q) queues.set(pool, (q = new ModuleWriteQueue(pool)));
  return q;
}
