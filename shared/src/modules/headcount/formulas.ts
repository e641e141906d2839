// Headcount members: per-FTE factors (commuting, food, …) summed and scaled by the member's FTE.
// Without any per-FTE factor for the year the formula gives no figure (null); the set being
// optional, that becomes 0 kg "not configured" where emissions are computed
// (shared/src/modules/notConfigured.ts).
export function memberEmissionKg(fte: number, perFteFactors: readonly number[]): number | null {
  if (!perFteFactors.length) return null;
  return fte * perFteFactors.reduce((sum, f) => sum + f, 0);
}
