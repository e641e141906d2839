// How refusals become HTTP answers. The layers below raise the domain's errors (core/errors.ts);
// this file alone decides their status codes. `HttpError` is for what only HTTP knows about (a
// body too large, a wrong content type, an unusable sign-in attempt, a rate limit). A database
// that cannot be reached (a restart, a lost connection) is a 503: the request may be tried again,
// on a new connection (the answer closes this one, so a load balancer may send it elsewhere), and
// the log says so once a second, not once per request (`LogThrottle`). Anything else is a 500 with a generic detail: stack traces and internal messages go to the log
// only.
import type { ErrorRequestHandler } from 'express';
import type { ApiError, Coded, ErrorCode, ErrorParamValues } from '@carbon/shared';
import { DomainError, InvalidError, TooManyError, type ErrorKind } from '../core/errors';
import { isDatabaseUnavailable } from '../core/databaseErrors';
import { LogThrottle, type Logger } from '../log';

export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly params: ErrorParamValues;
  constructor(
    readonly status: number,
    readonly detail: string,
    coded: Coded,
  ) {
    super(detail);
    this.code = coded.code;
    this.params = coded.params;
  }
}

export const badRequest = (detail: string, coded: Coded) => new HttpError(400, detail, coded);

/** An answer body of `detail` with its code and params. */
const bodyOf = (detail: string, code: ErrorCode, params: ErrorParamValues = {}): ApiError => ({ detail, code, params });

export const STATUS_OF_KIND: Record<ErrorKind, number> = {
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  invalid: 422,
  too_many: 429,
};

/** The answer to a refusal: `{detail, errors?}` with the status of its kind. */
export function answerOf(err: DomainError | HttpError): { status: number; body: ApiError } {
  const body = bodyOf(err.detail, err.code, err.params);
  if (err instanceof HttpError) return { status: err.status, body };
  if (err instanceof InvalidError && err.issues.length) body.errors = err.issues;
  return { status: STATUS_OF_KIND[err.kind], body };
}

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
  /** Of a body over the limit: the route's limit, in bytes. */
  limit?: number;
}

/** `outages`: where the failures that repeat with every request during an outage are logged. */
export function errorHandler(log: Logger, outages = new LogThrottle(log)): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) {
      // An answer under way cannot turn into an error answer: it is cut, so the client sees it
      // incomplete. One already complete stays as it is, and so does its connection.
      if (!res.writableEnded) res.destroy();
      outages.error('after_answer', { err, method: req.method, path: req.path }, 'error after the answer began');
      return;
    }
    if (err instanceof DomainError || err instanceof HttpError) {
      const { status, body } = answerOf(err);
      if (err instanceof TooManyError && err.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(err.retryAfterSeconds));
      res.status(status).json(body);
      return;
    }
    const parserError = err as BodyParserError;
    if (parserError.type === 'entity.parse.failed') {
      res.status(400).json(bodyOf('The request body is not valid JSON.', 'invalid_json'));
      return;
    }
    if (parserError.type === 'entity.too.large') {
      const max = parserError.limit ?? 0;
      res.status(413).json(bodyOf(`The request body is too large: this route takes at most ${max.toLocaleString('en')} bytes.`, 'body_too_large', { max }));
      return;
    }
    if (parserError.expose && parserError.status && parserError.status < 500) {
      res.status(parserError.status).json(bodyOf('The request could not be read.', 'bad_request'));
      return;
    }
    if (isDatabaseUnavailable(err)) {
      outages.warn('database_unavailable', { err, method: req.method, path: req.path }, 'database unavailable');
      // `Connection: close`: Node ends the connection cleanly once the answer is written.
      res.status(503).set({ 'Retry-After': '5', Connection: 'close' }).json(bodyOf('The database cannot be reached right now; try again in a few seconds.', 'unavailable'));
      return;
    }
    log.error({ err, method: req.method, path: req.path }, 'unhandled error');
    res.status(500).json(bodyOf('Internal server error.', 'internal'));
  };
}
