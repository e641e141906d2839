// How refusals are answered: each kind of domain error gets its status code and a `{detail, code,
// params, errors?}` body, through the mapping and through a real Express app and HTTP server; anything
// else is a 500 that says nothing of its cause.
import http from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coded } from '@carbon/shared';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError, TooManyError, UnauthenticatedError, type DomainError } from '../core/errors';
import { createLogger } from '../log';
import { answerOf, errorHandler, HttpError } from './errors';

const issue = { field: 'origin', message: 'unknown airport code XQZ', code: 'unknown_airport' as const, params: { code: 'XQZ' } };
const CASES: [string, DomainError | HttpError, number, object][] = [
  ['unauthenticated', new UnauthenticatedError(), 401, { detail: 'You are not signed in.', code: 'unauthenticated', params: {} }],
  ['forbidden', new ForbiddenError(), 403, { detail: 'You do not have permission to do this.', code: 'forbidden', params: {} }],
  ['forbidden with a reason', new ForbiddenError('Cross-origin request refused.', coded('cross_origin')), 403, { detail: 'Cross-origin request refused.', code: 'cross_origin', params: {} }],
  ['not found', new NotFoundError('No such unit.', coded('no_such_unit')), 404, { detail: 'No such unit.', code: 'no_such_unit', params: {} }],
  [
    'conflict',
    new ConflictError('The entry kept changing while it was being saved; reload it and try again.', coded('entry_changed')),
    409,
    { detail: 'The entry kept changing while it was being saved; reload it and try again.', code: 'entry_changed', params: {} },
  ],
  [
    'too_many',
    new TooManyError('Too many event streams: at most 10 per user.', coded('too_many_streams', { max: 10 })),
    429,
    { detail: 'Too many event streams: at most 10 per user.', code: 'too_many_streams', params: { max: 10 } },
  ],
  [
    'invalid, with field issues (the first gives the code)',
    new InvalidError('Invalid plane entry: origin: unknown airport code XQZ', [issue]),
    422,
    { detail: 'Invalid plane entry: origin: unknown airport code XQZ', code: 'unknown_airport', params: { code: 'XQZ' }, errors: [issue] },
  ],
  ['invalid, without field issues', new InvalidError('Cannot sort by colour.'), 422, { detail: 'Cannot sort by colour.', code: 'invalid', params: {} }],
  ['an HTTP-only refusal', new HttpError(415, 'Send the file as text/csv.', coded('not_csv_content_type')), 415, { detail: 'Send the file as text/csv.', code: 'not_csv_content_type', params: {} }],
];

describe('answerOf', () => {
  it.each(CASES)('%s', (_name, err, status, body) => {
    expect(answerOf(err)).toEqual({ status, body });
  });
});

describe('errorHandler in an Express app', () => {
  const app = express();
  CASES.forEach(([, err], i) =>
    app.get(`/refusal/${i}`, () => {
      throw err;
    }),
  );
  app.get('/fault', () => {
    throw new Error('connection to the database lost at 10.0.0.7');
  });
  app.get('/database-gone', () => {
    throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  });
  app.use(errorHandler(createLogger('silent')));
  const server = http.createServer(app);
  let base = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each(CASES.map((c, i) => [...c, i] as const))('answers %s', async (_name, _err, status, body, i) => {
    const res = await fetch(`${base}/refusal/${i}`);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual(body);
  });

  it('answers any other error with a bare 500', async () => {
    const res = await fetch(`${base}/fault`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ detail: 'Internal server error.', code: 'internal', params: {} });
  });

  it('answers a lost database session with 503, to be tried again', async () => {
    const res = await fetch(`${base}/database-gone`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    // The client (or the load balancer) tries again on another connection.
    expect(res.headers.get('connection')).toBe('close');
    expect(((await res.json()) as { detail: string }).detail).toMatch(/database cannot be reached/);
  });
});
