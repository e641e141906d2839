// Exports benchmark: the printable report (PDF) through real HTTP with a real session cookie, on
// reports of 2,000 entries (bench/support/institution.ts), with the BFF in its own process.
//
//   node --import tsx bench/exports.ts
//
// 1. 16 clients at once each download PDFs of reports nobody downloaded before (every request a
//    different report or language, so none is served from the kept copies): p50/p95/p99 of the
//    downloads; meanwhile the BFF's event-loop delay (its own `monitorEventLoopDelay` figures, read
//    through its Prometheus metrics, which reset them at each scrape: one scrape just before, one
//    just after) and the latency of `GET /api/health` probed every 20 ms by another client.
// 2. One client downloading one unchanged report again and again: p50/p95 (the kept copy).
//
// Before them, 10 s without exports: the event-loop delay the machine's other load alone causes.
// BENCH_UNITS (default 16: 16 units × 5 years = 80 reports, 160 PDFs in two languages),
// BENCH_CONNS (default 16). Bars: PDF p95 ≤ 1 s at 16 concurrent exports, event-loop delay p99
// ≤ 50 ms meanwhile, an unchanged report downloaded again ≤ 20 ms (p95).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { createPool } from '../bff/src/db/pool';
import { freePort } from '../bff/src/db/embeddedPostgres';
import { ensureLocations } from '../bff/src/domain/locations/loadLocations';
import { demoSettled } from '../bff/src/dev/demoEntries';
import { login, TestClient } from '../bff/test/support/httpClient';
import { summarize, type Summary } from './support/stats';
import { startBenchBff } from './support/bffProcess';
import { round, startBenchDatabase, type BenchDatabase } from './support/jobBench';
import { buildTemplate, growTo } from './support/institution';
import { BARS } from './bars';
import { recordResult } from './support/results';
import { cpuBetween, postmasterPid, sampleCpu } from './support/cpuTime';

const UNITS = Number(process.env.BENCH_UNITS ?? 16);
const CONNS = Number(process.env.BENCH_CONNS ?? BARS.exports.connections);

async function download(client: TestClient, url: string): Promise<number> {
  const t0 = performance.now();
  const res = await client.raw(`${client.baseUrl}${url}`);
  const bytes = await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${new TextDecoder().decode(bytes).slice(0, 200)}`);
  return ms;
}

/** One Prometheus gauge's value from the metrics text. */
const gauge = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-bench-exports-'));
  let child: ChildProcess | undefined;
  let db: BenchDatabase | undefined;
  try {
    db = await startBenchDatabase({ fast: true });
    const pool = createPool(db.url, 4);
    await ensureLocations(pool);
    const metricsPort = await freePort();
    // A per-user limit above the clients: one back-office user downloads everything here.
    const bff = await startBenchBff(db.url, path.join(dir, 'bff'), { METRICS_PORT: String(metricsPort), EXPORT_MAX_PER_USER: String(CONNS * 2) });
    child = bff.child;
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    if (!(await demoSettled(pool, 180_000))) throw new Error('the demo pipelines did not settle');
    const templateId = await buildTemplate(pool);
    await growTo(pool, templateId, UNITS);
    await pool.query('VACUUM ANALYZE');
    const ids = (await pool.query<{ id: number }>(`SELECT r.id FROM carbon_reports r JOIN units u ON u.id = r.unit_id WHERE u.institutional_id LIKE 'BENCH-%' ORDER BY r.id`)).rows.map((r) => r.id);
    const workers = os.availableParallelism();
    console.log(`${ids.length} reports of 2,000 entries; ${CONNS} clients; BFF export workers: ${workers} (EXPORT_WORKERS default, one per core)`);

    const client = new TestClient(bff.url, bff.origin);
    await login(client, 'olga');
    const probe = new TestClient(bff.url, bff.origin);
    // Warm-up: JIT, the workers' start, the pool's connections; on reports the runs below do not use.
    const warm = ids.slice(-4);
    await Promise.all(warm.map((id) => download(client, `/api/v1/carbon_reports/${id}/report.pdf?lang=en`)));
    const fresh = ids.slice(0, -4).flatMap((id) => (['en', 'fr'] as const).map((lang) => `/api/v1/carbon_reports/${id}/report.pdf?lang=${lang}`));

    // 0. The event loop with no export, as long as the exports will take: what the machine's other
    // load alone costs it (on a shared machine, a process that waits for a core delays its loop too).
    await (await fetch(metricsUrl)).text(); // resets the BFF's event-loop histogram
    const idleProbe: number[] = [];
    const idleUntil = performance.now() + 10_000;
    while (performance.now() < idleUntil) {
      const t = performance.now();
      await probe.get('/api/health');
      idleProbe.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
    const idleMetrics = await (await fetch(metricsUrl)).text();
    const idleLoopP99 = gauge(idleMetrics, 'nodejs_eventloop_lag_p99_seconds') * 1000;
    console.log(`BFF event-loop delay over 10 s without exports (the machine's other load): p99 ${idleLoopP99.toFixed(1)} ms, max ${(gauge(idleMetrics, 'nodejs_eventloop_lag_max_seconds') * 1000).toFixed(1)} ms; GET /api/health p99 ${summarize(idleProbe).p99.toFixed(1)} ms`);

    // 1. Concurrent exports of different reports, the event loop watched meanwhile (the scrape
    // just above reset its histogram).
    const health: number[] = [];
    let loading = true;
    const probing = (async () => {
      while (loading) {
        const t0 = performance.now();
        await probe.get('/api/health');
        health.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const postmaster = postmasterPid(db.dataDir);
    const cpu0 = sampleCpu(child.pid!, postmaster);
    const t0 = performance.now();
    const samples: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONNS }, async () => {
        while (next < fresh.length) samples.push(await download(client, fresh[next++]!));
      }),
    );
    const wall = (performance.now() - t0) / 1000;
    const cpu = cpuBetween(cpu0, sampleCpu(child.pid!, postmaster));
    loading = false;
    await probing;
    const metrics = await (await fetch(metricsUrl)).text();
    const loopP99 = gauge(metrics, 'nodejs_eventloop_lag_p99_seconds') * 1000;
    const loopMax = gauge(metrics, 'nodejs_eventloop_lag_max_seconds') * 1000;
    const pdf = summarize(samples);
    const h = summarize(health);
    const line = (label: string, s: Summary) => `${label.padEnd(44)} n=${String(s.n).padStart(4)}  p50 ${s.p50.toFixed(1).padStart(7)}  p95 ${s.p95.toFixed(1).padStart(7)}  p99 ${s.p99.toFixed(1).padStart(7)}  max ${s.max.toFixed(1).padStart(7)} ms`;
    console.log(line(`PDF, ${CONNS} concurrent, each a new report`, pdf));
    console.log(`  ${samples.length} PDFs in ${wall.toFixed(1)} s (${(samples.length / wall).toFixed(1)}/s); CPU: BFF ${cpu.bff.toFixed(1)} s (main thread and workers), PostgreSQL ${cpu.postgres.toFixed(1)} s`);
    console.log(`BFF event-loop delay meanwhile (monitorEventLoopDelay): p99 ${loopP99.toFixed(1)} ms, max ${loopMax.toFixed(1)} ms`);
    console.log(line('GET /api/health meanwhile, every 20 ms', h));

    // 2. An unchanged report downloaded again (the kept copy).
    const again = `/api/v1/carbon_reports/${ids[0]}/report.pdf?lang=en`;
    for (let i = 0; i < 20; i++) await download(client, again);
    const repeat: number[] = [];
    for (let i = 0; i < 300; i++) repeat.push(await download(client, again));
    const r = summarize(repeat);
    console.log(line('same unchanged PDF again, 1 client', r));

    recordResult('exports', {
      pdf_p95_ms: round(pdf.p95),
      pdf_p99_ms: round(pdf.p99),
      event_loop_p99_ms: round(loopP99),
      event_loop_max_ms: round(loopMax),
      idle_event_loop_p99_ms: round(idleLoopP99),
      health_p99_ms: round(h.p99),
      repeat_p95_ms: round(r.p95),
    });
    await pool.end();
  } finally {
    child?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await db?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
