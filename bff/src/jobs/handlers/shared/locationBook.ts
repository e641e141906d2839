// Locations of a whole file or batch, resolved once per distinct value with Path 1's own
// resolveLocation, then answered from memory to resolveEntryLocations row by row.
import type { EntryData, EntryTypeDef, ResolvedLocation } from '@carbon/shared';
import type { LocationResolver } from '../../../domain/entries/prepare';
import { resolveLocation } from '../../../domain/locations/search';
import type { SqlRunner } from '../../../domain/db';
import { asQueryable } from './index';

const locationKey = (kind: string, value: string, country: string | null) => `${kind}\u0000${value}\u0000${country ?? ''}`;

export class LocationBook {
  /** null: looked up, unknown. */
  private readonly known = new Map<string, ResolvedLocation | null>();
  readonly resolver: LocationResolver = async (_db, kind, value, country) => this.known.get(locationKey(kind, value, country)) ?? undefined;

  /** Resolves the location values of `rows` not seen before. */
  async prime(db: SqlRunner, entryType: EntryTypeDef, rows: EntryData[]): Promise<void> {
    for (const f of entryType.fields) {
      if (f.type !== 'location' || !f.location) continue;
      const countryField = f.location.countryField;
      for (const data of rows) {
        const value = data[f.key];
        if (typeof value !== 'string' || !value) continue;
        const country = countryField && typeof data[countryField] === 'string' ? (data[countryField] as string) : null;
        const key = locationKey(f.location.kind, value, country);
        if (this.known.has(key)) continue;
        this.known.set(key, (await resolveLocation(asQueryable(db), f.location.kind, value, country)) ?? null);
      }
    }
  }
}
