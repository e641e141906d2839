// Reading a `text/csv` request body: streamed, hashed as it arrives and capped by
// UPLOAD_MAX_BYTES. Over the cap → 413 and nothing is kept; another content type → 415.
import crypto from 'node:crypto';
import type { Request } from 'express';
import { HttpError } from '../errors';

export interface CsvBody {
  body: Buffer;
  sha256: string;
  /** The file's name as the client gave it (X-File-Name), for people reading the job console. */
  name: string | null;
}

/** The optional `X-File-Name` header: the file's base name, percent-encoded (headers carry
 * ASCII only). A malformed one is refused (422) rather than guessed. */
export function fileNameOf(req: Request): string | null {
  const raw = req.get('x-file-name');
  if (raw === undefined || raw === '') return null;
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    throw new HttpError(422, 'X-File-Name must be the file name, percent-encoded (encodeURIComponent).');
  }
  name = name.split(/[\\/]/).pop()!.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (!name || name.length > 255 || /[\u0000-\u001f\u007f]/.test(name)) {
    throw new HttpError(422, 'X-File-Name must be a file name of 1 to 255 printable characters.');
  }
  return name;
}

const tooLarge = (max: number) => new HttpError(413, `The file is larger than the upload limit of ${max.toLocaleString('en')} bytes (UPLOAD_MAX_BYTES).`);

/** Refuses anything but a CSV body before reading it (415). */
export function assertCsvContentType(req: Request): void {
  if (!req.is('text/csv')) {
    throw new HttpError(415, `Send the file as the request body with Content-Type: text/csv (got ${req.headers['content-type'] ?? 'none'}).`);
  }
}

/** Past the cap the rest is read and dropped (so that the client, still sending, reads our
 * answer), up to this many bytes more; beyond that the connection is cut. */
const DRAIN_LIMIT_BYTES = 256 * 1024 * 1024;

export function readCsvBody(req: Request, maxBytes: number): Promise<CsvBody> {
  const name = fileNameOf(req);
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
      else resolve({ body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size), sha256: hash.digest('hex'), name });
    });
    req.once('error', reject);
    req.once('aborted', () => reject(new HttpError(400, 'The upload was interrupted.')));
  });
}
