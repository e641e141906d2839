// One guard for all API input: text PostgreSQL cannot store. A NUL character (U+0000) is refused
// in text, and a lone UTF-16 surrogate has no UTF-8 form (jsonb refuses it); either one failed only
// deep in a handler's SQL, as a 500. Checked before any handler or database call: the path and the
// query string for every API request (`rejectUnsafeUrl`, before the session is read), a JSON body
// right after it is parsed (`rejectUnsafeBody`, http/body.ts); the answer is 422 naming the field.
import type { RequestHandler } from 'express';
import type { ApiError } from '@carbon/shared';
import { InvalidError } from '../core/errors';

type Issue = NonNullable<ApiError['errors']>[number];

// NUL, or a surrogate that is not half of a pair.
const UNSAFE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// What in a raw query can decode to unsafe text: %00, or a byte of a multi-byte UTF-8 sequence
// (an encoded surrogate is one). Anything else decodes to ASCII.
const RISKY_ESCAPE = /%(?:00|[89a-f])/i;
const LONE_PERCENT = /%(?![0-9a-f]{2})/gi;
/** Issues reported at most: enough to fix a request, bounded for a hostile one. */
const MAX_ISSUES = 20;

const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';
const SURROGATE_MESSAGE = 'must be valid Unicode text (it contains an unpaired surrogate)';
const BAD_UTF8_MESSAGE = 'must be valid UTF-8 once percent-decoded';

const messageFor = (text: string) => (text.includes('\0') ? NUL_MESSAGE : SURROGATE_MESSAGE);

/** A name that is itself unsafe is shown escaped, as JSON writes it. */
const printable = (name: string) => (UNSAFE.test(name) ? JSON.stringify(name).slice(1, -1) : name);

/** Percent-decodes a URL component; a stray `%` stays itself, as Express's query parser keeps it.
 * Undefined when the bytes are not UTF-8. */
function decodeComponent(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replace(LONE_PERCENT, '%25'));
  } catch {
    return undefined;
  }
}

function checkPath(path: string, issues: Issue[]): void {
  if (!path.includes('%')) return;
  for (const segment of path.split('/')) {
    if (!segment.includes('%')) continue;
    // Express decodes path parameters strictly: a malformed escape would fail there, as a 500.
    let text: string;
    try {
      text = decodeURIComponent(segment);
    } catch {
      issues.push({ field: 'path', message: `${BAD_UTF8_MESSAGE}: ${segment}` });
      continue;
    }
    if (text.includes('\0')) issues.push({ field: 'path', message: `${NUL_MESSAGE}: ${segment}` });
  }
}

function checkQuery(query: string, issues: Issue[]): void {
  if (!RISKY_ESCAPE.test(query)) return;
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    const rawKey = (eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' ');
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1).replace(/\+/g, ' ');
    const key = decodeComponent(rawKey);
    const value = decodeComponent(rawValue);
    const field = printable(key ?? rawKey);
    if (key === undefined || value === undefined) issues.push({ field, message: BAD_UTF8_MESSAGE });
    else if (UNSAFE.test(key)) issues.push({ field, message: messageFor(key) });
    else if (UNSAFE.test(value)) issues.push({ field, message: messageFor(value) });
  }
}

/** Every string of a parsed JSON body, keys included; iterative, so depth cannot overflow. */
function checkBody(body: object, issues: Issue[]): void {
  const pending: [unknown, string][] = [[body, '']];
  while (pending.length && issues.length < MAX_ISSUES) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (UNSAFE.test(value)) issues.push({ field: path, message: messageFor(value) });
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push([value[i], path ? `${path}.${i}` : String(i)]);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value).reverse()) {
        const field = path ? `${path}.${printable(key)}` : printable(key);
        if (UNSAFE.test(key)) issues.push({ field, message: messageFor(key) });
        pending.push([item, field]);
      }
    }
  }
}

function refuse(issues: Issue[]): InvalidError {
  const shown = issues.slice(0, MAX_ISSUES);
  const first = shown[0]!;
  return new InvalidError(`Invalid request: ${first.field}: ${first.message}`, shown.map((i) => ({ ...i, code: 'unsafe_text', params: {} })));
}

export const rejectUnsafeUrl: RequestHandler = (req, _res, next) => {
  const url = req.url;
  // A raw URL carries neither NUL nor surrogates: only percent-escapes can bring them in.
  if (!url.includes('%')) return next();
  const issues: Issue[] = [];
  const q = url.indexOf('?');
  checkPath(q < 0 ? url : url.slice(0, q), issues);
  if (q >= 0) checkQuery(url.slice(q + 1), issues);
  next(issues.length ? refuse(issues) : undefined);
};

export const rejectUnsafeBody: RequestHandler = (req, _res, next) => {
  // JSON bodies (express.json): "\u0000" and "\ud800" escapes parse into exactly these.
  if (typeof req.body !== 'object' || req.body === null || Buffer.isBuffer(req.body)) return next();
  const issues: Issue[] = [];
  checkBody(req.body as object, issues);
  next(issues.length ? refuse(issues) : undefined);
};
