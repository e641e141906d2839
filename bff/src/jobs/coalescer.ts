// Requests made while an earlier batch is on its way go together in the next one: one statement
// (one round trip, one commit, one NOTIFY lock) for what would otherwise be one per request.
// Nothing waits for a batch to fill: an idle coalescer sends a lone request at once, so a batch
// only grows with the requests that arrive during the previous round trip.

interface Pending<T, R> {
  item: T;
  resolve: (r: R) => void;
  reject: (err: unknown) => void;
}

export class Coalescer<T, R> {
  private pending: Pending<T, R>[] = [];
  private busy = false;

  /** `send` answers one result per item, in the items' order. */
  constructor(
    private readonly send: (items: T[]) => Promise<R[]>,
    private readonly maxBatch = 64,
  ) {}

  run(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.busy || this.pending.length === 0) return;
    this.busy = true;
    const batch = this.pending.splice(0, this.maxBatch);
    this.send(batch.map((p) => p.item))
      .then(
        (results) => batch.forEach((p, i) => p.resolve(results[i]!)),
        (err: unknown) => batch.forEach((p) => p.reject(err)),
      )
      .finally(() => {
        this.busy = false;
        this.next();
      });
  }
}
