// Reading an uploaded CSV inside a job: slices from the database, checked as text (not binary,
// valid UTF-8 with or without BOM), parsed by csv-parse (quoted fields, CRLF or LF, comma,
// semicolon or tab), handed over in batches. A file that cannot be read as CSV at all is a
// PermanentJobError: the job ends in ERROR with that message and writes nothing.
import { once } from 'node:events';
import { parse, type Options, type Parser } from 'csv-parse';
import { uploadSize, uploadSlices } from '../../domain/uploads';
import type { SqlRunner } from '../../domain/db';
import { PermanentJobError } from '../types';
import { jobFailure } from '@carbon/shared';

export interface CsvRow {
  /** Line of the file where the record ends (the header is line 1). */
  line: number;
  fields: string[];
}

export interface CsvUpload {
  bytes: number;
  header: string[];
  /** The records after the header, in batches. */
  batches: AsyncGenerator<CsvRow[]>;
}

export interface ReadOptions {
  batchSize?: number;
  /** Called after each slice is handed to the parser. */
  onBytes?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

const NOT_UTF8 = 'The file is not valid UTF-8 text';

/** Longest prefix of `buf` that is valid UTF-8 (an unfinished last character is allowed). */
function validUtf8Prefix(buf: Buffer): number {
  let lo = 0;
  let hi = buf.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(buf.subarray(0, mid), { stream: true });
      lo = mid;
    } catch {
      hi = mid - 1;
    }
  }
  return lo;
}

const countNewlines = (buf: Buffer, end = buf.length) => {
  let n = 0;
  for (let i = buf.indexOf(10); i !== -1 && i < end; i = buf.indexOf(10, i + 1)) n++;
  return n;
};

/** The delimiter the header line uses most (comma unless the header says otherwise). */
function detectDelimiter(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  let best = ',';
  let bestCount = 0;
  for (const d of [',', ';', '\t']) {
    const count = first.split(d).length - 1;
    if (count > bestCount) [best, bestCount] = [d, count];
  }
  return best;
}

/** Decoded text of the upload, slice by slice, with the binary and UTF-8 checks. */
async function* textSlices(db: SqlRunner, uploadId: number, bytes: number, opts: ReadOptions): AsyncGenerator<string> {
  // ignoreBOM false: a leading UTF-8 BOM is dropped by the decoder.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let done = 0;
  let lines = 0;
  for await (const slice of uploadSlices(db, uploadId, bytes)) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    const nul = slice.indexOf(0);
    if (nul !== -1) {
      const [byte, line] = [done + nul + 1, lines + countNewlines(slice, nul) + 1];
      throw new PermanentJobError(`The file is not a CSV text file: it contains binary data (a NUL byte at byte ${byte}, line ${line}).`, undefined, jobFailure('file_binary', { byte, line }));
    }
    let text: string;
    try {
      text = decoder.decode(slice, { stream: true });
    } catch {
      const at = validUtf8Prefix(slice);
      const [byte, line] = [done + at + 1, lines + countNewlines(slice, at) + 1];
      throw new PermanentJobError(`${NOT_UTF8}: invalid byte sequence at byte ${byte} (line ${line}). Save the file as UTF-8 CSV and upload it again.`, undefined, jobFailure('file_not_utf8', { byte, line }));
    }
    done += slice.length;
    lines += countNewlines(slice);
    opts.onBytes?.(done, bytes);
    if (text) yield text;
  }
  try {
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch {
    throw new PermanentJobError(`${NOT_UTF8}: it ends in the middle of a character.`, undefined, jobFailure('file_not_utf8_end'));
  }
}

/**
 * Characters handed to the parser at a time. The parser turns all of a written piece into records
 * at once and holds them until they are read: a whole 1 MiB slice was some 25,000 records alive
 * together, long enough to outlive the young generation and fill the old one.
 */
const PARSE_PIECE_CHARS = 64 * 1024;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

async function feed(parser: Parser, texts: AsyncGenerator<string>, first: string | undefined): Promise<void> {
  const write = async (text: string) => {
    for (let at = 0; at < text.length; ) {
      let end = Math.min(at + PARSE_PIECE_CHARS, text.length);
      // Never between the two halves of a character outside the BMP (the parser encodes each piece).
      if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end++;
      if (!parser.write(text.slice(at, end))) await once(parser, 'drain');
      at = end;
    }
  };
  try {
    if (first !== undefined) await write(first);
    for await (const t of texts) await write(t);
    parser.end();
  } catch (err) {
    parser.destroy(err as Error);
  }
}

function csvSyntaxError(err: unknown): unknown {
  if (err instanceof PermanentJobError) return err;
  const e = err as { code?: string; message?: string; lines?: number };
  if (typeof e.code === 'string' && e.code.startsWith('CSV_')) {
    return new PermanentJobError(`The file is not valid CSV${e.lines ? ` (line ${e.lines})` : ''}: ${e.message ?? e.code}`, undefined, jobFailure('file_not_csv', { line: e.lines ?? 1 }));
  }
  return err;
}

export async function openCsvUpload(db: SqlRunner, uploadId: number, opts: ReadOptions = {}): Promise<CsvUpload> {
  const bytes = await uploadSize(db, uploadId);
  if (bytes === undefined) throw new PermanentJobError(`Upload ${uploadId} does not exist.`);
  if (bytes === 0) throw new PermanentJobError('The file is empty.', undefined, jobFailure('file_empty'));
  const texts = textSlices(db, uploadId, bytes, opts);
  // The text up to the first non-blank slice: it names the delimiter (and proves the file is
  // not empty).
  let lead = '';
  for (;;) {
    const next = await texts.next();
    if (next.done) break;
    lead += next.value;
    if (lead.replace(/^\uFEFF/, '').trim()) break;
  }
  const firstText = lead.replace(/^\uFEFF/, '');
  if (!firstText.trim()) throw new PermanentJobError('The file is empty.', undefined, jobFailure('file_empty'));
  const options: Options<CsvRow, string[]> = {
    delimiter: detectDelimiter(firstText.trimStart()),
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    // Each record straight as a CsvRow: the parser's per-record context object (a dozen fields,
    // what `info: true` would attach to every record) is dropped at once instead of waiting in
    // the parser's buffer with its record.
    on_record: (fields: string[], context: { lines: number }): CsvRow => ({ line: context.lines, fields }),
  };
  // csv-parse's declarations type on_record's result only for `columns` options.
  const parser = parse(options as unknown as Options);
  void feed(parser, texts, firstText);
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<CsvRow>;
  let head: IteratorResult<CsvRow>;
  try {
    head = await records.next();
  } catch (err) {
    throw csvSyntaxError(err);
  }
  if (head.done) throw new PermanentJobError('The file is empty.', undefined, jobFailure('file_empty'));
  const batchSize = opts.batchSize ?? 2000;
  async function* batches(): AsyncGenerator<CsvRow[]> {
    let batch: CsvRow[] = [];
    try {
      for (;;) {
        const r = await records.next();
        if (r.done) break;
        batch.push(r.value);
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
    } catch (err) {
      throw csvSyntaxError(err);
    }
    if (batch.length) yield batch;
  }
  return { bytes, header: head.value.fields.map((h) => h.replace(/^\uFEFF/, '').trim()), batches: batches() };
}
