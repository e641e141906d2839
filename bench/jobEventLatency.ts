// Job event → SSE client on another instance: p50/p95 latency (bar: p95 ≤ 100 ms).
//   node --import tsx bench/jobEventLatency.ts [events, default 500]
// Instance A runs in this process with a job whose handler commits progress steps; instance B is
// a separate process (bench/support/path1Server.ts) holding the SSE stream of a signed-in
// back-office user. Latency = from just before A writes a step (the write's own commit included)
// to the moment the client here has parsed it from B's stream. Own embedded PostgreSQL with
// durable settings; everything stops at the end.
import crypto from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../bff/src/config';
import { startServer } from '../bff/src/server';
import { startDevIdp } from '../bff/src/dev/idp';
import { seedDemoData } from '../bff/src/dev/demoData';
import { freePort } from '../bff/src/db/embeddedPostgres';
import { login, TestClient } from '../bff/test/support/httpClient';
import { SseClient } from '../bff/test/support/sse';
import { round, startBenchDatabase, timeLimit } from './support/jobBench';
import { summarize } from './support/stats';

timeLimit(300);
const N = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 500);
const WARMUP = 20;
const GAP_MS = 10;
const HERE = path.dirname(fileURLToPath(import.meta.url));

const db = await startBenchDatabase();
const portA = await freePort();
const origin = `http://localhost:${portA}`;
const clientSecret = crypto.randomBytes(16).toString('hex');
const idp = await startDevIdp({ port: await freePort(), appOrigin: origin, clientId: 'carbon-web', clientSecret });
const env = {
  NODE_ENV: 'test',
  DATABASE_URL: db.url,
  OAUTH_ISSUER_URL: idp.issuer,
  OAUTH_CLIENT_SECRET: clientSecret,
  SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
  PUBLIC_ORIGIN: origin,
  LOG_LEVEL: 'warn',
  LOGIN_RATE_PER_MINUTE: '10000',
};
const a = await startServer(loadConfig({ ...env, PORT: String(portA) }), { skipMigrations: true });
await seedDemoData(a.pool, idp.issuer);

const b = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'support/path1Server.ts')], {
  env: { ...process.env, ...env, PORT: String(await freePort()) },
  stdio: ['pipe', 'pipe', 'inherit'],
});
const urlB = await new Promise<string>((resolve, reject) => {
  b.once('exit', (code) => reject(new Error(`instance B exited with ${code}`)));
  readline.createInterface({ input: b.stdout! }).on('line', (line) => {
    const m = /READY (\S+)/.exec(line);
    if (m) resolve(m[1]!);
  });
});

try {
  const client = new TestClient(urlB, origin);
  await login(client, 'olga');
  const sse = await SseClient.open(client);
  await sse.waitFor((e) => e.event === 'snapshot');

  const writtenAt: number[] = [];
  const latencies: number[] = [];
  let done!: () => void;
  const allSeen = new Promise<void>((resolve) => (done = resolve));
  sse.onEvent = (e) => {
    const step = e.event === 'job' ? /^s(\d+)$/.exec(e.data.progress?.phase ?? '') : null;
    if (!step) return;
    const i = Number(step[1]);
    if (i >= WARMUP) latencies.push(e.receivedAt - writtenAt[i]!);
    if (i === N + WARMUP - 1) done();
  };
  a.jobs.register({
    type: 'bench_progress',
    writes: [],
    async run({ progress }) {
      for (let i = 0; i < N + WARMUP; i++) {
        writtenAt[i] = performance.now();
        await progress({ phase: `s${i}`, done: i, total: N + WARMUP });
        await new Promise((r) => setTimeout(r, GAP_MS));
      }
    },
  });
  await a.jobs.runner.createJob({ job_type: 'bench_progress', entity_type: 'MODULE_UNIT_SPECIFIC', target: 'DATA_ENTRIES', module_type: 'professional_travel', year: 2025 });
  await allSeen;
  const s = summarize(latencies);
  console.log(`job event (progress step committed on instance A) → SSE client on instance B, ${s.n} events, ${GAP_MS} ms apart, PostgreSQL durable`);
  console.log(`p50 ${round(s.p50, 2)} ms · p95 ${round(s.p95, 2)} ms · p99 ${round(s.p99, 2)} ms · max ${round(s.max, 2)} ms  (bar: p95 ≤ 100 ms)`);
  sse.close();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  b.kill('SIGTERM');
  await new Promise((r) => b.once('exit', r));
  await a.stop();
  await idp.close();
  await db.stop();
}
