// The SSE streams of this instance. Every job event heard by the instance's LISTEN connection is
// offered to every stream (each filters by its user's permissions); a snapshot of active
// pipelines opens each stream and is sent again after the listener reconnects. Every ping
// interval the streams' sessions are checked, so a logout or expiry on any instance ends them.
import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import type { Logger } from '../log';
import type { Pool } from '../db/pool';
import { loadUser, type CurrentUser } from '../auth/currentUser';
import type { SessionEvents } from '../auth/sessionEvents';
import type { SessionLifetimes } from '../auth/session';
import * as jobSql from '../jobs/sql';
import type { JobEventListener } from './listener';
import { notificationOfRow, type JobNotification } from './jobEvents';
import { SseStream, type StreamFilter } from './sseStream';

export interface HubOptions {
  pool: Pool;
  listener: JobEventListener;
  sessionEvents: SessionEvents;
  lifetimes: SessionLifetimes;
  log: Logger;
  pingMs?: number;
  /** Most jobs a snapshot carries. */
  snapshotLimit?: number;
}

interface StoredSession {
  userId?: number;
  createdAt?: number;
  lastSeenAt?: number;
}

export class EventHub {
  private readonly streams = new Set<SseStream>();
  private readonly idPrefix = `${Date.now().toString(36)}${crypto.randomBytes(2).toString('hex')}`;
  private counter = 0;
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: (() => void)[];

  constructor(private readonly o: HubOptions) {
    this.unsubscribe = [o.listener.onEvent((n) => this.broadcast(n)), o.listener.onResync(() => void this.resync())];
    this.timer = setInterval(() => void this.heartbeat(), o.pingMs ?? 15_000);
    this.timer.unref();
  }

  get size(): number {
    return this.streams.size;
  }

  /** Turns the response into an event stream for `user` and sends the opening snapshot. */
  async open(req: Request, res: Response, user: CurrentUser, filter: StreamFilter): Promise<SseStream> {
    req.socket.setTimeout(0);
    req.socket.setNoDelay(true);
    // no-transform: the compression middleware would otherwise buffer the stream.
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    const stream = new SseStream(res, user, req.sessionID, filter, () => `${this.idPrefix}-${++this.counter}`);
    this.streams.add(stream);
    const offLogout = this.o.sessionEvents.onEnded(req.sessionID, () => stream.close());
    stream.onClose(() => {
      offLogout();
      this.streams.delete(stream);
    });
    try {
      stream.snapshot(await this.activeJobs());
    } catch (err) {
      this.o.log.warn({ err }, 'event stream snapshot failed');
      stream.close();
    }
    return stream;
  }

  closeAll(): void {
    for (const s of this.streams) s.close();
  }

  stop(): void {
    clearInterval(this.timer);
    this.unsubscribe.forEach((fn) => fn());
    this.closeAll();
  }

  private async activeJobs(): Promise<JobNotification[]> {
    const { rows } = await jobSql.activePipelineJobs(this.o.pool, { limit: this.o.snapshotLimit ?? 1000 });
    return rows.map(notificationOfRow);
  }

  private broadcast(n: JobNotification): void {
    for (const s of this.streams) s.deliver(n);
  }

  private async resync(): Promise<void> {
    if (!this.streams.size) return;
    try {
      const rows = await this.activeJobs();
      for (const s of this.streams) s.snapshot(rows);
    } catch (err) {
      this.o.log.warn({ err }, 'event stream resync failed');
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
