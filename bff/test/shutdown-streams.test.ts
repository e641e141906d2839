// What a shutdown does to event streams, running jobs and requests that never end, with real
// processes: streams end with a retry hint (a stream asked for during the shutdown too), a running
// job finishes within its grace while its instance keeps beating and its progress keeps reaching
// the other instances, and SHUTDOWN_TIMEOUT_SECONDS bounds a shutdown that cannot finish.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack';
import { asAt } from './support/carbon';
import { SseClient } from './support/sse';
import { waitFor } from './support/jobs';
import { startJobInstance, stopInstances, type Instance } from './support/instances';

/** A short rescue window, so that a heartbeat missing during the grace would show. */
const RESCUE_AFTER_S = 2;
import { KeepAliveClient } from './support/keepAliveClient';

let stack: TestStack;
const children: Instance[] = [];

beforeAll(async () => {
  // This instance would rescue the job of an instance that stopped beating, within seconds.
  stack = await startTestStack({ env: { JOB_RESCUE_AFTER_SECONDS: String(RESCUE_AFTER_S), POLLER_INTERVAL_SECONDS: '0.25' } });
  await stack.server.pool.query('CREATE TABLE test_gates (job_id bigint NOT NULL, step integer NOT NULL)');
}, 120_000);

afterAll(async () => {
  await stopInstances(children);
  await stack?.stop();
}, 60_000);

async function child(env: Record<string, string> = {}): Promise<Instance> {
  const instance = await startJobInstance(stack.databaseUrl, { ...stack.joinEnv, ...env });
  children.push(instance);
  return instance;
}

describe('event streams of a stopping instance', () => {
  it('end with a retry hint and a last event, and no new stream is taken', async () => {
    const instance = await child();
    const alice = await asAt(stack, instance.url, 'alice');
    const sse = await SseClient.open(alice);
    expect(sse.status).toBe(200);
    await sse.waitFor((e) => e.event === 'snapshot');
    expect(sse.retryMs).toBe(3000);

    instance.child.kill('SIGTERM');
    const last = await sse.waitFor((e) => e.event === 'shutdown', 30_000, 'the shutdown event');
    await sse.ended;
    expect(last.data).toMatchObject({ detail: expect.any(String), retry_ms: sse.retryMs });
    expect(sse.retryMs).toBeGreaterThanOrEqual(1000);
    expect(sse.retryMs).toBeLessThan(2000);
    expect(sse.events.at(-1)).toBe(last);
    // A stream asked for now is refused before anything is sent (the instance no longer listens).
    await expect(alice.raw(`${instance.url}/api/sync/events`)).rejects.toThrow();
    expect(await instance.exited).toBe(0);
  });

  it('answers a stream asked for on a kept-alive connection during the shutdown at once with the hint', async () => {
    const server = await stack.addInstance();
    const url = server.url.replace('//localhost:', '//127.0.0.1:');
    const alice = await asAt(stack, url, 'alice');
    const client = new KeepAliveClient(url, { cookie: `auth_token=${alice.sessionCookie()!}`, accept: 'text/event-stream' });
    const warmUp = await client.send('GET', '/api/health');
    expect(warmUp).toMatchObject({ kind: 'answered', answer: { status: 200, headers: { connection: 'keep-alive' } } });

    const stopped = server.stop();
    // Sent at once on the kept-alive connection: it reaches the instance while it stops.
    const during = await client.send('GET', '/api/sync/events');
    await stopped;
    client.close();
    expect(during.kind).toBe('answered');
    const { answer } = during as Extract<typeof during, { kind: 'answered' }>;
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/event-stream');
    expect(answer.headers.connection).toBe('close');
    expect(answer.body).toMatch(/^retry: 1[0-9]{3}\nid: [^\n]+\nevent: shutdown\ndata: \{[^\n]+\}\n\n$/);
    expect(answer.body).not.toContain('snapshot');
  });
});

describe('a job running at SIGTERM', () => {
  it('finishes within its grace on its instance, which keeps beating; its progress keeps coming', async () => {
    const instance = await child();
    const olga = await asAt(stack, stack.server.url, 'olga'); // back office: sees every job
    const sse = await SseClient.open(olga);
    const { rows } = await stack.server.pool.query<{ id: number }>(
      `INSERT INTO data_ingestion_jobs (job_type, entity_type, target, module_type, payload)
       VALUES ('test_gated', 'MODULE_PER_YEAR', 'DATA_ENTRIES', 'gated', '{"steps": 2}') RETURNING id`,
    );
    const id = rows[0]!.id;
    const progressOf = (phase: string) => (e: { event: string; data: any }) => e.event === 'job' && e.data.id === id && e.data.progress?.phase === phase;
    await sse.waitFor(progressOf('step-1'), 30_000, 'step 1');

    instance.child.kill('SIGTERM');
    const t0 = (await stack.server.pool.query<{ now: Date }>('SELECT now()')).rows[0]!.now;
    // Past a whole rescue window after the signal, the instance still beats: no one rescues it.
    await waitFor(
      'a heartbeat one rescue window after SIGTERM',
      async () =>
        (
          await stack.server.pool.query(`SELECT 1 FROM job_instances WHERE id = $1 AND heartbeat_at > $2::timestamptz + $3 * interval '1 second'`, [
            instance.id,
            t0,
            RESCUE_AFTER_S + 0.5,
          ])
        ).rowCount === 1,
      30_000,
      100,
    );
    expect((await stack.server.pool.query(`SELECT state, locked_by FROM data_ingestion_jobs WHERE id = $1`, [id])).rows[0]).toEqual({ state: 'RUNNING', locked_by: instance.id });

    await stack.server.pool.query('INSERT INTO test_gates VALUES ($1, 1)', [id]);
    await sse.waitFor(progressOf('step-2'), 30_000, 'step 2, after the SIGTERM');
    await stack.server.pool.query('INSERT INTO test_gates VALUES ($1, 2)', [id]);
    await sse.waitFor((e) => e.event === 'job' && e.data.id === id && e.data.state === 'FINISHED', 30_000, 'the job to finish');
    sse.close();

    expect(await instance.exited).toBe(0);
    const job = (await stack.server.pool.query(`SELECT state, result, attempts, locked_by FROM data_ingestion_jobs WHERE id = $1`, [id])).rows[0];
    expect(job).toEqual({ state: 'FINISHED', result: 'SUCCESS', attempts: 1, locked_by: instance.id });
    // It left job_instances on its way out.
    expect((await stack.server.pool.query('SELECT 1 FROM job_instances WHERE id = $1', [instance.id])).rowCount).toBe(0);
  });
});

describe('the hard limit', () => {
  it('ends the process at SHUTDOWN_TIMEOUT_SECONDS when a request never finishes', async () => {
    const instance = await child({ JOB_SHUTDOWN_GRACE_SECONDS: '1', SHUTDOWN_TIMEOUT_SECONDS: '2', LOG_LEVEL: 'error' });
    const { port } = new URL(instance.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    const closed = new Promise<string>((resolve) => {
      let received = '';
      socket.on('data', (d: Buffer) => (received += d.toString()));
      socket.on('close', () => resolve(received));
    });
    // A body announced and never sent: `100 Continue` proves the request is being handled. Same
    // origin, so that it passes the checks made before a body is read, and waits for it.
    socket.write(
      `POST /api/v1/session/login HTTP/1.1\r\nHost: localhost\r\nSec-Fetch-Site: same-origin\r\nContent-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n`,
    );
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));

    instance.child.kill('SIGTERM');
    expect(await instance.exited).toBe(1);
    expect(await closed).toBe('HTTP/1.1 100 Continue\r\n\r\n');
    await waitFor('the log line', () => instance.output.some((l) => l.includes('SHUTDOWN_TIMEOUT_SECONDS')));
  });
});
