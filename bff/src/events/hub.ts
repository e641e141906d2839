// The SSE streams of this instance. Every job event heard by the instance's LISTEN connection is
// offered to every stream (each filters by its user's permissions); a snapshot of active
// pipelines opens each stream and is sent again after the listener reconnects. Every ping
// interval the streams' sessions are checked, so a logout or expiry on any instance ends them.
// A user may hold a bounded number of streams here; at shutdown every stream ends with a retry
// hint, so that browsers reconnect (through the load balancer) to another instance.
import { coded } from '@carbon/shared';
import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import type { Logger } from '../log';
import type { Pool } from '../db/pool';
import { loadUser, type CurrentUser } from '../auth/currentUser';
import type { SessionEvents } from '../auth/sessionEvents';
import type { SessionLifetimes } from '../auth/session';
import * as jobSql from '../jobs/sql';
import type { JobLifecycle } from '../jobs/lifecycle';
import { notificationOfRow, type JobNotification } from './jobEvents';
import { SseStream, type StreamFilter } from './sseStream';
import { TooManyError } from '../core/errors';

export interface HubOptions {
  pool: Pool;
  /** Job changes heard from every instance (`changed`) and reconnects (`resync`). */
  lifecycle: JobLifecycle;
  sessionEvents: SessionEvents;
  lifetimes: SessionLifetimes;
  log: Logger;
  pingMs?: number;
  /** Most jobs a snapshot carries. */
  snapshotLimit?: number;
  /** Most streams one user may hold open on this instance (SSE_MAX_STREAMS_PER_USER). */
  maxStreamsPerUser?: number;
}

/** After a shutdown, browsers wait about this long before reconnecting; spread over a second so
 * that the streams of a stopping instance do not all land on the others at the same instant. */
const SHUTDOWN_RETRY_MS = 1000;
const shutdownRetryMs = () => SHUTDOWN_RETRY_MS + Math.floor(Math.random() * 1000);

interface StoredSession {
  userId?: number;
  createdAt?: number;
  lastSeenAt?: number;
}

export class EventHub {
  private readonly streams = new Set<SseStream>();
  /** Open streams per user id. */
  private readonly perUser = new Map<number, number>();
  private stopping = false;
  private readonly idPrefix = `${Date.now().toString(36)}${crypto.randomBytes(2).toString('hex')}`;
  private counter = 0;
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: (() => void)[];

  constructor(private readonly o: HubOptions) {
    this.unsubscribe = [o.lifecycle.on('changed', (n) => this.broadcast(n)), o.lifecycle.on('resync', () => void this.resync())];
    this.timer = setInterval(() => void this.heartbeat(), o.pingMs ?? 15_000);
    this.timer.unref();
  }

  get size(): number {
    return this.streams.size;
  }

  /** Turns the response into an event stream for `user` and sends the opening snapshot. While
   * the instance stops, the stream ends at once with the retry hint instead. */
  async open(req: Request, res: Response, user: CurrentUser, filter: StreamFilter): Promise<void> {
    const max = this.o.maxStreamsPerUser ?? 10;
    const held = this.perUser.get(user.id) ?? 0;
    if (!this.stopping && held >= max) {
      throw new TooManyError(
        `Too many event streams: at most ${max} per user. Close another tab or window of this application and try again.`,
        coded('too_many_streams', { max }),
      );
    }
    req.socket.setTimeout(0);
    req.socket.setNoDelay(true);
    // no-transform: the compression middleware would otherwise buffer the stream. No explicit
    // `Connection: keep-alive`: Node sends it anyway, and it would overrule the `close` that a
    // stopping server puts on every answer (http/drain.ts).
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    });
    const stream = new SseStream(res, user, req.sessionID, filter, () => `${this.idPrefix}-${++this.counter}`);
    if (this.stopping) {
      stream.shutdown(shutdownRetryMs());
      return;
    }
    res.write('retry: 3000\n\n');
    this.streams.add(stream);
    this.perUser.set(user.id, held + 1);
    const offLogout = this.o.sessionEvents.onEnded(req.sessionID, () => stream.close());
    stream.onClose(() => {
      offLogout();
      this.streams.delete(stream);
      const left = (this.perUser.get(user.id) ?? 1) - 1;
      if (left > 0) this.perUser.set(user.id, left);
      else this.perUser.delete(user.id);
    });
    try {
      stream.snapshot(await this.activeJobs());
    } catch (err) {
      this.o.log.warn({ err }, 'event stream snapshot failed');
      stream.close();
    }
  }

  /** Shutdown: every stream ends with the retry hint, and so does any stream opened from now on. */
  stop(): void {
    this.stopping = true;
    clearInterval(this.timer);
    this.unsubscribe.forEach((fn) => fn());
    for (const s of this.streams) s.shutdown(shutdownRetryMs());
  }

  private closeAll(): void {
    for (const s of this.streams) s.close();
  }

  private async activeJobs(): Promise<JobNotification[]> {
    const { rows } = await jobSql.activePipelineJobs(this.o.pool, { limit: this.o.snapshotLimit ?? 1000 });
    return rows.map(notificationOfRow);
  }

  private broadcast(n: JobNotification): void {
    for (const s of this.streams) s.deliver(n);
  }

  /** After the listener reconnected: every stream gets a fresh snapshot, since events sent while
   * it was away are lost. When the snapshot cannot be read, the streams are closed instead: each
   * browser reconnects, and a stream opens with a snapshot. */
  private async resync(): Promise<void> {
    if (!this.streams.size) return;
    try {
      const rows = await this.activeJobs();
      for (const s of this.streams) s.snapshot(rows);
    } catch (err) {
      this.o.log.warn({ err }, 'event stream resync failed; closing the streams so that they reconnect');
      this.closeAll();
    }
  }

  /** Pings, and ends streams whose session is gone or expired; refreshes permissions. */
  private async heartbeat(): Promise<void> {
    if (!this.streams.size) return;
    for (const s of this.streams) s.ping();
    try {
      const sids = [...new Set([...this.streams].map((s) => s.sid))];
      const now = this.o.lifetimes.clock.now();
      const { rows } = await this.o.pool.query<{ sid: string; sess: StoredSession }>('SELECT sid, sess FROM session WHERE sid = ANY ($1) AND expire > to_timestamp($2 / 1000.0)', [sids, now]);
      const live = new Map(rows.map((r) => [r.sid, r.sess]));
      const users = new Map<number, Promise<CurrentUser | undefined>>();
      for (const s of this.streams) {
        const sess = live.get(s.sid);
        const { idleMs, absoluteMs } = this.o.lifetimes;
        if (!sess?.userId || now - (sess.lastSeenAt ?? 0) > idleMs || now - (sess.createdAt ?? 0) > absoluteMs) {
          s.close();
          continue;
        }
        if (!users.has(sess.userId)) users.set(sess.userId, loadUser(this.o.pool, sess.userId));
        const user = await users.get(sess.userId)!;
        if (!user) s.close();
        else s.user = user;
      }
    } catch (err) {
      this.o.log.warn({ err }, 'event stream session check failed');
    }
  }
}
