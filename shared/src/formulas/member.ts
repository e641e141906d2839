// Headcount members: per-FTE factors (commuting, food, …) summed and scaled by the member's FTE.
// The default factor set has none, so members weigh 0 kg until an operator uploads some.
export function memberEmissionKg(fte: number, perFteFactors: readonly number[]): number {
  return fte * perFteFactors.reduce((sum, f) => sum + f, 0);
}
