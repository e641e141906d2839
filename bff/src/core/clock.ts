// The one source of "now" for the rules that depend on time (session lifetimes, the job
// engine's rescue window, poller timing, retry backoff). Production uses the system clock;
// tests pass a clock they move, so they prove a timing rule without sleeping.
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that stands still until moved: for tests of timing rules. */
export class ManualClock implements Clock {
  constructor(private current = Date.now()) {}

  now(): number {
    return this.current;
  }

  advance(ms: number): void {
    this.current += ms;
  }

  set(ms: number): void {
    this.current = ms;
  }
}
