// Exactly one handler per job type: a second registration is a programming error and stops
// the start of the instance.
import type { JobHandler } from './types';

const JOB_TYPE = /^[a-z][a-z0-9_]{0,62}$/;

export class HandlerRegistry {
  private readonly handlers = new Map<string, JobHandler>();

  register(handler: JobHandler): void {
    if (!JOB_TYPE.test(handler.type)) throw new Error(`Invalid job type "${handler.type}": lower-case letters, digits and _ only.`);
    if (this.handlers.has(handler.type)) throw new Error(`A handler for job type "${handler.type}" is already registered.`);
    this.handlers.set(handler.type, handler);
  }

  get(type: string): JobHandler | undefined {
    return this.handlers.get(type);
  }

  /** The job types whose jobs lead, through the handlers' declared `next`, to jobs of `type`. */
  upstreamOf(type: string): string[] {
    const found = new Set<string>();
    let frontier = [type];
    while (frontier.length) {
      const before = new Set(frontier);
      frontier = [...this.handlers.values()].filter((h) => !found.has(h.type) && h.next?.some((n) => before.has(n))).map((h) => h.type);
      for (const t of frontier) found.add(t);
    }
    found.delete(type);
    return [...found];
  }

  /** The types this instance can run: the poller only picks those. */
  types(): string[] {
    return [...this.handlers.keys()];
  }
}
