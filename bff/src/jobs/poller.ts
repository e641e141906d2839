// The safety poller: every interval (± jitter) this instance says it is alive, rescues the
// RUNNING jobs of dead or silent instances when there are any, and runs due NOT_STARTED jobs
// nobody fired (a crash between a commit and its firing), never one held back behind an earlier
// job of its combination (that one is woken when the combination frees, or polled once first).
// Idle cost per tick: the heartbeat and one select. What a tick does depends on the time since
// the last beat and the last poll, read from the runner's clock: tests move that clock and call
// tick() instead of waiting for intervals.
import type { Logger } from '../log';
import type { Pool } from '../db/pool';
import type { Clock } from '../core/clock';
import * as jobSql from './sql';
import type { Transitions } from './transitionLog';

export interface PollerDeps {
  pool: Pool;
  log: Logger;
  transitions: Transitions;
  clock: Clock;
  instanceId: string;
  intervalMs: number;
  rescueAfterMs: number;
  /** Job types this instance can run. */
  types(): string[];
  /** How many more jobs this instance wants now. */
  room(): number;
  fire(id: number): void;
}

export class SafetyPoller {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private stopped = false;
  private lastPoll = -Infinity;
  private lastBeat = -Infinity;

  constructor(private readonly d: PollerDeps) {}

  /** The heartbeat must beat well inside the rescue window even with a long poll interval. */
  private get beatMs(): number {
    return Math.min(this.d.intervalMs, this.d.rescueAfterMs / 4);
  }

  /** Ticks on a timer from now on (without it, only when told: tick()). */
  start(): void {
    // First tick soon, so orphans left by a previous run start without a full interval's wait.
    this.schedule(Math.random() * Math.min(this.beatMs, 1000));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.ticking = this.tick()
        .catch((err: unknown) => {
          this.d.log.warn({ err }, 'job poller tick failed');
          return false;
        })
        .then((full) => {
          this.ticking = undefined;
          // A full batch means more work is waiting: look again as soon as there is room.
          this.schedule(full ? 10 : this.beatMs * (0.8 + Math.random() * 0.4));
        });
    }, ms);
    this.timer.unref();
  }

  /** One tick: beats and polls when their time has come (by the clock); true when more due work
   * may be waiting (full batch, or no room to take it). */
  async tick(): Promise<boolean> {
    const { pool, instanceId, rescueAfterMs } = this.d;
    const now = this.d.clock.now();
    if (now - this.lastBeat >= this.beatMs * 0.75) {
      this.lastBeat = now;
      const beat = await jobSql.heartbeat(pool, { instanceId, now: new Date(now), rescueAfterMs });
      if (beat.rows[0]?.has_stale) await this.rescue(now);
    }
    if (now - this.lastPoll < this.d.intervalMs * 0.75) return false;
    const types = this.d.types();
    const room = this.d.room();
    if (!types.length) return false;
    if (room <= 0) return true;
    this.lastPoll = now;
    const due = await jobSql.pollDue(pool, { types, limit: room });
    for (const { id } of due.rows) this.d.fire(id);
    const full = due.rows.length === room;
    if (full) this.lastPoll = -Infinity;
    return full;
  }

  private async rescue(now: number): Promise<void> {
    const { rows } = await jobSql.rescueStale(this.d.pool, { instanceId: this.d.instanceId, now: new Date(now), rescueAfterMs: this.d.rescueAfterMs });
    for (const job of rows) {
      this.d.transitions.record(job, {
        from: 'RUNNING',
        to: job.state,
        result: job.state === 'FINISHED' ? 'ERROR' : undefined,
        attempt: job.attempts,
        message: job.status_message ?? 'rescued',
        rescued: true,
      });
      if (job.state === 'NOT_STARTED') this.d.fire(job.id);
    }
  }
}
