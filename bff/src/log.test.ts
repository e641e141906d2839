// Logs carry no stack trace and no secret: an error is logged by its type, message and code.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, errorFields, type Logger } from './log';

/** What a JSON logger of createLogger writes for `write`. */
function captured(write: (log: Logger) => void): string {
  let out = '';
  const sink = new Writable({
    write(chunk, _enc, done) {
      out += String(chunk);
      done();
    },
  });
  write(createLogger('info', 'json', sink));
  return out;
}

describe('error fields in the logs', () => {
  it('keep the type, message and error code of an error, never its stack', () => {
    const err = Object.assign(new Error('write EPIPE'), { code: 'EPIPE', errno: -32, syscall: 'write' });
    const line = captured((log) => log.warn({ err }, 'job runner could not release its jobs at shutdown'));
    const parsed = JSON.parse(line);
    expect(parsed.err).toEqual({ type: 'Error', message: 'write EPIPE', error_code: 'EPIPE' });
    expect(line).not.toContain('stack');
    expect(line).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });

  it("keep a database error's SQLSTATE and constraint, and the cause", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505', constraint: 'data_entries_member_person_number_uq' });
    const err = new Error('batch failed', { cause });
    expect(errorFields(err)).toEqual({
      type: 'Error',
      message: 'batch failed',
      cause: { type: 'Error', message: 'duplicate key value violates unique constraint', error_code: '23505', constraint: 'data_entries_member_person_number_uq' },
    });
  });

  it('leave out a code that may be an OAuth authorization code', () => {
    const err = Object.assign(new TypeError('exchange refused'), { code: 'fT3k_9xq-Pz0aLmN2bVc8' });
    expect(errorFields(err)).toEqual({ type: 'TypeError', message: 'exchange refused' });
  });

  it('log what is thrown that is not an Error as text', () => {
    expect(errorFields('lost')).toEqual({ type: 'string', message: 'lost' });
  });
});
