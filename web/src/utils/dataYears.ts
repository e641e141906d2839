// The year a back-office page opens on: the latest one with data. A unit sync makes reports ahead
// (next year's, empty), so the latest report year is often one with nothing in it.
import type { UnitSummary } from '@carbon/shared';

const latest = (years: readonly number[]): number | undefined => (years.length ? Math.max(...years) : undefined);

/** The latest year whose report holds entries in any of these units; without any, their latest
 * report year; undefined when they have no report. */
export function latestYearWithEntries(units: readonly Pick<UnitSummary, 'years' | 'years_with_entries'>[]): number | undefined {
  return latest(units.flatMap((u) => u.years_with_entries ?? [])) ?? latest(units.flatMap((u) => u.years));
}

export { latest as latestYear };
