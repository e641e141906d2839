// One server-sent event stream: framing, event ids, the per-user permission filter (through the
// policy layer) and the optional narrowing asked for in the query string.
import type { Response } from 'express';
import type { JobEvent, ModuleEvent, ShutdownEvent, SnapshotEvent } from '@carbon/shared';
import type { CurrentUser } from '../auth/currentUser';
import { isModuleType } from '@carbon/shared';
import { canSeeJob, canSeeModuleActivity, canSeeModuleTotals } from '../policies';
import { moduleEventOf, moduleSnapshot, toJobEvent, type JobNotification } from './jobEvents';

export interface StreamFilter {
  pipeline_id?: string;
  unit_id?: number;
  year?: number;
}

/** A client that does not read (buffer above this) is dropped; it reconnects to a snapshot. */
const MAX_BUFFERED_BYTES = 1 << 20;

export class SseStream {
  private closed = false;
  private readonly closeFns: (() => void)[] = [];
  /** Live events that arrive before the first snapshot is written wait here. */
  private pending: JobNotification[] | undefined = [];

  constructor(
    private readonly res: Response,
    public user: CurrentUser,
    readonly sid: string,
    private readonly filter: StreamFilter,
    private readonly nextId: () => string,
  ) {
    res.on('close', () => this.close());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  onClose(fn: () => void): void {
    if (this.closed) fn();
    else this.closeFns.push(fn);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const fn of this.closeFns.splice(0)) fn();
    if (!this.res.writableEnded) this.res.end();
  }

  send(event: string, data: unknown): void {
    if (this.closed) return;
    this.res.write(`id: ${this.nextId()}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    if (this.res.writableLength > MAX_BUFFERED_BYTES) this.close();
  }

  /** The last event of a stream whose instance is stopping, then the end. The `retry` field sets
   * the browser's reconnection delay; the reconnection goes to another instance. */
  shutdown(retryMs: number): void {
    if (this.closed) return;
    const event: ShutdownEvent = { detail: 'This server is shutting down: reconnect to continue.', retry_ms: retryMs };
    this.res.write(`retry: ${retryMs}\n`);
    this.send('shutdown', event);
    this.close();
  }

  private matches(e: { pipeline_id: string; unit_id: number | null; year: number | null }): boolean {
    const f = this.filter;
    if (f.pipeline_id !== undefined && e.pipeline_id !== f.pipeline_id) return false;
    // Work over every unit (unit_id null) concerns each unit.
    if (f.unit_id !== undefined && e.unit_id !== null && e.unit_id !== f.unit_id) return false;
    if (f.year !== undefined && e.year !== null && e.year !== f.year) return false;
    return true;
  }

  private visibleJob(e: JobEvent): boolean {
    return this.matches(e) && canSeeJob(this.user, e);
  }

  private visibleModule(m: ModuleEvent): boolean {
    return this.matches(m) && canSeeModuleActivity(this.user, m.unit_id);
  }

  /** A live event from the listener. */
  deliver(n: JobNotification): void {
    if (this.closed) return;
    if (this.pending) {
      this.pending.push(n);
      return;
    }
    const e = toJobEvent(n);
    if (this.visibleJob(e)) this.send('job', e);
    const m = moduleEventOf({ ...e, target: n.target }, n.stats);
    if (m && this.visibleModule(m)) {
      // Totals only for users who may see every row of the module (as the API answers stats).
      if (m.stats && !(m.unit_id !== null && isModuleType(m.module) && canSeeModuleTotals(this.user, m.module, m.unit_id))) delete m.stats;
      this.send('module', m);
    }
  }

  /** The state of active pipelines, then the live events that arrived meanwhile. */
  snapshot(rows: JobNotification[]): void {
    if (this.closed) return;
    const events = rows.map(toJobEvent);
    const body: SnapshotEvent = {
      jobs: events.filter((e) => this.visibleJob(e)),
      modules: moduleSnapshot(rows.map((n) => ({ ...toJobEvent(n), target: n.target }))).filter((m) => this.visibleModule(m)),
    };
    this.send('snapshot', body);
    const waiting = this.pending ?? [];
    this.pending = undefined;
    for (const n of waiting) this.deliver(n);
  }

  ping(): void {
    this.send('ping', { at: new Date().toISOString() });
  }
}
