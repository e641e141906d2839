// Headcount members: per-FTE factors (commuting, food, …) summed and scaled by the member's FTE.
// Without any per-FTE factor for the year there is no figure (null), never a zero: the default
// factor file has none, so members have no figure until an operator uploads some.
export function memberEmissionKg(fte: number, perFteFactors: readonly number[]): number | null {
  if (!perFteFactors.length) return null;
  return fte * perFteFactors.reduce((sum, f) => sum + f, 0);
}
