// Locations of a whole file or batch, resolved once per distinct value with Path 1's own rules
// (resolveLocations: the batch's new values in one statement), then answered from memory to
// findEntryLocations row by row.
import type { EntryData, EntryTypeDef, ResolvedLocation } from '@carbon/shared';
import type { LocationResolver } from '../../../domain/entries/prepare';
import { resolveLocations, type LocationWanted } from '../../../domain/locations/search';
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
      const { kind, countryField } = f.location;
      const fresh = new Map<string, LocationWanted>();
      for (const data of rows) {
        const value = data[f.key];
        if (typeof value !== 'string' || !value) continue;
        const country = countryField && typeof data[countryField] === 'string' ? (data[countryField] as string) : null;
        const key = locationKey(kind, value, country);
        if (!this.known.has(key)) fresh.set(key, { value, country });
      }
      if (!fresh.size) continue;
      const found = await resolveLocations(asQueryable(db), kind, [...fresh.values()]);
      [...fresh.keys()].forEach((key, i) => this.known.set(key, found[i] ?? null));
    }
  }
}
