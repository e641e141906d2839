// How refusals become HTTP answers. The layers below raise the domain's errors (core/errors.ts);
// this file alone decides their status codes. `HttpError` is for what only HTTP knows about (a
// body too large, a wrong content type, an unusable sign-in attempt, a rate limit). A database
// that cannot be reached (a restart, a lost connection) is a 503: the request may be tried again.
// Anything else is a 500 with a generic detail: stack traces and internal messages go to the log
// only.
import type { ErrorRequestHandler } from 'express';
import type { ApiError } from '@carbon/shared';
import { DomainError, InvalidError, type ErrorKind } from '../core/errors';
import { isDatabaseUnavailable } from '../core/databaseErrors';
import type { Logger } from '../log';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);

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
  if (err instanceof HttpError) return { status: err.status, body: { detail: err.detail } };
  const body: ApiError = { detail: err.detail };
  if (err instanceof InvalidError && err.issues.length) body.errors = err.issues;
  return { status: STATUS_OF_KIND[err.kind], body };
}

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
}

export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (err instanceof DomainError || err instanceof HttpError) {
      const { status, body } = answerOf(err);
      res.status(status).json(body);
      return;
    }
    const parserError = err as BodyParserError;
    if (parserError.type === 'entity.parse.failed') {
      res.status(400).json({ detail: 'The request body is not valid JSON.' });
      return;
    }
    if (parserError.type === 'entity.too.large') {
      res.status(413).json({ detail: 'The request body is too large.' });
      return;
    }
    if (parserError.expose && parserError.status && parserError.status < 500) {
      res.status(parserError.status).json({ detail: 'The request could not be read.' });
      return;
    }
    if (isDatabaseUnavailable(err)) {
      log.warn({ err, method: req.method, path: req.path }, 'database unavailable');
      res.status(503).set('Retry-After', '5').json({ detail: 'The database cannot be reached right now; try again in a few seconds.' });
      return;
    }
    log.error({ err, method: req.method, path: req.path }, 'unhandled error');
    res.status(500).json({ detail: 'Internal server error.' });
  };
}
