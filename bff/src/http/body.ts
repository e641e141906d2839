// JSON request bodies, read per route, by the routes that take one, and only after the request has
// passed the same-origin check, the session and the route's `requireUser` (app.ts): a body of a
// request that is refused anyway is never parsed. Parsing is not free (a megabyte of nested
// arrays cost over a second of CPU, for a 403), so each route reads at most what its input can
// need: `SMALL_BODY` by default, an entry write what its entry type's fields can hold. A body over
// the limit is answered 413 (http/errors.ts) before a byte of it is parsed: the declared length
// is checked first, and an undeclared one stops at the limit. CSV uploads stream their own bodies
// (sync/csvBody.ts, UPLOAD_MAX_BYTES).
import express, { type RequestHandler } from 'express';
import { ENTRY_TYPES, type FieldDef } from '@carbon/shared';
import { rejectUnsafeBody } from './inputGuard';

/** Bytes: the largest sign-in exchange (a 4,096-character code, a state, an issuer) or role change
 * (a 500-character reason) with room to spare. */
export const SMALL_BODY = 16 * 1024;

/** The longest a field's value may be written in JSON: text up to its length limit (500 by
 * default), each character as a six-byte escape (`\u00e9`); any other value in 32 bytes. */
const fieldBytes = (f: FieldDef) => f.key.length + 4 + (['text', 'location'].includes(f.type) ? (f.max ?? 500) * 6 : 32);

/** Bytes: the largest body of an entry write, whichever the entry type (its fields, each at its
 * longest; the schemas refuse any other key), and never below the default. */
export const ENTRY_BODY = Math.max(SMALL_BODY, ...Object.values(ENTRY_TYPES).map((t) => 64 + t.fields.reduce((sum, f) => sum + fieldBytes(f), 0)));

/** Parses a JSON body of at most `limit` bytes, then refuses text PostgreSQL cannot store. (A
 * route with path parameters names their type, as the handler after it no longer infers them.) */
export function jsonBody(limit = SMALL_BODY): RequestHandler {
  const parse = express.json({ limit });
  return (req, res, next) => parse(req, res, (err?: unknown) => (err ? next(err) : rejectUnsafeBody(req, res, next)));
}
