// `npm run test:cluster`: the production artifact as it is deployed, three instances behind
// HAProxy with deploy/haproxy.cfg (dev/cluster.ts), through a crash and a rolling restart.
// Users sign in through the balancer against the development IdP; a CSV upload runs while its
// event stream is open; the instance running its job is killed (SIGKILL), then every instance
// is replaced one by one (SIGTERM, successor, back in rotation) while clients keep reading and
// writing. No request may fail, the pipeline must complete once, the stream must reconnect and
// deliver the pipeline's end, and the stats must equal the sums of what is stored. Throughout,
// the instances may import no development package (support/devPackageGuard.mjs).
// CLUSTER_TEST_PORT (default 4460): the balancer's port; the IdP and the instances take the
// next four. CLUSTER_TEST_ROWS (default 40000): trips in the uploaded file.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cluster, INSTANCE_NAMES, type ClusterInstance } from '../../src/dev/cluster';
import { moduleStatsFromSums } from '../../src/domain/stats';
import { login, TestClient } from '../support/httpClient';
import { KeepAliveClient, type Outcome } from '../support/keepAliveClient';
import { ReconnectingSse } from '../support/sse';
import { waitFor } from '../support/jobs';
import { holdLock, releaseHeld } from '../support/faults';
import type { PoolClient } from '../../src/db/pool';
import { addMember, demoIds, statsAndSums } from '../support/carbon';
import { moduleId, pipelineJobs, PLANE_HEADER, upload } from '../support/pipeline';

const BASE_PORT = Number(process.env.CLUSTER_TEST_PORT ?? 4460);
const ROWS = Number(process.env.CLUSTER_TEST_ROWS ?? 40_000);
const YEAR = 2025;
const CLIENTS = 8;
/** Sign-in starts per client address and instance per minute. */
const LOGIN_RATE = 10;
const AIRPORTS = ['GVA', 'ZRH', 'LHR', 'CDG', 'JFK', 'FRA', 'AMS', 'MAD', 'BCN', 'FCO', 'NRT', 'SFO'];

let dir: string;
let cluster: Cluster | undefined;
let stream: ReconnectingSse | undefined;
const held: PoolClient[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-cluster-test-'));
  // A one-second poller: the killed instance's job is rescued at the others' next tick. The guard
  // fails any import of a development package by the artifact, for the whole test.
  cluster = await Cluster.start({
    basePort: BASE_PORT,
    dir,
    fast: true,
    env: { LOG_LEVEL: 'warn', POLLER_INTERVAL_SECONDS: '1', LOGIN_RATE_PER_MINUTE: String(LOGIN_RATE) },
    preload: [new URL('../support/devPackageGuard.mjs', import.meta.url).href],
  });
}, 180_000);

afterAll(async () => {
  stream?.close();
  await releaseHeld(held);
  await cluster?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}, 120_000);

const ms = (from: number, to = performance.now()) => Math.round(to - from);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

function tripsCsv(rows: number): string {
  const lines = [PLANE_HEADER];
  for (let i = 0; i < rows; i++) {
    const origin = AIRPORTS[i % AIRPORTS.length]!;
    const destination = AIRPORTS[(i * 7 + 3) % AIRPORTS.length]!;
    const month = String((i % 12) + 1).padStart(2, '0');
    lines.push(`${origin},${destination === origin ? 'LHR' : destination},${i % 5 ? 'economy' : 'business'},${(i % 3) + 1},${i % 2 === 0},${YEAR}-${month}-15,100001`);
  }
  return lines.join('\n');
}

interface Sent {
  write?: string;
  /** Sent this long after the kill. */
  at: number;
  ms: number;
  outcome: Outcome;
}

describe('three production instances behind HAProxy', () => {
  it('loses no request in a crash and a rolling restart; the pipeline completes once and its stream sees the end', async () => {
    const c = cluster!;
    const ids = await demoIds(c.pool);
    const climate = ids.unit['CLIMATE-LAB']!;
    const ocean = ids.unit['OCEAN-LAB']!;

    // Real sign-ins through the balancer: the authorization request, the IdP's redirect and the
    // code exchange may each land on another instance.
    const alice = new TestClient(c.url);
    await login(alice, 'alice');
    const dan = new TestClient(c.url);
    await login(dan, 'dan');
    expect((await alice.get('/api/v1/session')).status).toBe(200);
    await addMember(alice, climate, YEAR, 100001, 'Alice Martin');

    stream = await ReconnectingSse.open(alice);
    await stream.waitFor((e) => e.event === 'snapshot', 10_000, 'the first snapshot through HAProxy');
    const streamServer = stream.connections[0]!.servedBy!;
    expect(INSTANCE_NAMES).toContain(streamServer);

    const uploaded = performance.now();
    const res = await upload(alice, { module: 'professional-travel', type: 'plane', year: YEAR, unit_id: climate }, tripsCsv(ROWS));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const { job_id: jobId, pipeline_id: pipelineId } = res.body as { job_id: number; pipeline_id: string };
    await stream.waitFor((e) => e.event === 'job' && e.data.id === jobId, 10_000, "the upload's job on the stream");

    // The instance running the ingest: its id in job_instances carries its pid.
    const lockedBy = await waitFor(
      'the ingest to run',
      async () => (await c.pool.query<{ locked_by: string }>(`SELECT locked_by FROM data_ingestion_jobs WHERE id = $1 AND state = 'RUNNING'`, [jobId])).rows[0]?.locked_by,
      30_000,
    );
    const victim: ClusterInstance = c.byPid(Number(lockedBy.split(':').at(-2)))!;
    expect(victim, `instance of ${lockedBy}`).toBeDefined();
    // The pipeline may not end before the stream has been cut and has reconnected, however fast
    // the machine: the lock its jobs take to chain the scope's aggregation (jobs/coalesceAggregation.ts)
    // is held here until then. It concerns this unit's travel module only.
    const scopeLock = await holdLock(c.pool, held, `SELECT pg_advisory_xact_lock(hashtext('aggregation-scope'), hashtext($1))`, [JSON.stringify(['professional_travel', YEAR, climate])]);

    // Keep-alive clients through the balancer, reading and writing without pause, from the crash
    // to the end of the rolling restart.
    let loading = true;
    let personNumber = 700_000;
    const sent: Sent[] = [];
    const headers = { cookie: `auth_token=${dan.sessionCookie()!}`, origin: c.url, 'accept-encoding': 'identity' };
    const killedAt = performance.now();
    await c.kill(victim.name);
    const loops = Array.from({ length: CLIENTS }, async (_, n) => {
      const client = new KeepAliveClient(c.url, headers);
      for (let i = 0; loading; i++) {
        const started = performance.now();
        const write = i % 2 === 1 ? `cluster-${n}-${i}` : undefined;
        const outcome = write
          ? await client.send('POST', `/api/modules/${ocean}/${YEAR}/headcount/member`, { user_institutional_id: String(++personNumber), name: write, fte: 1 })
          : await client.send('GET', `/api/modules/${ocean}/${YEAR}/headcount/member?limit=5`);
        sent.push({ write, at: ms(killedAt, started), ms: performance.now() - started, outcome });
      }
      client.close();
    });

    let releasedAt = 0;
    const released = waitFor('the event stream to reconnect', () => stream!.connections.length >= 2, 180_000, 50).then(async () => {
      await scopeLock.release();
      releasedAt = ms(killedAt);
    });

    // The service manager starts the killed instance again (systemd: Restart=on-failure); then
    // the rolling restart of all three, the stream's instance first, so that the stream is cut
    // while the rescued pipeline still runs.
    const revived = performance.now();
    await c.restart(victim.name);
    const reviveMs = ms(revived);
    const order = [...new Set([streamServer, ...INSTANCE_NAMES])] as ClusterInstance['name'][];
    const restarts: { name: string; exitCode: number | null; at: number; ms: number }[] = [];
    const rollStarted = performance.now();
    for (const name of order) {
      const t0 = performance.now();
      const { exitCode } = await c.restart(name);
      restarts.push({ name, exitCode, at: ms(killedAt, t0), ms: ms(t0) });
    }
    const rollMs = ms(rollStarted);
    await new Promise((r) => setTimeout(r, 1000));
    loading = false;
    await Promise.all([...loops, released]);

    // The stream tells the end by the aggregation's last event; or, when that event went out
    // while the stream was reconnecting (missed events are not replayed), by the next
    // connection's snapshot of active pipelines, which no longer lists the pipeline.
    const end = await stream.waitForScan(
      (events) => {
        let seenActive = false;
        for (const e of events) {
          if (e.event === 'job' && e.data.pipeline_id === pipelineId) {
            if (e.data.job_type === 'aggregation' && e.data.state === 'FINISHED' && !e.data.pipeline_active) return e;
            seenActive = true;
          } else if (e.event === 'snapshot') {
            const listed = (e.data.jobs as { pipeline_id: string }[]).some((j) => j.pipeline_id === pipelineId);
            if (listed) seenActive = true;
            else if (seenActive) return e;
          }
        }
        return undefined;
      },
      180_000,
      "the pipeline's end on the stream",
    );
    const pipelineMs = ms(uploaded, end.event.receivedAt);

    const failed = (s: Sent) => s.outcome.kind !== 'answered' || s.outcome.answer.status !== (s.write ? 201 : 200);
    const bad = sent.filter(failed);
    const latencies = sent.filter((s) => !failed(s)).map((s) => s.ms).sort((a, b) => a - b);
    const rescued = await pipelineJobs(c.pool, pipelineId);
    console.log(
      [
        `cluster: 3 instances of bff/dist/main.js behind HAProxy, ${ROWS} trips uploaded, instance ${victim.name} (running the ingest) killed`,
        `  ${victim.name} started again and back in rotation ${reviveMs} ms after the kill; then the rolling restart ${order.join(' → ')}: ${restarts.map((r) => `${r.name} exit ${r.exitCode}, back in ${r.ms} ms`).join(', ')}; ${rollMs} ms in all`,
        `  requests from the kill to the end of the restart: ${sent.length} (${sent.filter((s) => s.write).length} writes), failed: ${bad.length}; latency p50 ${Math.round(percentile(latencies, 50))} ms, p99 ${Math.round(percentile(latencies, 99))} ms, max ${Math.round(latencies.at(-1) ?? 0)} ms`,
        `  pipeline: ${rescued.map((j) => `${j.job_type} ${j.result} (attempts ${j.attempts})`).join(', ')}; end seen ${pipelineMs} ms after the upload, ${ms(killedAt, end.event.receivedAt)} ms after the kill`,
        `  event stream: ${stream.connections.length} connections (${stream.connections.map((x) => x.servedBy).join(', ')}), reconnected ${releasedAt} ms after the kill (the pipeline held until then), the end delivered on connection ${end.connection + 1} (${end.event.event === 'snapshot' ? 'its snapshot no longer lists the pipeline' : 'the last job event'})`,
      ].join('\n'),
    );

    const what = (o: Outcome) => (o.kind === 'answered' ? `HTTP ${o.answer.status} ${o.answer.body.slice(0, 200)}` : o.kind === 'failed' ? `no answer (${o.code})` : 'refused');
    expect(
      bad.map((s) => `${what(s.outcome)} at ${s.at} ms`),
      `restarts began at ${restarts.map((r) => `${r.name} ${r.at} ms`).join(', ')} after the kill`,
    ).toEqual([]);
    expect(sent.length).toBeGreaterThan(100);
    expect(restarts.map((r) => r.exitCode)).toEqual([0, 0, 0]);

    // Exactly once: every job of the chain finished once, the ingest after its rescue, and the
    // file's trips are stored once each.
    expect(rescued.map((j) => [j.job_type, j.state, j.result])).toEqual([
      ['csv_ingest', 'FINISHED', 'SUCCESS'],
      ['emission_recalc', 'FINISHED', 'SUCCESS'],
      ['aggregation', 'FINISHED', 'SUCCESS'],
    ]);
    expect(rescued[0].attempts).toBeGreaterThanOrEqual(2);
    expect(rescued[0].status_message ?? '').not.toMatch(/error/i);
    const ends = stream.events.filter((e) => e.event === 'job' && e.data.pipeline_id === pipelineId && e.data.job_type === 'aggregation' && e.data.state === 'FINISHED');
    // Finished once: one end event, or none when it went out between two connections.
    expect(ends).toHaveLength(end.event.event === 'job' ? 1 : 0);

    // The stream was cut and reconnected (through the balancer, to another instance) before the
    // pipeline's end, which a new connection delivered.
    expect(stream.connections.length).toBeGreaterThanOrEqual(2);
    expect(end.connection).toBeGreaterThanOrEqual(1);

    // Stats exact: the stored module stats are those of the stored rows, and the rows are the file's.
    const travel = await moduleId(c.pool, climate, YEAR, 'professional_travel');
    const stored = await c.pool.query<{ n: number; with_kg: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE EXISTS (SELECT 1 FROM data_entry_emissions x WHERE x.data_entry_id = e.id AND x.kg_co2eq > 0))::int AS with_kg
         FROM data_entries e WHERE e.carbon_report_module_id = $1 AND e.data_entry_type = 'plane'`,
      [travel],
    );
    expect(stored.rows[0]).toEqual({ n: ROWS, with_kg: ROWS });
    const statsNow = (await c.pool.query('SELECT stats FROM carbon_report_modules WHERE id = $1', [travel])).rows[0].stats;
    expect(statsNow).toEqual(await moduleStatsFromSums(c.pool, travel, 'professional_travel'));
    const sums = await statsAndSums(c.pool, ids.report[`CLIMATE-LAB/${YEAR}`]!, 'professional_travel');
    expect(sums.module_stats.entries).toBe(ROWS);
    expect(sums.module_stats.kg_co2eq).toBeCloseTo(sums.module_kg, 6);
    expect(sums.report_stats.kg_co2eq).toBeCloseTo(sums.report_kg, 6);
    // and those of the module the clients wrote to during the restarts (Path 1, inline)
    await waitFor(
      "the members' stats to settle",
      async () => (await c.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM data_ingestion_jobs WHERE state <> 'FINISHED'`)).rows[0]!.n === 0,
      60_000,
    );
    const members = await moduleId(c.pool, ocean, YEAR, 'headcount');
    expect((await c.pool.query('SELECT stats FROM carbon_report_modules WHERE id = $1', [members])).rows[0].stats).toEqual(await moduleStatsFromSums(c.pool, members, 'headcount'));

    // Every acknowledged write is stored, and nothing that was not acknowledged.
    const written = await c.pool.query<{ name: string }>(`SELECT data->>'name' AS name FROM data_entries WHERE data->>'name' LIKE 'cluster-%'`);
    const names = new Set(written.rows.map((r) => r.name));
    const acknowledged = sent.filter((s) => s.write && !failed(s)).map((s) => s.write!);
    expect(acknowledged.filter((w) => !names.has(w))).toEqual([]);
    expect(names.size).toBe(acknowledged.length);
  }, 600_000);

  it('reads the client address from the entry HAProxy appends, never from one the client wrote', async () => {
    // Every instance was restarted above, so each limiter is fresh. Sign-in starts from as many
    // loopback addresses as requests all pass: the instances see each client's own address, the
    // one HAProxy appends (TRUST_PROXY=1), not HAProxy's. From one address, a forged and rotated
    // X-Forwarded-For does not escape the limit: that entry is beyond the trusted hop.
    const tries = INSTANCE_NAMES.length * LOGIN_RATE + 15;
    const fromMany = [];
    for (let i = 0; i < tries; i++) fromMany.push(await loginStart(`127.0.0.${10 + i}`));
    expect(fromMany.filter((s) => s !== 200)).toEqual([]);
    const forged = [];
    for (let i = 0; i < tries; i++) forged.push(await loginStart('127.0.0.1', `203.0.113.${i}`));
    expect(forged.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(forged.filter((s) => s === 429).length).toBeGreaterThanOrEqual(tries - INSTANCE_NAMES.length * LOGIN_RATE);
  }, 60_000);
});

/** POST /api/v1/session/login through the balancer from `localAddress`; answers the status. */
function loginStart(localAddress: string, forwardedFor?: string): Promise<number> {
  const body = JSON.stringify({ return_to: '/workspace' });
  const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), origin: cluster!.url, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) };
  return new Promise((resolve, reject) => {
    // By address: `localhost` may resolve to ::1, which a 127.0.0.x source cannot reach.
    const req = http.request(`http://127.0.0.1:${BASE_PORT}/api/v1/session/login`, { method: 'POST', localAddress, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}
