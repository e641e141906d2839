// SIGTERM under keep-alive load, with real processes: a BFF child process serves several
// keep-alive clients that read and write without pause; a second instance (this process) takes
// over. Every request sent to the stopping instance gets its answer, the clients learn of the
// shutdown from `Connection: close` and from refused connections (never sent, so safe to send
// elsewhere), and the database holds exactly the writes that were acknowledged.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack';
import { login } from './support/httpClient';
import { demoIds } from './support/carbon';
import { waitFor } from './support/jobs';
import { startJobInstance, stopInstances, type Instance } from './support/instances';
import { KeepAliveClient, type Outcome } from './support/keepAliveClient';

const CLIENTS = 6;
let stack: TestStack;
let stopping: Instance;

beforeAll(async () => {
  stack = await startTestStack();
  stopping = await startJobInstance(stack.databaseUrl, stack.joinEnv);
}, 120_000);

afterAll(async () => {
  if (stopping) await stopInstances([stopping]);
  await stack?.stop();
}, 60_000);

/** 127.0.0.1 rather than localhost: one address, so a refusal is one clear ECONNREFUSED. */
const ipv4 = (url: string) => url.replace('//localhost:', '//127.0.0.1:');

interface Sent {
  target: 'stopping' | 'other';
  write?: string;
  outcome: Outcome;
}

it('answers every request sent to a stopping instance and loses no acknowledged write', async () => {
  const browser = stack.client();
  await login(browser, 'alice');
  const unit = (await demoIds(stack.server.pool)).unit['CLIMATE-LAB']!;
  // Uncompressed answers are written in one go, so each is either not begun at the signal (and
  // says `Connection: close`) or already complete. (A compressed answer half-written at that moment
  // keeps its `keep-alive` and ends with its connection instead: http/drain.ts.)
  const headers = { cookie: `auth_token=${browser.sessionCookie()!}`, origin: stack.origin, 'accept-encoding': 'identity' };
  const urls = { stopping: ipv4(stopping.url), other: ipv4(stack.server.url) };

  let running = true;
  let personNumber = 300_000;
  const logs: Sent[][] = [];
  const loops = Array.from({ length: CLIENTS }, async (_, n) => {
    const log: Sent[] = [];
    logs.push(log);
    let target: Sent['target'] = 'stopping';
    const client = new KeepAliveClient(urls.stopping, headers);
    for (let i = 0; running; i++) {
      let sent: Sent;
      if (i % 2 === 0) {
        sent = { target, outcome: await client.send('GET', `/api/modules/${unit}/2025/headcount/member?limit=5`) };
      } else {
        const name = `shutdown-${n}-${i}`;
        const outcome = await client.send('POST', `/api/modules/${unit}/2025/headcount/member`, { user_institutional_id: String(++personNumber), name, fte: 1 });
        sent = { target, write: name, outcome };
      }
      log.push(sent);
      if (sent.outcome.kind === 'refused' && target === 'stopping') {
        // Nothing was sent: the next requests go to the other instance, as a load balancer would.
        target = 'other';
        client.close();
        client.baseUrl = urls.other;
      }
    }
    client.close();
  });

  const answeredBy = (log: Sent[], target: Sent['target']) => log.filter((s) => s.target === target && s.outcome.kind === 'answered').length;
  await waitFor('every client to be under way on the stopping instance', () => logs.length === CLIENTS && logs.every((l) => answeredBy(l, 'stopping') >= 20), 60_000);
  stopping.child.kill('SIGTERM');
  await waitFor('every client to carry on at the other instance', () => logs.every((l) => answeredBy(l, 'other') >= 10), 60_000);
  running = false;
  await Promise.all(loops);
  expect(await stopping.exited).toBe(0);

  const all = logs.flat();
  // The strong form: no request that was sent went unanswered (refused connections were never sent).
  expect(all.filter((s) => s.outcome.kind === 'failed')).toEqual([]);
  const answers = all.flatMap((s) => (s.outcome.kind === 'answered' ? [{ ...s, answer: s.outcome.answer }] : []));
  expect(answers.filter((s) => s.answer.status !== (s.write ? 201 : 200)).map((s) => `${s.answer.status} ${s.answer.body}`)).toEqual([]);
  for (const log of logs) {
    // Each client learnt of the shutdown from its last answer there: `Connection: close`.
    const fromStopping = log.filter((s) => s.target === 'stopping' && s.outcome.kind === 'answered');
    const last = fromStopping.at(-1)!.outcome as Extract<Outcome, { kind: 'answered' }>;
    expect(last.answer.headers.connection).toBe('close');
    expect(log.some((s) => s.outcome.kind === 'refused')).toBe(true);
  }

  // The database holds the acknowledged writes, and nothing else of these clients.
  const { rows } = await stack.server.pool.query<{ name: string }>(`SELECT data->>'name' AS name FROM data_entries WHERE data->>'name' LIKE 'shutdown-%'`);
  const stored = rows.map((r) => r.name).sort();
  const acknowledged = answers.filter((s) => s.write).map((s) => s.write!).sort();
  const unanswered = all.filter((s) => s.write && s.outcome.kind !== 'answered').map((s) => s.write!);
  expect(stored).toEqual(acknowledged);
  expect(unanswered.filter((w) => stored.includes(w))).toEqual([]);
  expect(answers.filter((s) => s.target === 'stopping' && s.write).length).toBeGreaterThan(0);
}, 180_000);
