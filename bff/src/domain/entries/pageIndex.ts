// The page index of a module's entry list: for one way of listing it (entry type, own rows or
// all, free text, sort, order, page size), the total and the sort key of the first row of every
// page, computed in one pass and kept until the module changes. A page is then read by key — the
// rows from its first key on, as many as a page holds — so page 2,000 of a 100,000-row module
// costs what page 1 does, instead of reading and discarding every row before it (OFFSET).
//
// "Until the module changes": the index is kept with a version made of the module row's xmin (every
// Path 1 write and every aggregation rewrites that row) and the largest entry id of the listed
// types (an upload adds rows with new ids, a replace too; both before their aggregation). Between an
// upload's ingest and its aggregation, a list sorted by kg may show the former order; the
// module's totals, read from the same stats, lag the same way.

/** One kept index, by its listing's key. */
export interface PageIndex {
  version: string;
  total: number;
  /** Per page (index 0: page 1), its first row's sort key (as text, null when the key is NULL) and id. */
  starts: { k: string | null; id: string }[];
}

/** Most indexes one instance keeps (each a few KiB for a 100,000-row module), least recently used
 * dropped first. */
const MAX_INDEXES = 2000;

export class PageIndexes {
  readonly #kept = new Map<string, PageIndex>();

  get(key: string, version: string): PageIndex | undefined {
    const index = this.#kept.get(key);
    if (!index) return undefined;
    this.#kept.delete(key);
    if (index.version !== version) return undefined;
    this.#kept.set(key, index);
    return index;
  }

  set(key: string, index: PageIndex): void {
    this.#kept.delete(key);
    this.#kept.set(key, index);
    if (this.#kept.size > MAX_INDEXES) this.#kept.delete(this.#kept.keys().next().value!);
  }

  clear(): void {
    this.#kept.clear();
  }
}

export const pageIndexes = new PageIndexes();
