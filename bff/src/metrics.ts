// Prometheus metrics of one instance (prom-client), served on their own port (METRICS_PORT) so
// that they never pass the public load balancer. Request latency by route, job transitions and
// durations by type and result, rescues, the shared job queue, event-stream clients, the
// connection pools, the caches' hits and misses, and the process itself.
// docs/operations.md lists the series; ops/grafana/ and ops/prometheus/ build on them.
import http from 'node:http';
import type { RequestHandler } from 'express';
import client from 'prom-client';
import type { Transition, TransitionJob } from './jobs/transitionLog';
import type { JobLifecycle } from './jobs/lifecycle';
import type { JobHealth } from './jobs/sql';

/** What a pg pool says of itself. */
export interface PoolGauge {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export interface CacheCounts {
  hits: number;
  misses: number;
}

export interface MetricsSources {
  /** Connection pools by name (`requests`, `jobs`), read at scrape time. */
  pools: () => Record<string, PoolGauge>;
  /** Caches by name, read at scrape time. */
  caches: () => Record<string, CacheCounts>;
  /** Open event streams on this instance. */
  eventStreams: () => number;
  /** The job queue and instances shared by every instance (one small query per scrape). */
  jobHealth: () => Promise<JobHealth>;
}

/** Seconds: from a fast cached read to a slow upload. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: from an aggregation of one module to a 100,000-row ingest under load. */
const JOB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900];

export class Metrics {
  readonly registry = new client.Registry();
  private readonly httpDuration: client.Histogram<'method' | 'route' | 'status'>;
  private readonly jobTransitions: client.Counter<'job_type' | 'from' | 'to' | 'result'>;
  private readonly jobDuration: client.Histogram<'job_type' | 'result'>;
  private readonly rescues: client.Counter<'job_type'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    client.collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new client.Histogram({
      name: 'carbon_http_request_duration_seconds',
      help: 'Time from a request to the end of its answer, by route pattern and status class.',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.jobTransitions = new client.Counter({
      name: 'carbon_job_transitions_total',
      help: 'Job state transitions made by this instance.',
      labelNames: ['job_type', 'from', 'to', 'result'],
      registers,
    });
    this.jobDuration = new client.Histogram({
      name: 'carbon_job_attempt_duration_seconds',
      help: 'Duration of job attempts run by this instance, by type and outcome (retry: failed, to be tried again).',
      labelNames: ['job_type', 'result'],
      buckets: JOB_BUCKETS,
      registers,
    });
    this.rescues = new client.Counter({
      name: 'carbon_job_rescues_total',
      help: 'Jobs this instance took back from an instance that died or went silent.',
      labelNames: ['job_type'],
      registers,
    });
    new client.Gauge({
      name: 'carbon_event_stream_clients',
      help: 'Event streams (server-sent events) open on this instance.',
      registers,
      collect() {
        this.set(sources.eventStreams());
      },
    });
    new client.Gauge({
      name: 'carbon_db_pool_connections',
      help: 'Database connections of this instance by pool and state (idle, in_use, waiting = requests queued for one).',
      labelNames: ['pool', 'state'],
      registers,
      collect() {
        for (const [pool, p] of Object.entries(sources.pools())) {
          this.set({ pool, state: 'idle' }, p.idleCount);
          this.set({ pool, state: 'in_use' }, p.totalCount - p.idleCount);
          this.set({ pool, state: 'waiting' }, p.waitingCount);
        }
      },
    });
    new client.Counter({
      name: 'carbon_cache_lookups_total',
      help: 'Cache lookups since the instance started, by cache and outcome (hit, miss).',
      labelNames: ['cache', 'outcome'],
      registers,
      collect() {
        // The caches count for themselves (core/memo.ts); the counter shows their totals.
        this.reset();
        for (const [cache, c] of Object.entries(sources.caches())) {
          this.inc({ cache, outcome: 'hit' }, c.hits);
          this.inc({ cache, outcome: 'miss' }, c.misses);
        }
      },
    });
    // One query per scrape for the four job-system gauges: a scrape collects every metric at
    // once, so the four share the query in flight. With the database unreachable the last
    // figures stay; the process metrics still answer.
    let inFlight: Promise<JobHealth | undefined> | undefined;
    const health = () =>
      (inFlight ??= sources
        .jobHealth()
        .catch(() => undefined)
        .finally(() => (inFlight = undefined)));
    const fromHealth = (name: string, help: string, read: (h: JobHealth, g: client.Gauge) => void, labelNames: string[] = []) =>
      new client.Gauge({
        name,
        help,
        labelNames,
        registers,
        async collect() {
          const h = await health();
          if (h) read(h, this);
        },
      });
    fromHealth('carbon_job_queue_jobs', 'Unfinished jobs of every instance, by state.', (h, g) => {
      g.set({ state: 'waiting' }, h.waiting);
      g.set({ state: 'running' }, h.running);
    }, ['state']);
    fromHealth('carbon_job_queue_oldest_due_seconds', 'How long the oldest waiting job has been due (0 when none waits).', (h, g) => g.set(h.oldest_due_seconds));
    fromHealth('carbon_job_instances_live', 'Instances whose liveness session is open (every instance sees all).', (h, g) => g.set(h.live_instances));
    fromHealth('carbon_job_instance_longest_silence_seconds', 'Longest time since the heartbeat of an instance whose liveness session is open.', (h, g) =>
      g.set(h.longest_silence_seconds),
    );
  }

  /** Observes every answer; the route label is the matched pattern (bounded), never the path. */
  httpMiddleware(): RequestHandler {
    return (req, res, next) => {
      const end = this.httpDuration.startTimer();
      res.once('finish', () => {
        const route = req.route ? `${req.baseUrl}${String(req.route.path)}`.replace(/(.)\/$/, '$1') : req.path.startsWith('/api/') ? 'unmatched' : 'static';
        end({ method: req.method, route, status: `${Math.floor(res.statusCode / 100)}xx` });
      });
      next();
    };
  }

  /** Subscribes to the jobs' lifecycle: every transition this instance makes is counted. */
  observe(lifecycle: JobLifecycle): () => void {
    return lifecycle.on('transition', ({ job, transition }) => this.onTransition(job, transition));
  }

  private onTransition = (job: TransitionJob, t: Transition): void => {
    this.jobTransitions.inc({ job_type: job.job_type, from: t.from, to: t.to, result: t.result ?? '' });
    if (t.rescued) this.rescues.inc({ job_type: job.job_type });
    if (t.duration_ms !== undefined) this.jobDuration.observe({ job_type: job.job_type, result: t.result ?? 'retry' }, t.duration_ms / 1000);
  };

  /** The metrics endpoint on its own port: `GET /metrics`, nothing else. */
  async serve(port: number, host: string): Promise<http.Server> {
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || req.url !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      this.registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': this.registry.contentType, 'cache-control': 'no-store' }).end(text),
        () => res.writeHead(503).end(),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    return server;
  }
}
