// The state changes heard for each job on the event stream. A job read over HTTP answers with the
// job as it was when the server read it, and the answer may arrive after events that came later:
// a job recovered, claimed and finished within one round trip has its FINISHED event in the tab
// before the answer read while it was RUNNING. A read applies its answer only when no state
// change of that job was heard while it was on its way; otherwise the job is read again.

type Heard = { id: number; state: string; attempts: number };

export class JobChanges {
  private readonly last = new Map<number, string>();
  private readonly counts = new Map<number, number>();

  /** Records an event; true when it moves the job to another state or attempt than the job's
   * previous event (progress alone is not a state change). */
  heard(e: Heard): boolean {
    const key = `${e.state}/${e.attempts}`;
    if (this.last.get(e.id) === key) return false;
    this.last.set(e.id, key);
    this.counts.set(e.id, this.count(e.id) + 1);
    return true;
  }

  /** Records a change learnt otherwise than by an event (a recovery's answer), which a read on
   * its way may predate. */
  changed(id: number): void {
    this.counts.set(id, this.count(id) + 1);
  }

  /** State changes heard so far for job `id`; take it before a read, compare after. */
  count(id: number): number {
    return this.counts.get(id) ?? 0;
  }

  /** The counts of every job now, for a read of several jobs. */
  all(): Map<number, number> {
    return new Map(this.counts);
  }

  /** Forgets the jobs not in `keep` (those no longer shown), so that a long-open page holds only
   * what it shows. */
  keepOnly(keep: ReadonlySet<number>): void {
    for (const id of this.counts.keys()) {
      if (!keep.has(id)) {
        this.counts.delete(id);
        this.last.delete(id);
      }
    }
  }
}
