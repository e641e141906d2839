// Requests made while an earlier batch is on its way go together in the next one: one statement
// (one round trip, one commit, one NOTIFY lock) for what would otherwise be one per request.
// Nothing waits for a batch to fill: a batch is sent at the end of the current tick
// (process.nextTick), so it holds the requests made while the previous one was on its way and
// those made in the same tick — among them the ones the previous batch's answers cause at once:
// a runner's claimed jobs whose handlers return at once free their slots, whose next claims then
// join one batch instead of trailing in ones and twos behind the batch sent without them
// (docs/performance-history.md, "Jobs engine"). No I/O or timer comes between: a lone request still goes
// at once, in the order the coalescers were asked (a claim before the finish that follows it).

interface Pending<T, R> {
  item: T;
  resolve: (r: R) => void;
  reject: (err: unknown) => void;
}

export class Coalescer<T, R> {
  private pending: Pending<T, R>[] = [];
  private busy = false;
  private scheduled = false;

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
    if (this.busy || this.scheduled || this.pending.length === 0) return;
    this.scheduled = true;
    process.nextTick(() => this.flush());
  }

  /** Only ever scheduled by next(): nothing else sends or takes requests in between, so the
   * coalescer is idle and has requests here. */
  private flush(): void {
    this.scheduled = false;
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
