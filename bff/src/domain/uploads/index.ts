// Uploaded CSV bodies: stored whole in the database by the request that
// received them, read back in slices by whichever instance runs the job.
import type { SqlRunner } from '../db';
import * as q from './sql';

/** Slices read per round trip: large enough to stream quickly, small enough to bound memory. */
export const UPLOAD_SLICE_BYTES = 1 << 20;

export async function storeUpload(db: SqlRunner, body: Buffer, sha256: string, createdBy: number | null): Promise<number> {
  // A Buffer parameter travels in binary form: no hex or escape copy of the body.
  const { rows } = await q.insertUpload(db, { sha256, bytes: body.length, content: body, createdBy });
  return rows[0]!.id;
}

/** Size of an upload in bytes; undefined when it does not exist. */
export async function uploadSize(db: SqlRunner, id: number): Promise<number | undefined> {
  const { rows } = await q.uploadSize(db, { id });
  return rows[0]?.bytes;
}

/**
 * The body of an upload, slice by slice. The next slice is asked for as soon as one arrives: a
 * job's session runs one statement at a time, so a read asked for only when the parser needs it
 * would queue behind the job's writes of the slice before, and parsing would stop for them.
 */
export async function* uploadSlices(db: SqlRunner, id: number, bytes: number, sliceBytes = UPLOAD_SLICE_BYTES): AsyncGenerator<Buffer> {
  const read = (offset: number) => {
    const p = q.uploadSlice(db, { id, from: offset + 1, length: sliceBytes }).then((r) => r.rows[0]?.chunk ?? null);
    p.catch(() => {}); // awaited below; never an unhandled rejection meanwhile
    return p;
  };
  let next: Promise<Buffer | null> | undefined = bytes > 0 ? read(0) : undefined;
  for (let offset = 0; next; offset += sliceBytes) {
    const chunk = await next;
    if (!chunk) return;
    next = offset + sliceBytes < bytes ? read(offset + sliceBytes) : undefined;
    yield chunk;
  }
}
