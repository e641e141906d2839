// Turns a validated payload into what is stored: locations resolved and written in canonical
// form, emissions computed by the registry's formula (the traveler is linked by traveler.ts).
// Shared by create and update and by the CSV ingest.
import { reportEmissions, reportYearIssues, type EntryData, type EntryTypeDef, type FactorSets, type LocationKind, type ReportedEmission, type ResolvedLocation } from '@carbon/shared';
import type { FieldIssue } from '../../core/errors';
import { invalidInput } from '../../core/validate';
import type { Queryable } from '../db';
import { resolveLocation } from '../locations/search';

/** How a location value is looked up; bulk writers pass one that answers from values they
 * resolved beforehand with `resolveLocation` (one query per distinct value, not per row). */
export type LocationResolver = (db: Queryable, kind: LocationKind, value: string, country: string | null) => Promise<ResolvedLocation | undefined>;

/**
 * Resolves every location field of `data`, rewriting it in canonical form (IATA code in upper
 * case; the place's own name and its country). Unknown locations, and a route whose two ends are
 * one place, are issues naming the field.
 */
export async function findEntryLocations(
  db: Queryable,
  entryType: EntryTypeDef,
  data: EntryData,
  resolve: LocationResolver = resolveLocation,
): Promise<{ found: Record<string, ResolvedLocation>; issues: FieldIssue[] }> {
  const found: Record<string, ResolvedLocation> = {};
  const issues: FieldIssue[] = [];
  for (const f of entryType.fields) {
    if (f.type !== 'location' || !f.location) continue;
    const value = data[f.key];
    if (typeof value !== 'string' || !value) continue;
    const countryField = f.location.countryField;
    const country = countryField && typeof data[countryField] === 'string' ? (data[countryField] as string) : null;
    const loc = await resolve(db, f.location.kind, value, country);
    if (!loc) {
      issues.push({
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
    issues.push({ field: route.to, message: `must differ from ${route.from}` });
  }
  return { found, issues };
}

/** `findEntryLocations` for Path 1: any issue refuses the entry (422 naming the field). */
export async function resolveEntryLocations(db: Queryable, entryType: EntryTypeDef, data: EntryData): Promise<Record<string, ResolvedLocation>> {
  const { found, issues } = await findEntryLocations(db, entryType, data);
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
 * year; each row with the scope and category the registry declares for its emission type. */
export function computeEmissions(entryType: EntryTypeDef, data: EntryData, locations: Record<string, ResolvedLocation>, factorSets: FactorSets, year: number): ReportedEmission[] {
  const rows = entryType.computeEmissions({ data, year, locations, factors: factorSets[entryType.type] ?? [], factorSets });
  return reportEmissions(entryType, rows);
}
