// Turns a validated payload into what is stored: traveler linked (spec "Travel traveler rules"),
// locations resolved and written in canonical form, emissions computed by the registry's formula.
// Shared by create and update (and usable by any other writer of entries).
import type { ApiError, EmissionRow, EntryData, EntryTypeDef, FactorRow, LocationKind, ResolvedLocation } from '@carbon/shared';
import { unprocessable } from '../../http/errors';
import type { Queryable } from '../db';
import { resolveLocation } from '../locations/search';

export const travelerNotFoundDetail = (personNumber: number, year: number) =>
  `The traveler's person number ${personNumber} was not found in this unit's headcount for ${year}.`;

/** 422 for a person number that names no member of the unit's headcount that year (rule 3). */
export function travelerNotFound(t: NonNullable<EntryTypeDef['traveler']>, personNumber: number, year: number) {
  const detail = travelerNotFoundDetail(personNumber, year);
  return unprocessable(detail, [{ field: t.idField, message: detail }]);
}

/**
 * Applies the traveler rules to `data` (the entry as it will be stored).
 * - `linked`: the member found for `data[idField]` (null: looked up, none), or undefined when the
 *   person number did not change and must not be resolved again (rule 5).
 * - Without a person number the deprecated path applies: the client's `traveler_name` is kept,
 *   and it must not be empty (our decision, docs/decisions.md).
 */
export function linkTraveler(entryType: EntryTypeDef, data: EntryData, linked: { name: string } | null | undefined, year: number): void {
  const t = entryType.traveler;
  if (!t) return;
  const personNumber = data[t.idField];
  if (typeof personNumber === 'number') {
    if (linked === undefined) return;
    if (linked === null) throw travelerNotFound(t, personNumber, year);
    data[t.nameField] = linked.name;
    return;
  }
  delete data[t.idField];
  const name = typeof data[t.nameField] === 'string' ? (data[t.nameField] as string).trim() : '';
  if (!name) {
    throw unprocessable(`Give the traveler: ${t.idField} (a person number from the headcount).`, [
      { field: t.idField, message: `is required (or, deprecated, ${t.nameField})` },
    ]);
  }
  data[t.nameField] = name;
}

/** How a location value is looked up; bulk writers pass one that answers from values they
 * resolved beforehand with `resolveLocation` (one query per distinct value, not per row). */
export type LocationResolver = (db: Queryable, kind: LocationKind, value: string, country: string | null) => Promise<ResolvedLocation | undefined>;

/**
 * Resolves every location field of `data`, rewriting it in canonical form (IATA code in upper
 * case; the place's own name and its country). Unknown locations → 422 naming the field.
 */
export async function resolveEntryLocations(
  db: Queryable,
  entryType: EntryTypeDef,
  data: EntryData,
  resolve: LocationResolver = resolveLocation,
): Promise<Record<string, ResolvedLocation>> {
  const found: Record<string, ResolvedLocation> = {};
  const errors: NonNullable<ApiError['errors']> = [];
  for (const f of entryType.fields) {
    if (f.type !== 'location' || !f.location) continue;
    const value = data[f.key];
    if (typeof value !== 'string' || !value) continue;
    const countryField = f.location.countryField;
    const country = countryField && typeof data[countryField] === 'string' ? (data[countryField] as string) : null;
    const loc = await resolve(db, f.location.kind, value, country);
    if (!loc) {
      errors.push({
        field: f.key,
        message:
          f.location.kind === 'airport'
            ? `unknown airport code ${value}`
            : `unknown place "${value}"${country ? ` in ${country.toUpperCase()}` : ''}`,
      });
      continue;
    }
    found[f.key] = loc;
    data[f.key] = f.location.kind === 'airport' ? loc.code : loc.name;
    if (countryField) data[countryField] = loc.country_code;
  }
  const route = entryType.route;
  if (route && found[route.from] && found[route.to] && found[route.from]!.id === found[route.to]!.id) {
    errors.push({ field: route.to, message: `must differ from ${route.from}` });
  }
  if (errors.length) {
    const first = errors[0]!;
    throw unprocessable(`Invalid ${entryType.type} entry: ${first.field}: ${first.message}`, errors);
  }
  return found;
}

/** Drops keys whose value is null or undefined: absent and empty are the same in stored data. */
export function compact(data: EntryData): EntryData {
  for (const k of Object.keys(data)) if (data[k] === null || data[k] === undefined) delete data[k];
  return data;
}

export function computeEmissions(entryType: EntryTypeDef, data: EntryData, locations: Record<string, ResolvedLocation>, factors: readonly FactorRow[]): EmissionRow[] {
  return entryType.computeEmissions({ data, locations, factors });
}
