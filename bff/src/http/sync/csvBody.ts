// Reading a `text/csv` request body: streamed, hashed as it arrives and capped by
// UPLOAD_MAX_BYTES. Over the cap → 413 and nothing is kept; another content type → 415.
import { coded } from '@carbon/shared';
import crypto from 'node:crypto';
import type { Request } from 'express';
import { HttpError } from '../errors';

export interface CsvBody {
  body: Buffer;
  sha256: string;
}

const tooLarge = (max: number) => new HttpError(413, `The file is larger than the upload limit of ${max.toLocaleString('en')} bytes (UPLOAD_MAX_BYTES).`, coded('file_too_large', { max }));

/** Refuses anything but a CSV body before reading it (415). */
export function assertCsvContentType(req: Request): void {
  if (!req.is('text/csv')) {
    throw new HttpError(415, `Send the file as the request body with Content-Type: text/csv (got ${req.headers['content-type'] ?? 'none'}).`, coded('not_csv_content_type'));
  }
}

/** Past the cap the rest is read and dropped (so that the client, still sending, reads our
 * answer), up to this many bytes more; beyond that the connection is cut. */
const DRAIN_LIMIT_BYTES = 256 * 1024 * 1024;

export function readCsvBody(req: Request, maxBytes: number): Promise<CsvBody> {
  const declared = Number(req.headers['content-length']);
  const overDeclared = Number.isFinite(declared) && declared > maxBytes;
  return new Promise<CsvBody>((resolve, reject) => {
    const hash = crypto.createHash('sha256');
    let chunks: Buffer[] = [];
    let size = 0;
    let over = overDeclared;
    if (over) req.res?.setHeader('Connection', 'close');
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (!over && size > maxBytes) {
        over = true;
        chunks = [];
        req.res?.setHeader('Connection', 'close');
      }
      if (over) {
        if (size > maxBytes + DRAIN_LIMIT_BYTES) req.destroy();
        return;
      }
      hash.update(chunk);
      chunks.push(chunk);
    });
    req.once('end', () => {
      if (over) reject(tooLarge(maxBytes));
      else resolve({ body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size), sha256: hash.digest('hex') });
    });
    req.once('error', reject);
    req.once('aborted', () => reject(new HttpError(400, 'The upload was interrupted.', coded('upload_interrupted'))));
  });
}
