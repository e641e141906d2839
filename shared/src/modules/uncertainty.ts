// Default uncertainty classes of factor sets (docs/formulas.md, "Uncertainty of the results").
// Most factor rows state no uncertainty: a ± over the rows that do covers only part of a total, and
// read beside the whole total it looks far more precise than the total is. So every factor set
// declares the class its rows are taken in when their source states none, and the results give a
// range for the whole total with it, beside the ± the sources state. The class per set, and why,
// is the registry's (`FactorSetShape.uncertaintyClass`) and the table of formulas.md.

export const UNCERTAINTY_CLASSES = ['low', 'medium', 'high', 'very_high'] as const;
export type UncertaintyClass = (typeof UNCERTAINTY_CLASSES)[number];

/** The ± of each class, in % of the factor's value. */
export const UNCERTAINTY_CLASS_PCT: Readonly<Record<UncertaintyClass, number>> = { low: 10, medium: 30, high: 50, very_high: 80 };

/** The class of a factor set the registry no longer knows (rows left by a removed entry type):
 * the widest, since nothing says it is better known. */
export const UNKNOWN_SET_UNCERTAINTY_CLASS: UncertaintyClass = 'very_high';
