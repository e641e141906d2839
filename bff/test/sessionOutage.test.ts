// The database lost in the middle of a signed-in request, on a real PostgreSQL: the request's
// session read is made to wait behind a table lock, then its backend is terminated
// (pg_terminate_backend), as a restart or a dropped connection would. The request answers 503;
// afterwards:
//  - the session is still there: the same cookie works once the database answers again (the
//    session layer neither deletes nor rewrites a session it could not read);
//  - the 503 says `Connection: close` and the connection then ends cleanly, never with a reset,
//    on a real keep-alive socket;
//  - the log holds one structured line per kind of failure and second, never a stack, with the
//    count of the lines it left out.
// Every step waits on a state of the database (a session waiting for the lock), never on time;
// the log's second is a clock this test moves.
import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/core/clock';
import { createPool, type Pool, type PoolClient } from '../src/db/pool';
import { createLogger } from '../src/log';
import { startTestStack, type TestStack } from './support/stack';
import { as } from './support/carbon';
import { holdLock, releaseHeld, terminate, waitingOn, type HeldLock } from './support/faults';
import { waitFor } from './support/jobs';
import { KeepAliveClient } from './support/keepAliveClient';
import type { TestClient } from './support/httpClient';

let stack: TestStack;
/** This test's own connections: the locks it holds and what it asks PostgreSQL. */
let pool: Pool;
const held: PoolClient[] = [];
const clock = new ManualClock();
const logLines: Record<string, unknown>[] = [];
const rawLog: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) {
        if (!line) continue;
        rawLog.push(line);
        logLines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  // CACHE_SECONDS=0: every request reads its session from the database, as one does whenever the
  // remembered session is stale.
  stack = await startTestStack({ env: { CACHE_SECONDS: '0' }, log: createLogger('info', 'json', sink), clock });
  pool = createPool(stack.databaseUrl, 4, { applicationName: 'session-outage-test' });
});

afterAll(async () => {
  await releaseHeld(held);
  await pool?.end();
  await stack?.stop();
});

/** The instance's statements on the session table that wait for `lock`. */
const sessionWaiters = (lock: HeldLock) => waitingOn(pool, lock.pid, '"session"');

const lockSessions = () => holdLock(pool, held, 'LOCK TABLE "session" IN ACCESS EXCLUSIVE MODE');

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** How the connection ended after the answer: `end` (the server closed it cleanly) or the
   * socket's error code (a reset). */
  closed: Promise<string>;
  /** Closes the connection from this side. */
  close: () => void;
}

/** One GET on a keep-alive connection of its own, written and read byte for byte. */
function rawGet(url: string, path: string, cookie: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    let data = Buffer.alloc(0);
    let ended = false;
    let error: string | undefined;
    const closed = new Promise<string>((done) => socket.once('close', () => done(error ?? (ended ? 'end' : 'close'))));
    socket.on('end', () => (ended = true));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      error = err.code ?? err.message;
      reject(err);
    });
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const head = data.indexOf('\r\n\r\n');
      if (head < 0) return;
      const [statusLine, ...lines] = data.subarray(0, head).toString().split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length'] ?? 0);
      if (data.length < head + 4 + length) return;
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: data.subarray(head + 4, head + 4 + length).toString(), closed, close: () => socket.destroy() });
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: application/json\r\nAccept-Encoding: identity\r\nCookie: auth_token=${cookie}\r\nConnection: keep-alive\r\n\r\n`);
  });
}

/**
 * A signed-in GET whose session read loses its database session: it waits behind a lock of the
 * session table, its backend is terminated, and then
 *  - `afterwards: 'back'`: the lock is released, the database serves again;
 *  - `afterwards: 'down'`: until the answer is complete, any other statement of the request on the
 *    session table is terminated too, as if the database were still gone.
 */
async function readLost(client: TestClient, afterwards: 'back' | 'down'): Promise<RawAnswer> {
  const lock = await lockSessions();
  const answer = rawGet(stack.server.url, '/api/v1/session', client.sessionCookie()!);
  const read = await waitFor('the session read to wait for the lock', () => sessionWaiters(lock).then((p) => (p.length ? p : undefined)));
  expect(await terminate(pool, read)).toBe(read.length);
  let complete = false;
  void answer.then(
    () => (complete = true),
    () => (complete = true),
  );
  if (afterwards === 'down') {
    await waitFor('the answer, every later statement on the session table ended', async () => {
      await terminate(pool, await sessionWaiters(lock));
      return complete;
    });
  }
  // Rolled back and given back to this test's pool.
  await releaseHeld(held);
  return answer;
}

const sessionOf = async (client: TestClient) => (await client.get('/api/v1/session')).status;

describe('a session read that fails', () => {
  it('leaves the session alone: once the database serves again, the same cookie still works', async () => {
    const alice = await as(stack, 'alice');
    expect(await sessionOf(alice)).toBe(200);
    const cookie = alice.sessionCookie();
    const answer = await readLost(alice, 'back');
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'unavailable', detail: expect.stringMatching(/database cannot be reached/) });
    answer.close();

    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM "session" WHERE sid = $1', [decodeURIComponent(cookie!).slice(2).split('.')[0]]);
    expect(rows[0]!.n).toBe(1);
    expect(await sessionOf(alice)).toBe(200);
    expect(alice.sessionCookie()).toBe(cookie);
  });

  it('answers 503 with Connection: close, then ends the keep-alive connection cleanly, never with a reset', async () => {
    const bob = await as(stack, 'bob');
    expect(await sessionOf(bob)).toBe(200);
    const answer = await readLost(bob, 'down');
    expect(answer.status).toBe(503);
    expect(answer.headers.connection).toBe('close');
    expect(await answer.closed).toBe('end');
    // A keep-alive client then opens another connection for its next request, which is answered.
    const client = new KeepAliveClient(stack.server.url, { cookie: `auth_token=${bob.sessionCookie()!}` });
    try {
      const next = await client.send('GET', '/api/v1/session');
      expect(next).toMatchObject({ kind: 'answered', answer: { status: 200 } });
    } finally {
      client.close();
    }
    expect(await sessionOf(bob)).toBe(200);
  });
});

describe('a session write that fails at the end of the answer', () => {
  it('is logged as one line; the answer stands, its connection ends cleanly, the session lives on', async () => {
    const dan = await as(stack, 'dan');
    expect(await sessionOf(dan)).toBe(200);
    // Past the touch interval: this request records activity, a session write at its end.
    clock.advance(61_000);
    const users = await holdLock(pool, held, 'LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
    const answer = rawGet(stack.server.url, '/api/v1/session', dan.sessionCookie()!);
    // The session is read; the user's read waits. Now the session write cannot get through either.
    const userRead = await waitFor('the user read to wait for the lock', () => waitingOn(pool, users.pid, 'users').then((p) => (p.length ? p : undefined)));
    const sessions = await lockSessions();
    const written = logLines.length;
    await terminate(pool, userRead);
    const write = await waitFor('the session write to wait for the lock', () => sessionWaiters(sessions).then((p) => (p.length ? p : undefined)));
    await terminate(pool, write);
    const got = await answer;
    await releaseHeld(held);
    expect(got.status).toBe(503);
    expect(got.headers.connection).toBe('close');
    expect(await got.closed).toBe('end');
    await waitFor('the log line of the failed write', () => logLines.slice(written).some((l) => l.msg === 'session not written'));
    const line = logLines.slice(written).find((l) => l.msg === 'session not written')!;
    expect(JSON.stringify(line.err)).toMatch(/"error_code":"57P01"/);
    expect(await sessionOf(dan)).toBe(200);
  });
});

describe('the log during an outage', () => {
  const unavailable = () => logLines.filter((l) => l.msg === 'database unavailable');

  it('writes one structured line per kind and second, never a stack, then counts the lines it left out', async () => {
    const carol = await as(stack, 'carol');
    // A second after the failures of the tests above.
    clock.advance(1000);
    const before = unavailable().length;
    for (let i = 0; i < 4; i++) {
      const answer = await readLost(carol, 'back');
      answer.close();
      expect(answer.status).toBe(503);
    }
    // Four failures within the same second of the instance's clock: one line.
    expect(unavailable().length - before).toBe(1);

    clock.advance(1000);
    const answer = await readLost(carol, 'back');
    answer.close();
    expect(answer.status).toBe(503);
    const lines = unavailable().slice(before);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ suppressed: 3 });
    for (const line of lines) {
      expect(line.err).toMatchObject({ type: expect.any(String), message: expect.any(String) });
      expect(JSON.stringify(line.err)).toMatch(/"error_code":"57P01"/);
    }
    expect(await sessionOf(carol)).toBe(200);
  });

  it('never carries a stack trace', () => {
    expect(rawLog.length).toBeGreaterThan(0);
    for (const line of rawLog) {
      expect(line).not.toMatch(/"stack"/);
      expect(line).not.toMatch(/\\n\s+at /);
    }
  });
});
