// The factor library's reach: the reporting years and countries its default factors cover, and
// what "covered" means for each factor set (every option of its classification keys; for a key
// holding a country, every listed country and the world average). The library's files are in
// the module folders, shared/src/modules/<module>/factors/ (docs/formulas.md, "The factor library"); the method page shows each set's
// coverage with coverageOf, and a test walks the registry with it.
import { REST_OF_WORLD } from '../formulas/train';
import type { FactorSetDef } from './fields';

/** Reporting years the library has a default factor for, for every set. */
export const LIBRARY_FIRST_YEAR = 2019;
export const LIBRARY_LAST_YEAR = 2026;
export const LIBRARY_YEARS: readonly number[] = Array.from({ length: LIBRARY_LAST_YEAR - LIBRARY_FIRST_YEAR + 1 }, (_, i) => LIBRARY_FIRST_YEAR + i);

/** The countries where a factor depends on the country (ISO 3166 codes): the 27 EU member states,
 * then Switzerland, the United Kingdom, Norway, the United States and Canada. */
export const EU_COUNTRIES = ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'] as const;
export const LIBRARY_COUNTRIES: readonly string[] = [...EU_COUNTRIES, 'CH', 'GB', 'NO', 'US', 'CA'];


/** Where a factor comes from: the library shipped with the service (upgraded at each start), an
 * operator's factor file, or an operator's carry-over from another year. The library never
 * overwrites the two others. */
export const FACTOR_ORIGINS = ['library', 'upload', 'carry_over'] as const;
export type FactorOrigin = (typeof FACTOR_ORIGINS)[number];

/** The classifications a set needs for a year to be complete: every combination of its keys'
 * options, with its `coverage.fixed` keys fixed, a country key over every listed country and the
 * world average, and a year key holding the year itself. An `optional` set needs none. */
export function expectedClassifications(set: FactorSetDef, year: number): Record<string, string>[] {
  if (set.optional) return [];
  const coverage = set.coverage ?? {};
  let combos: Record<string, string>[] = [{}];
  for (const key of set.keys) {
    const values =
      coverage.fixed?.[key] !== undefined
        ? [coverage.fixed[key]]
        : key === coverage.countryKey
          ? [...LIBRARY_COUNTRIES, REST_OF_WORLD]
          : key === coverage.yearKey
            ? [String(year)]
            : (set.options[key] ?? []);
    combos = combos.flatMap((c) => values.map((v) => ({ ...c, [key]: v })));
  }
  return combos;
}

export interface SetCoverage {
  /** Classifications with a factor, of those needed. */
  covered: number;
  expected: number;
  /** Those needed without a factor. */
  missing: Record<string, string>[];
  /** A country-keyed set: the listed countries with a factor of their own (the others read the
   * world average). */
  countries?: { covered: number; total: number };
}

const sameClassification = (a: Record<string, string>, b: Record<string, string>) => Object.entries(a).every(([k, v]) => b[k] === v);

/** How much of what a set needs for a year its rows cover. */
export function coverageOf(set: FactorSetDef, rows: readonly { classification: Record<string, string> }[], year: number): SetCoverage {
  const expected = expectedClassifications(set, year);
  const missing = expected.filter((e) => !rows.some((r) => sameClassification(e, r.classification)));
  const key = set.coverage?.countryKey;
  const countries = key
    ? { covered: LIBRARY_COUNTRIES.filter((c) => !missing.some((m) => m[key] === c)).length, total: LIBRARY_COUNTRIES.length }
    : undefined;
  return { covered: expected.length - missing.length, expected: expected.length, missing, ...(countries ? { countries } : {}) };
}
