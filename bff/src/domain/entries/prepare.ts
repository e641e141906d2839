// Turns a validated payload into what is stored: locations resolved and written in canonical
// form, emissions computed by the registry's formula (the traveler is linked by traveler.ts).
// Shared by create and update and by the CSV ingest.
import { emissionsOf, reportYearIssues, type EntryData, type EntryTypeDef, type FactorSets, type LocationKind, type ReportedEmission, type ResolvedLocation } from '@carbon/shared';
import { coded } from '@carbon/shared';
import { fieldIssue, type FieldIssue } from '../../core/errors';
import { invalidInput } from '../../core/validate';
import type { Queryable } from '../db';
import { resolveLocation } from '../locations/search';

/** A lookup answered from memory: bulk writers resolve a batch's distinct values beforehand with
 * `resolveLocations` (one query per batch), Path 1 its entry's values, then each row is located
 * without a promise per field. */
export type LocationLookup = (kind: LocationKind, value: string, country: string | null) => ResolvedLocation | undefined;

type Located = { found: Record<string, ResolvedLocation>; issues: FieldIssue[] };

type LocationField = EntryTypeDef['fields'][number];

/** The place a location field of `data` names, with its kind and the country its country field
 * names; undefined when `f` is no location field or holds no value. */
function locationValue(f: LocationField, data: EntryData): { kind: LocationKind; value: string; country: string | null } | undefined {
  const value = data[f.key];
  if (f.type !== 'location' || !f.location || typeof value !== 'string' || !value) return undefined;
  const countryField = f.location.countryField;
  return { kind: f.location.kind, value, country: countryField && typeof data[countryField] === 'string' ? (data[countryField] as string) : null };
}

function unknownLocation(key: string, kind: LocationKind, value: string, country: string | null): FieldIssue {
  if (kind === 'airport') return fieldIssue(key, `unknown airport code ${value}`, coded('unknown_airport', { code: value }));
  if (country) return fieldIssue(key, `unknown place "${value}" in ${country.toUpperCase()}`, coded('unknown_place_in_country', { name: value, country: country.toUpperCase() }));
  return fieldIssue(key, `unknown place "${value}"`, coded('unknown_place', { name: value }));
}

/** A location found: kept in `found` and, when `rewrite`, written into `data` in canonical form
 * (IATA code in upper case; the place's own name and its country). */
function place(f: LocationField, data: EntryData, loc: ResolvedLocation, found: Record<string, ResolvedLocation>, rewrite: boolean): void {
  found[f.key] = loc;
  if (!rewrite) return;
  data[f.key] = f.location!.kind === 'airport' ? loc.code : loc.name;
  if (f.location!.countryField) data[f.location!.countryField] = loc.country_code;
}

/** A route whose two ends are one place. */
function sameEnds(entryType: EntryTypeDef, located: Located): Located {
  const { found, issues } = located;
  const route = entryType.route;
  if (route && found[route.from] && found[route.to] && found[route.from]!.id === found[route.to]!.id) {
    issues.push(fieldIssue(route.to, `must differ from ${route.from}`, coded('same_place', { other: route.from })));
  }
  return located;
}

/**
 * Locates every location field of `data` through `lookup`, rewriting it in canonical form unless
 * `rewrite` is false. Unknown locations, and a route whose two ends are one place, are issues
 * naming the field.
 */
export function locateEntry(entryType: EntryTypeDef, data: EntryData, lookup: LocationLookup, rewrite = true): Located {
  const found: Record<string, ResolvedLocation> = {};
  const issues: FieldIssue[] = [];
  for (const f of entryType.fields) {
    const at = locationValue(f, data);
    if (!at) continue;
    const { kind, value, country } = at;
    const loc = lookup(kind, value, country);
    if (loc) place(f, data, loc, found, rewrite);
    else issues.push(unknownLocation(f.key, kind, value, country));
  }
  return sameEnds(entryType, { found, issues });
}

const lookupKey = (kind: LocationKind, value: string, country: string | null) => `${kind}\u0000${value}\u0000${country ?? ''}`;

/** Path 1: the entry's locations, each looked up in the database, then `locateEntry`; any issue
 * refuses the entry (422 naming the field). */
export async function resolveEntryLocations(db: Queryable, entryType: EntryTypeDef, data: EntryData): Promise<Record<string, ResolvedLocation>> {
  const resolved = new Map<string, ResolvedLocation | undefined>();
  for (const f of entryType.fields) {
    const at = locationValue(f, data);
    if (at) resolved.set(lookupKey(at.kind, at.value, at.country), await resolveLocation(db, at.kind, at.value, at.country));
  }
  const { found, issues } = locateEntry(entryType, data, (kind, value, country) => resolved.get(lookupKey(kind, value, country)));
  if (issues.length) throw invalidInput(`${entryType.type} entry`, issues);
  return found;
}

/** Path 1: a date outside the year of the entry's report refuses it (422 naming the field),
 * unless the registry lets the entry type's dates fall in any year. */
export function checkReportYear(entryType: EntryTypeDef, data: EntryData, year: number): void {
  const issues = reportYearIssues(entryType, data, year);
  if (issues.length) throw invalidInput(`${entryType.type} entry`, issues);
}

/** Drops keys whose value is null or undefined: absent and empty are the same in stored data. */
export function compact(data: EntryData): EntryData {
  for (const k of Object.keys(data)) if (data[k] === null || data[k] === undefined) delete data[k];
  return data;
}

/** The entry type's formula over the factor sets it uses (`factorSetsUsedBy`) for the report's
 * year; each row with the scope and category the registry declares for its emission type (an
 * optional set without a row for the year: 0 kg, not configured, see `emissionsOf`). */
export function computeEmissions(entryType: EntryTypeDef, data: EntryData, locations: Record<string, ResolvedLocation>, factorSets: FactorSets, year: number): ReportedEmission[] {
  return emissionsOf(entryType, { data, year, locations, factors: factorSets[entryType.type] ?? [], factorSets });
}
