// Logs carry no stack trace and no secret: an error is logged by its type, message and code.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ManualClock } from './core/clock';
import { createLogger, errorFields, LogThrottle, type Logger } from './log';

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

describe('LogThrottle', () => {
  it('writes the first line of a kind per second, and counts the ones it left out in the next', () => {
    const clock = new ManualClock(0);
    const out = captured((log) => {
      const throttle = new LogThrottle(log, clock);
      for (let i = 0; i < 5; i++) throttle.warn('database_unavailable', { path: `/p${i}` }, 'database unavailable');
      // Another kind has its own second.
      throttle.error('after_answer', {}, 'error after the answer began');
      clock.advance(999);
      throttle.warn('database_unavailable', { path: '/p5' }, 'database unavailable');
      clock.advance(1);
      throttle.warn('database_unavailable', { path: '/p6' }, 'database unavailable');
      clock.advance(1000);
      throttle.warn('database_unavailable', { path: '/p7' }, 'database unavailable');
    });
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string; path?: string; suppressed?: number; level: number });
    expect(lines.map(({ msg, path, suppressed, level }) => ({ msg, path, suppressed, level }))).toEqual([
      { msg: 'database unavailable', path: '/p0', suppressed: undefined, level: 40 },
      { msg: 'error after the answer began', path: undefined, suppressed: undefined, level: 50 },
      { msg: 'database unavailable', path: '/p6', suppressed: 5, level: 40 },
      { msg: 'database unavailable', path: '/p7', suppressed: undefined, level: 40 },
    ]);
  });
});
