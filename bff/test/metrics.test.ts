// Prometheus metrics: an instance with METRICS_PORT serves them on their own port only; after
// requests, an upload's pipeline and an event stream, the series operators build on carry values;
// and the dashboard and alert rules in docs/monitoring/ name only series the endpoint exports.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yaml from 'js-yaml';
import { startTestStack, type TestStack } from './support/stack';
import { as, demoIds } from './support/carbon';
import { HEADCOUNT_HEADER, settled, upload } from './support/pipeline';

let stack: TestStack;
let text: string;
const MONITORING = path.resolve(import.meta.dirname, '../../docs/monitoring');

/** Value of one sample, by metric name and a label subset. */
function sample(name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

/** Series names the endpoint declares, with or without samples yet (histograms with their
 * _bucket, _sum and _count). */
function exported(): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(m[1]!);
    if (m[2] === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(m[1]! + s);
  }
  return names;
}

/** Metric names an expression reads: identifiers that are neither functions, keywords nor labels. */
function namesIn(expr: string): string[] {
  const withoutLabels = expr.replace(/\{[^}]*\}/g, '').replace(/\[[^\]]*\]/g, '');
  const words = withoutLabels.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [];
  const grouping = new Set((expr.match(/\b(?:by|without)\s*\(([^)]*)\)/g) ?? []).flatMap((g) => g.replace(/^\w+\s*\(|\)$/g, '').split(',').map((s) => s.trim())));
  const promql = new Set(['sum', 'max', 'min', 'avg', 'rate', 'increase', 'histogram_quantile', 'by', 'without', 'and', 'or', 'unless', 'le']);
  return words.filter((w) => !promql.has(w) && !grouping.has(w));
}

beforeAll(async () => {
  stack = await startTestStack({ env: { METRICS_PORT: '0' } });
  const ids = await demoIds(stack.server.pool);
  const alice = await as(stack, 'alice');
  await alice.get(`/api/modules/${ids.unit['CLIMATE-LAB']}/2025/headcount/members`);
  await alice.get(`/api/modules/${ids.unit['CLIMATE-LAB']}/2025/headcount/members`);
  const csv = [HEADCOUNT_HEADER, '300101,Metrics Person,1,Professor'].join('\n');
  expect((await upload(alice, { module: 'headcount', type: 'member', year: 2025, unit_id: ids.unit['CLIMATE-LAB'] }, csv)).status).toBe(202);
  await settled(stack.server.pool);
  const res = await fetch(stack.server.metricsUrl!);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  text = await res.text();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('the metrics endpoint', () => {
  it('listens on its own port, on loopback by default, and answers nothing else', async () => {
    const url = new URL(stack.server.metricsUrl!);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.port).not.toBe(String(stack.server.port));
    expect((await fetch(new URL('/', url))).status).toBe(404);
    // Not on the public port.
    expect((await fetch(`${stack.server.url}/metrics`)).status).toBe(404);
  });

  it('times requests by route pattern, never by path', () => {
    expect(sample('carbon_http_request_duration_seconds_count', { route: '/api/modules/:unit_id/:year/headcount/members', status: '2xx' })).toBeGreaterThanOrEqual(2);
    expect(sample('carbon_http_request_duration_seconds_count', { route: '/api/sync/dispatch', method: 'POST' })).toBe(1);
    expect(text).not.toMatch(/route="\/api\/modules\/\d/);
  });

  it('counts job transitions and attempt durations by type and result', () => {
    for (const [type, result] of [['csv_ingest', 'SUCCESS'], ['emission_recalc', 'SUCCESS'], ['aggregation', 'SUCCESS']] as const) {
      expect(sample('carbon_job_transitions_total', { job_type: type, to: 'FINISHED', result }), type).toBeGreaterThanOrEqual(1);
      expect(sample('carbon_job_attempt_duration_seconds_count', { job_type: type, result }), type).toBeGreaterThanOrEqual(1);
    }
  });

  it('reads the shared queue and the live instances from the database', () => {
    expect(sample('carbon_job_queue_jobs', { state: 'waiting' })).toBe(0);
    expect(sample('carbon_job_queue_oldest_due_seconds')).toBe(0);
    expect(sample('carbon_job_instances_live')).toBeGreaterThanOrEqual(1);
    expect(sample('carbon_job_instance_longest_silence_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('shows the pools, the caches, the event streams and the process', () => {
    expect(sample('carbon_db_pool_connections', { pool: 'requests', state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(sample('carbon_db_pool_connections', { pool: 'jobs', state: 'in_use' })).toBeGreaterThanOrEqual(0);
    // The second member-list read was answered from memory.
    expect(sample('carbon_cache_lookups_total', { cache: 'member_lists', outcome: 'hit' })).toBeGreaterThanOrEqual(1);
    expect(sample('carbon_cache_lookups_total', { cache: 'sessions', outcome: 'miss' })).toBeGreaterThanOrEqual(0);
    expect(sample('carbon_event_stream_clients')).toBe(0);
    expect(sample('carbon_job_rescues_total')).toBeUndefined();
    expect(text).toContain('# TYPE carbon_job_rescues_total counter');
    expect(sample('process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});

describe('docs/monitoring', () => {
  it('has a dashboard whose every expression reads series the endpoint exports', () => {
    const dashboard = JSON.parse(fs.readFileSync(path.join(MONITORING, 'grafana-dashboard.json'), 'utf8')) as { panels: { title: string; targets: { expr: string }[] }[] };
    const names = exported();
    expect(dashboard.panels.length).toBeGreaterThan(10);
    for (const p of dashboard.panels) {
      for (const t of p.targets) for (const n of namesIn(t.expr)) expect(names, `${p.title}: ${n}`).toContain(n);
    }
  });

  it('has alert rules that parse and read exported series (or the scrape\'s own `up`)', () => {
    const rules = yaml.load(fs.readFileSync(path.join(MONITORING, 'alerts.yml'), 'utf8')) as { groups: { rules: { alert: string; expr: string }[] }[] };
    const names = exported().add('up');
    const alerts = rules.groups.flatMap((g) => g.rules);
    expect(alerts.map((r) => r.alert)).toEqual(expect.arrayContaining(['CarbonJobsFailing', 'CarbonJobQueueStuck', 'CarbonInstanceWithoutHeartbeat']));
    for (const r of alerts) for (const n of namesIn(r.expr)) expect(names, `${r.alert}: ${n}`).toContain(n);
  });
});
