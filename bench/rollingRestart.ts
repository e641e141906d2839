// Failed requests during a rolling restart: two BFF processes behind HAProxy (Debian's package:
// `apt-get install -y haproxy`), keep-alive clients reading and writing through it without
// pause, and each instance in turn stopped with SIGTERM and started again on its port.
//   node --import tsx bench/rollingRestart.ts [rounds, default 3]
// HAProxy is set up as docs/operations.md describes: health check on /api/ready, a connection
// refused is tried on the other server (`option redispatch`), nothing else is retried. A request
// counts as failed when its client gets no answer, or an answer other than 200 (read) / 201
// (write). At the end the database must hold exactly the acknowledged writes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPool } from '../bff/src/db/pool';
import { haproxyMissing, startHaproxy, untilUp } from '../bff/src/dev/haproxy';
import { freePort } from '../bff/src/db/embeddedPostgres';
import { demoIds } from '../bff/test/support/carbon';
import { signedIn, startJobInstance, startSignIn, stopInstances, type Instance } from '../bff/test/support/instances';
import { KeepAliveClient, type Outcome } from '../bff/test/support/keepAliveClient';
import { round, startBenchDatabase, timeLimit } from './support/jobBench';
import { summarize } from './support/stats';

const missing = haproxyMissing();
if (missing) {
  console.error(missing);
  process.exit(2);
}
timeLimit(900);
const ROUNDS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 3);
const CLIENTS = 16;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function haproxyConfig(port: number, socket: string, servers: Record<string, number>): string {
  return [
    'global',
    '  maxconn 2000',
    `  stats socket ${socket} level operator`,
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  option redispatch',
    '  retries 3',
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    '  default_backend bff',
    'backend bff',
    '  balance roundrobin',
    '  option httpchk GET /api/ready',
    '  http-check expect status 200',
    // A refused connection goes to the other server at once (redispatch); a slow check on a
    // loaded machine must not take a healthy server out.
    '  timeout check 2s',
    '  default-server inter 500ms fall 3 rise 2',
    ...Object.entries(servers).map(([name, p]) => `  server ${name} 127.0.0.1:${p} check`),
    '',
  ].join('\n');
}

interface Sent {
  write?: string;
  ms: number;
  outcome: Outcome;
}

const db = await startBenchDatabase({ fast: true });
const pool = createPool(db.url, 2);
const signIn = await startSignIn(pool);
const lbPort = Number(new URL(signIn.origin).port);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-bench-haproxy-'));
const slots: { name: string; port: number; instance?: Instance }[] = [
  { name: 'a', port: await freePort() },
  { name: 'b', port: await freePort() },
];
const env = (port: number) => ({ ...signIn.env, PORT: String(port), POLLER_INTERVAL_SECONDS: '10' });
let haproxy: ReturnType<typeof startHaproxy> | undefined;
const socket = path.join(dir, 'admin.sock');

try {
  for (const s of slots) s.instance = await startJobInstance(db.url, env(s.port));
  fs.writeFileSync(path.join(dir, 'haproxy.cfg'), haproxyConfig(lbPort, socket, Object.fromEntries(slots.map((s) => [s.name, s.port]))));
  haproxy = startHaproxy(path.join(dir, 'haproxy.cfg'));
  for (const s of slots) await untilUp(socket, s.name);

  const browser = await signedIn(slots[0]!.instance!, signIn, 'alice');
  const unit = (await demoIds(pool)).unit['CLIMATE-LAB']!;
  const headers = { cookie: `auth_token=${browser.sessionCookie()!}`, origin: signIn.origin, 'accept-encoding': 'identity' };
  const lbUrl = `http://127.0.0.1:${lbPort}`;

  let running = true;
  let personNumber = 400_000;
  const log: Sent[] = [];
  const loops = Array.from({ length: CLIENTS }, async (_, n) => {
    const client = new KeepAliveClient(lbUrl, headers);
    for (let i = 0; running; i++) {
      const started = performance.now();
      if (i % 2 === 0) {
        const outcome = await client.send('GET', `/api/modules/${unit}/2025/headcount/member?limit=5`);
        log.push({ ms: performance.now() - started, outcome });
      } else {
        const name = `rolling-${n}-${i}`;
        const outcome = await client.send('POST', `/api/modules/${unit}/2025/headcount/member`, { user_institutional_id: String(++personNumber), name, fte: 1 });
        log.push({ write: name, ms: performance.now() - started, outcome });
      }
    }
    client.close();
  });

  const failed = (s: Sent) => s.outcome.kind !== 'answered' || s.outcome.answer.status !== (s.write ? 201 : 200);
  await sleep(3000);
  const restartMs: number[] = [];
  for (let r = 1; r <= ROUNDS; r++) {
    for (const s of slots) {
      const before = log.length;
      const t0 = performance.now();
      s.instance!.child.kill('SIGTERM');
      const code = await s.instance!.exited;
      s.instance = await startJobInstance(db.url, env(s.port));
      // A rolling restart goes on once the balancer has the instance back (two good checks).
      await untilUp(socket, s.name);
      restartMs.push(performance.now() - t0);
      const during = log.slice(before);
      console.log(`round ${r}, instance ${s.name}: exit code ${code}, back after ${round((performance.now() - t0) / 1000, 1)} s; ${during.length} requests meanwhile, ${during.filter(failed).length} failed`);
    }
  }
  await sleep(2000);
  running = false;
  await Promise.all(loops);

  const bad = log.filter(failed);
  const kinds = new Map<string, number>();
  for (const s of bad) {
    const k = s.outcome.kind === 'answered' ? `HTTP ${s.outcome.answer.status}` : s.outcome.kind === 'failed' ? `no answer (${s.outcome.code})` : 'refused';
    kinds.set(k, (kinds.get(k) ?? 0) + 1);
  }
  const { rows } = await pool.query<{ name: string }>(`SELECT data->>'name' AS name FROM data_entries WHERE data->>'name' LIKE 'rolling-%'`);
  const stored = new Set(rows.map((x) => x.name));
  const acknowledged = log.filter((s) => s.write && !failed(s)).map((s) => s.write!);
  const lost = acknowledged.filter((w) => !stored.has(w)).length;
  const notAcknowledgedButStored = log.filter((s) => s.write && failed(s) && stored.has(s.write)).length;
  const lat = summarize(log.filter((s) => !failed(s)).map((s) => s.ms));
  console.log(`rolling restart behind HAProxy, ${ROUNDS} rounds × 2 instances, ${CLIENTS} keep-alive clients (reads and writes alternating):`);
  console.log(`  requests: ${log.length}, failed: ${bad.length}${bad.length ? ` (${[...kinds].map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}`);
  console.log(`  writes acknowledged: ${acknowledged.length}, of those missing from the database: ${lost}; failed but stored: ${notAcknowledgedButStored}`);
  console.log(`  latency of answered requests: p50 ${round(lat.p50)} ms, p99 ${round(lat.p99)} ms, max ${round(lat.max)} ms; stop-to-back-in-rotation median ${round(summarize(restartMs).p50 / 1000, 1)} s`);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  haproxy?.kill('SIGTERM');
  await stopInstances(slots.flatMap((s) => (s.instance ? [s.instance] : [])));
  await signIn.idp.close();
  await pool.end();
  await db.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
