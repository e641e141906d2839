// The one LISTEN connection of an instance. It hears every job event committed by any instance,
// and every change that makes what instances remember stale (cache_changes). The connection is
// kept (db/keptConnection.ts): checked, and opened again with backoff, LISTENing again each time.
// After a reconnect it asks its subscribers to resync, because notices sent while it was away are
// lost.
import type pg from 'pg';
import type { Logger } from '../log';
import { KeptConnection } from '../db/keptConnection';
import { CACHE_CHANGES_CHANNEL } from './cacheChanges';
import { parseJobNotification } from './jobEvents';
import type { JobLifecycle } from '../jobs/lifecycle';

export const JOB_EVENTS_CHANNEL = 'job_events';

export interface ListenerOptions {
  connectionString: string;
  log: Logger;
  /** Where job notices (`changed`) and reconnects (`resync`) are emitted. */
  lifecycle: JobLifecycle;
  /** A keepalive query this often; an answer slower than `keepaliveMs` counts as a dead link. */
  keepaliveMs?: number;
  maxBackoffMs?: number;
}

export class JobEventListener {
  private readonly connection: KeptConnection;
  private readonly cacheFns = new Set<(notice: string) => void>();

  constructor(private readonly opts: ListenerOptions) {
    this.connection = new KeptConnection({
      connectionString: opts.connectionString,
      applicationName: 'carbon-bff-listen',
      log: opts.log,
      name: 'job event listener',
      keepaliveMs: opts.keepaliveMs,
      maxBackoffMs: opts.maxBackoffMs,
      setup: (client) => this.listen(client),
    });
    this.connection.onConnected((again) => {
      if (!again) return;
      opts.log.info('job event listener reconnected; resyncing streams');
      opts.lifecycle.emit('resync', null);
    });
  }

  onCacheChange(fn: (notice: string) => void): () => void {
    this.cacheFns.add(fn);
    return () => this.cacheFns.delete(fn);
  }

  get connected(): boolean {
    return this.connection.connected;
  }

  /** Connections made so far (1 = the first); visible for operations and tests. */
  get connects(): number {
    return this.connection.connects;
  }

  /** Connects and LISTENs; a failure here is retried in the background. */
  async start(): Promise<void> {
    try {
      await this.connection.start();
    } catch (err) {
      this.opts.log.warn({ err }, 'job event listener could not connect; retrying');
    }
  }

  stop(): Promise<void> {
    return this.connection.stop();
  }

  private async listen(client: pg.Client): Promise<void> {
    client.on('notification', (msg) => {
      if (!msg.payload) return;
      if (msg.channel === CACHE_CHANGES_CHANNEL) {
        for (const fn of this.cacheFns) fn(msg.payload);
        return;
      }
      if (msg.channel !== JOB_EVENTS_CHANNEL) return;
      const event = parseJobNotification(msg.payload);
      if (!event) return this.opts.log.warn({ payload: msg.payload.slice(0, 200) }, 'malformed job event ignored');
      this.opts.lifecycle.emit('changed', event);
    });
    await client.query(`LISTEN ${JOB_EVENTS_CHANNEL}; LISTEN ${CACHE_CHANGES_CHANNEL}`);
  }
}
