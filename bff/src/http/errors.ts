// Errors that become HTTP answers. Anything else is a 500 with a generic detail: stack traces
// and internal messages go to the log only.
import type { ErrorRequestHandler } from 'express';
import type { ApiError } from '@carbon/shared';
import type { Logger } from '../log';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: ApiError['errors'],
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, errors?: ApiError['errors']) => new HttpError(400, detail, errors);
export const unauthorized = (detail = 'You are not signed in.') => new HttpError(401, detail);
export const forbidden = (detail = 'You do not have permission to do this.') => new HttpError(403, detail);
export const notFound = (detail = 'Not found.') => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const unprocessable = (detail: string, errors?: ApiError['errors']) => new HttpError(422, detail, errors);

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
    if (err instanceof HttpError) {
      const body: ApiError = { detail: err.detail };
      if (err.errors?.length) body.errors = err.errors;
      res.status(err.status).json(body);
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
    log.error({ err, method: req.method, path: req.path }, 'unhandled error');
    res.status(500).json({ detail: 'Internal server error.' });
  };
}
