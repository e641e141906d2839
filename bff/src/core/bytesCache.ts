// A least-recently-used map bounded by the bytes of its values (finished exports, list page
// indexes). Each value belongs to a group (one report's one kind of export, one listing): storing
// a value drops the other values of its group, which are older versions nobody will ask for again.

export class BytesCache<V> {
  readonly #items = new Map<string, { value: V; bytes: number; group: string }>();
  readonly #groups = new Map<string, string>();
  #bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get size(): { entries: number; bytes: number } {
    return { entries: this.#items.size, bytes: this.#bytes };
  }

  get(key: string): V | undefined {
    const item = this.#items.get(key);
    if (!item) return undefined;
    // Map keeps insertion order: re-inserting makes it the most recently used.
    this.#items.delete(key);
    this.#items.set(key, item);
    return item.value;
  }

  set(key: string, value: V, group: string): void {
    const bytes = this.sizeOf(value);
    const previous = this.#groups.get(group);
    if (previous !== undefined) this.#drop(previous);
    this.#drop(key);
    // A value larger than the whole cache is not kept.
    if (bytes > this.maxBytes) return;
    this.#items.set(key, { value, bytes, group });
    this.#groups.set(group, key);
    this.#bytes += bytes;
    for (const [oldest] of this.#items) {
      if (this.#bytes <= this.maxBytes) break;
      this.#drop(oldest);
    }
  }

  #drop(key: string): void {
    const item = this.#items.get(key);
    if (!item) return;
    this.#items.delete(key);
    this.#bytes -= item.bytes;
    if (this.#groups.get(item.group) === key) this.#groups.delete(item.group);
  }
}
