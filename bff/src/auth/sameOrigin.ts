// Every state-changing request must come from our own origin: the browser tells us
// with Sec-Fetch-Site or Origin. Requests carrying neither are refused too.
import { coded } from '@carbon/shared';
import type { RequestHandler } from 'express';
import { ForbiddenError, UnauthenticatedError } from '../core/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function requireSameOrigin(publicOrigin: string): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    if (site === 'same-origin' || (origin !== undefined && origin === publicOrigin)) return next();
    next(new ForbiddenError('Cross-origin request refused.', coded('cross_origin')));
  };
}

/** Cookies only: a request presenting an Authorization header is never authenticated by it. */
export const rejectAuthorizationHeader: RequestHandler = (req, _res, next) => {
  if (req.get('authorization') === undefined) return next();
  next(new UnauthenticatedError('Authorization headers are not accepted; sign in to get a session cookie.', coded('authorization_header')));
};
