// Locations of a whole file or batch, resolved once per distinct value with Path 1's own rules
// (resolveLocations: the batch's new values in one statement), then answered from memory to
// locateEntry row by row.
import type { EntryData, EntryTypeDef, LocationKind, ResolvedLocation } from '@carbon/shared';
import type { LocationLookup } from '../../../domain/entries/prepare';
import { resolveLocations, type LocationWanted } from '../../../domain/locations/search';
import type { SqlRunner } from '../../../domain/db';
import { asQueryable } from './index';

/** value → location (null: looked up, unknown). */
type Places = Map<string, ResolvedLocation | null>;

export class LocationBook {
  /** By kind, then country ('' for none), then value: a row's lookups build no key string. */
  private readonly known = new Map<LocationKind, Map<string, Places>>();

  private places(kind: LocationKind, country: string | null): Places {
    let byCountry = this.known.get(kind);
    if (!byCountry) this.known.set(kind, (byCountry = new Map()));
    let places = byCountry.get(country ?? '');
    if (!places) byCountry.set(country ?? '', (places = new Map()));
    return places;
  }

  readonly lookup: LocationLookup = (kind, value, country) => this.known.get(kind)?.get(country ?? '')?.get(value) ?? undefined;

  /** Resolves the location values of `rows` not seen before. */
  async prime(db: SqlRunner, entryType: EntryTypeDef, rows: EntryData[]): Promise<void> {
    for (const f of entryType.fields) {
      if (f.type !== 'location' || !f.location) continue;
      const { kind, countryField } = f.location;
      const fresh: (LocationWanted & { places: Places })[] = [];
      for (const data of rows) {
        const value = data[f.key];
        if (typeof value !== 'string' || !value) continue;
        const country = countryField && typeof data[countryField] === 'string' ? (data[countryField] as string) : null;
        const places = this.places(kind, country);
        if (places.has(value)) continue;
        places.set(value, null); // asked for once per batch; answered below
        fresh.push({ value, country, places });
      }
      if (!fresh.length) continue;
      const found = await resolveLocations(asQueryable(db), kind, fresh.map(({ value, country }) => ({ value, country })));
      fresh.forEach((w, i) => w.places.set(w.value, found[i] ?? null));
    }
  }
}
