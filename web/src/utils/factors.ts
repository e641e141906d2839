// What the workspace pages derive from a module summary about the year's factors.
import { entryTypesOf, factorSetsUsedBy, type ModuleSummary } from '@carbon/shared';

/** The module reads no factor set that has a factor for the summary's year: nobody gave this
 * year factors yet (as opposed to a set missing among others, which the entries' "no factor"
 * and the incomplete notice already say). */
export function lacksAllFactors(summary: Pick<ModuleSummary, 'module_type' | 'factor_sets_without_factors'> | undefined): boolean {
  if (!summary?.factor_sets_without_factors?.length) return false;
  const sets = new Set(entryTypesOf(summary.module_type).flatMap(factorSetsUsedBy));
  return [...sets].every((s) => summary.factor_sets_without_factors.includes(s));
}
