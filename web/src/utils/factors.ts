// What the workspace pages derive from a module summary about the year's factors.
import type { ModuleSummary } from '@carbon/shared';

type FactorsOf = Pick<ModuleSummary, 'factor_sets_needed' | 'factor_sets_without_factors'> | undefined;

/** The module's figures depend on factors a year must be given: not a module reading only
 * optional sets (the headcount's per-FTE estimates, empty by design). */
export const needsFactors = (summary: FactorsOf): boolean => !!summary?.factor_sets_needed?.length;

/** Every set the module needs has no factor for the summary's year: nobody gave this year factors
 * yet (as opposed to a set missing among others, which the entries' "no factor" and the incomplete
 * notice already say). Never for a module that needs none. */
export const lacksAllFactors = (summary: FactorsOf): boolean => needsFactors(summary) && summary!.factor_sets_needed.every((s) => summary!.factor_sets_without_factors.includes(s));
