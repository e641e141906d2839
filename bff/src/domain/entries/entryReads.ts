// The reads a Path 1 write makes before it writes: the entry it changes and the traveler's
// member. A busy instance handles many requests in one round of the event loop; the reads they
// ask for in that round go to the database together, as one statement, and each gets its own
// row back. One statement instead of one per request spares a round trip's work on both sides
// and, on a small machine, the database backend taking the CPU from the event loop at each one.
import type { Pool } from '../../db/pool';
import type { StoredEntry } from '../context';
import { entryOfModule } from './lookupSql';
import { memberOfReport, type Member } from './traveler';

export interface EntryRead {
  /** The entry asked for (null: none), looked for in module `moduleId` only. */
  entryId: number | null;
  moduleId: number;
  /** The traveler's member is looked for in this report's headcount. */
  reportId: number;
  personNumber: number | null;
}

export interface EntryReadResult {
  entry: StoredEntry | null;
  traveler: Member | null;
}

const READ_ENTRIES = `
  SELECT i.idx, (${entryOfModule('i.entry_id', 'i.module_id')}) AS entry, (${memberOfReport('i.report_id', 'i.person_number')}) AS traveler_name
    FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[]) WITH ORDINALITY AS i(entry_id, module_id, report_id, person_number, idx)`;

interface Pending {
  read: EntryRead;
  resolve: (r: EntryReadResult) => void;
  reject: (err: unknown) => void;
}

/** Upper bound of one statement's reads; more wait for the next. */
const MAX_BATCH = 256;

export class EntryReads {
  private pending: Pending[] = [];

  constructor(private readonly pool: Pool) {}

  read(read: EntryRead): Promise<EntryReadResult> {
    return new Promise((resolve, reject) => {
      if (!this.pending.length) setImmediate(() => this.flush());
      this.pending.push({ read, resolve, reject });
    });
  }

  /** After this round's I/O callbacks: every read they asked for is queued by now. */
  private flush(): void {
    while (this.pending.length) void this.run(this.pending.splice(0, MAX_BATCH));
  }

  private async run(batch: Pending[]): Promise<void> {
    try {
      const { rows } = await this.pool.query<{ idx: number; entry: StoredEntry | null; traveler_name: string | null }>({
        name: 'write-entries-and-travelers',
        text: READ_ENTRIES,
        values: [
          batch.map((p) => p.read.entryId),
          batch.map((p) => p.read.moduleId),
          batch.map((p) => p.read.reportId),
          batch.map((p) => (p.read.personNumber === null ? null : String(p.read.personNumber))),
        ],
      });
      const byIdx = new Map(rows.map((r) => [r.idx, r]));
      batch.forEach((p, i) => {
        const row = byIdx.get(i + 1);
        const name = row?.traveler_name ?? null;
        p.resolve({ entry: row?.entry ?? null, traveler: name === null ? null : { name } });
      });
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  }
}

const readers = new WeakMap<Pool, EntryReads>();

/** The coalescing reader of a pool (one per process and database). */
export function entryReadsFor(pool: Pool): EntryReads {
  let r = readers.get(pool);
  if (!r) readers.set(pool, (r = new EntryReads(pool)));
  return r;
}
