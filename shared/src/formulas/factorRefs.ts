// Which factor rows an emission's figure was read from. The row's `factor_id` names one; `meta`
// names every one the formula read, each as a factor summary (`{id, classification, values}`,
// `{id, category, …}`) or as a `factor_id` beside what it gave (a blend's components). A number
// under `id` or `factor_id` in meta is a factor id: the location ids live in `location_ids`.
export function factorIdsOf(emission: { factor_id: number | null; meta: unknown }): number[] {
  const ids = new Set<number>();
  if (emission.factor_id !== null) ids.add(Number(emission.factor_id));
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if ((k === 'id' || k === 'factor_id') && typeof x === 'number' && Number.isSafeInteger(x)) ids.add(x);
      else walk(x);
    }
  };
  walk(emission.meta);
  return [...ids];
}
