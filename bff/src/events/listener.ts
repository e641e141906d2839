// The one LISTEN connection of an instance (DESIGN §10). It hears every job event committed by
// any instance, and every change that makes what instances remember stale (cache_changes);
// keeps its connection checked, and reconnects with backoff. After a reconnect it asks its
// subscribers to resync, because notices sent while it was away are lost.
import pg from 'pg';
import type { Logger } from '../log';
import { CACHE_CHANGES_CHANNEL } from './cacheChanges';
import { parseJobNotification, type JobNotification } from './jobEvents';

export const JOB_EVENTS_CHANNEL = 'job_events';

export interface ListenerOptions {
  connectionString: string;
  log: Logger;
  /** A keepalive query this often; an answer slower than `keepaliveMs` counts as a dead link. */
  keepaliveMs?: number;
  maxBackoffMs?: number;
}

type EventFn = (e: JobNotification) => void;

export class JobEventListener {
  private client: pg.Client | undefined;
  private readonly eventFns = new Set<EventFn>();
  private readonly cacheFns = new Set<(notice: string) => void>();
  private readonly resyncFns = new Set<() => void>();
  private keepalive: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private backoffMs = 0;
  private stopped = false;
  private everConnected = false;
  /** Connections made so far (1 = the first); visible for operations and tests. */
  connects = 0;

  constructor(private readonly opts: ListenerOptions) {}

  onEvent(fn: EventFn): () => void {
    this.eventFns.add(fn);
    return () => this.eventFns.delete(fn);
  }

  onCacheChange(fn: (notice: string) => void): () => void {
    this.cacheFns.add(fn);
    return () => this.cacheFns.delete(fn);
  }

  onResync(fn: () => void): () => void {
    this.resyncFns.add(fn);
    return () => this.resyncFns.delete(fn);
  }

  get connected(): boolean {
    return this.client !== undefined;
  }

  /** Connects and LISTENs; a failure here is retried in the background. */
  async start(): Promise<void> {
    try {
      await this.connect();
    } catch (err) {
      this.opts.log.warn({ err }, 'job event listener could not connect; retrying');
      this.scheduleReconnect();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.keepalive);
    const c = this.client;
    this.client = undefined;
    await c?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.opts.connectionString, keepAlive: true, application_name: 'carbon-bff-listen' });
    client.on('notification', (msg) => {
      if (!msg.payload) return;
      if (msg.channel === CACHE_CHANGES_CHANNEL) {
        for (const fn of this.cacheFns) fn(msg.payload);
        return;
      }
      if (msg.channel !== JOB_EVENTS_CHANNEL) return;
      const event = parseJobNotification(msg.payload);
      if (!event) return this.opts.log.warn({ payload: msg.payload.slice(0, 200) }, 'malformed job event ignored');
      for (const fn of this.eventFns) fn(event);
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    await client.connect();
    try {
      await client.query(`LISTEN ${JOB_EVENTS_CHANNEL}; LISTEN ${CACHE_CHANGES_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.connects++;
    this.backoffMs = 0;
    this.startKeepalive(client);
    if (this.everConnected) {
      this.opts.log.info('job event listener reconnected; resyncing streams');
      for (const fn of this.resyncFns) fn();
    }
    this.everConnected = true;
  }

  private startKeepalive(client: pg.Client): void {
    const every = this.opts.keepaliveMs ?? 30_000;
    clearInterval(this.keepalive);
    this.keepalive = setInterval(() => {
      const timeout = setTimeout(() => this.lost(client, new Error('keepalive timed out')), every);
      client.query('SELECT 1').then(
        () => clearTimeout(timeout),
        (err: unknown) => {
          clearTimeout(timeout);
          this.lost(client, err);
        },
      );
    }, every);
    this.keepalive.unref();
  }

  private lost(client: pg.Client, err?: unknown): void {
    if (this.client !== client) return; // already handled, or never adopted
    this.client = undefined;
    clearInterval(this.keepalive);
    client.end().catch(() => {});
    if (this.stopped) return;
    this.opts.log.warn({ err }, 'job event listener lost its connection; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.backoffMs = Math.min(this.opts.maxBackoffMs ?? 10_000, Math.max(100, this.backoffMs * 2));
    const delay = this.backoffMs * (0.5 + Math.random() / 2);
    this.reconnectTimer = setTimeout(() => {
      this.connect().catch((err: unknown) => {
        this.opts.log.warn({ err }, 'job event listener reconnect failed');
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }
}
