// The page index of a module's entry list: for one way of listing it (entry type, own rows or
// all, free text, sort, order), the ids of its rows in order, read in one pass over the rows' keys
// (no emissions read) and kept until the module changes. The total is its length, and a page is
// the rows of its slice of ids, read by primary key: page 4,000 of a 100,000-row module costs what
// page 1 does, whatever the sort, instead of reading and discarding every row before it (OFFSET)
// or sorting the whole module again at each request.
//
// "Until the module changes": an index is kept with a version made of the module row's xmin (every
// Path 1 write and every aggregation rewrites that row) and the largest entry id of each listed
// type (an upload adds rows with new ids, a replace too, both before their aggregation). Between
// an upload's recalculation and its aggregation, a list sorted by kg may show the former order;
// the module's totals, from its stats, lag the same way until the aggregation.
import { BytesCache } from '../../core/bytesCache';

export interface PageIndex {
  version: string;
  /** The listed rows' ids, in the list's order (ids stay below 2^53). */
  ids: Float64Array;
}

/** Memory one instance gives to page indexes: 8 bytes a row, so a 100,000-row listing takes
 * 800 KB; least recently used dropped first. */
const INDEX_BYTES = 64 * 1024 * 1024;

export class PageIndexes {
  readonly #kept = new BytesCache<PageIndex>(INDEX_BYTES, (i) => i.ids.byteLength + 64);
  /** Indexes being built, so that readers arriving meanwhile wait for the one build. */
  readonly #building = new Map<string, Promise<PageIndex>>();

  /** The index of `listing` at `version`, built by `build` when none is kept. */
  async get(listing: string, version: string, build: () => Promise<Float64Array>): Promise<PageIndex> {
    const key = `${listing}@${version}`;
    const kept = this.#kept.get(key);
    if (kept) return kept;
    let building = this.#building.get(key);
    if (!building) {
      building = build().then((ids) => {
        const index = { version, ids };
        this.#kept.set(key, index, listing);
        return index;
      });
      building.finally(() => this.#building.delete(key)).catch(() => undefined);
      this.#building.set(key, building);
    }
    return building;
  }
}

export const pageIndexes = new PageIndexes();
