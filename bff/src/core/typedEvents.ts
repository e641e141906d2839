// A synchronous event emitter whose event names and payload types come from one map
// (name → payload), so that a subscriber can neither misspell an event nor misread its payload.
export class TypedEvents<M> {
  private readonly fns = new Map<keyof M, Set<(payload: never) => void>>();

  /** Subscribes; returns the unsubscribe. */
  on<K extends keyof M>(name: K, fn: (payload: M[K]) => void): () => void {
    let set = this.fns.get(name);
    if (!set) this.fns.set(name, (set = new Set()));
    set.add(fn as (payload: never) => void);
    return () => void set.delete(fn as (payload: never) => void);
  }

  /** Calls every subscriber of `name`, in subscription order. */
  emit<K extends keyof M>(name: K, payload: M[K]): void {
    for (const fn of this.fns.get(name) ?? []) (fn as (payload: M[K]) => void)(payload);
  }
}
