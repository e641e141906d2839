// Which failures mean "the database cannot be reached" (answered 503, a job attempt written again
// on a new session) and which are faults of a statement.
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './databaseErrors';

const withCode = (message: string, extra: Record<string, unknown>) => Object.assign(new Error(message), extra);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a terminated backend (57P01)', withCode('terminating connection due to administrator command', { code: '57P01' })],
    ['a crashing server (57P02)', withCode('terminating connection because of crash of another server process', { code: '57P02' })],
    ['a server starting up (57P03)', withCode('the database system is starting up', { code: '57P03' })],
    ['a full server (53300)', withCode('sorry, too many clients already', { code: '53300' })],
    ['a connection exception (08006)', withCode('connection failure', { code: '08006' })],
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED', syscall: 'connect' })],
    ['a missing Unix socket', withCode('connect ENOENT /tmp/.s.PGSQL.5432', { code: 'ENOENT', syscall: 'connect' })],
    ['a reset socket', withCode('read ECONNRESET', { code: 'ECONNRESET' })],
    ['the driver seeing the socket end', new Error('Connection terminated unexpectedly')],
    ['the driver refusing a broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['one wrapped for code that reads error codes its own way', new DatabaseUnavailableError(withCode('connect ENOENT /tmp/.s.PGSQL.5432', { code: 'ENOENT', syscall: 'connect' }))],
  ])('recognises %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', { code: '23505' })],
    ['a syntax error', withCode('syntax error at or near "SELEC"', { code: '42601' })],
    ['a missing file', withCode("ENOENT: no such file or directory, open 'x.csv'", { code: 'ENOENT', syscall: 'open' })],
    ['a plain error that mentions a connection', new Error('connection to the database lost at 10.0.0.7')],
    ['something that is not an error', 'Connection terminated unexpectedly'],
  ])('does not take %s for it', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
