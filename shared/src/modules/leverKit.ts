// What a reduction lever is made of, and the engine that runs a scenario's levers over a unit's
// entries. A lever is data of its module folder (`<module>/levers.ts`): it says which of the
// module's rows it touches and what each becomes (another cabin class, a train instead of a
// plane, a smaller quantity, nothing at all). The engine recomputes every changed row with its
// entry type's own `computeEmissions` and the year's factor sets, the very formula and factors of
// the results, so a lever's effect is never a generic percentage. A changed row whose formula
// finds no factor is left as it was and counted as `no_factor`, never as a zero.
import type { EntryData, FactorRow, FactorSets, ResolvedLocation } from './fields';
import { ENTRY_TYPES } from './registry';
import type { ModuleType } from './types';

/** One emission of a scenario row: its kg and the factor row it was computed with (for the ±). */
export interface LeverEmission {
  factor_id: number | null;
  kg: number;
  quantity: number | null;
  quantity_unit: string;
}

/** One of the unit's entries as the scenario sees it: `weight` is the share of the entry still
 * standing for this variant (1 until a lever splits it); `emissions` are already × `weight`. */
export interface ScenarioRow {
  id: number;
  type: string;
  data: EntryData;
  locations: Record<string, ResolvedLocation>;
  weight: number;
  emissions: LeverEmission[];
}

/** What a share of a row becomes: another entry type's or the same one's data, or nothing
 * (`type` null: the trip is not made, the thing not bought). */
export interface LeverVariant {
  share: number;
  type: string | null;
  data?: EntryData;
}

export type LeverParamValue = number | string;
export type LeverParams = Record<string, LeverParamValue>;

export interface LeverParamDef {
  key: string;
  kind: 'percent' | 'number' | 'select';
  default: LeverParamValue;
  min?: number;
  max?: number;
  /** For a select. */
  options?: readonly string[];
}

export interface LeverContext {
  year: number;
  factorSets: FactorSets;
}

export interface LeverDef {
  key: string;
  module: ModuleType;
  /** The entry types whose rows it may change. */
  entryTypes: readonly string[];
  params: readonly LeverParamDef[];
  /** Why the lever cannot be computed at all with this year's factors (a code the pages word),
   * or null. E.g. no market-based electricity row in the library. */
  unsupported?: (params: LeverParams, ctx: LeverContext) => string | null;
  /** The variants of one row; null or [] leaves it as it is. */
  apply: (row: ScenarioRow, params: LeverParams, ctx: LeverContext) => LeverVariant[] | null;
}

/** A lever's effect within a scenario. `delta_kg` is after − before (negative: a reduction). */
export interface LeverOutcome {
  key: string;
  module: ModuleType;
  params: LeverParams;
  /** null: computed; otherwise why not (its `delta_kg` is then 0 and says nothing). */
  unsupported: string | null;
  delta_kg: number;
  /** Rows changed. */
  changed: number;
  /** Rows the lever would change whose new figure has no factor: left as they were. */
  no_factor: number;
  /** The change per factor row (kg after − kg before), for the uncertainty of `delta_kg`. */
  by_factor: { factor_id: number | null; set: string; kg: number }[];
}

export const shareOf = (params: LeverParams, key = 'share_pct'): number => Math.min(100, Math.max(0, Number(params[key] ?? 0))) / 100;

/** The first factor row of a set matching a classification. */
export function factorOf(ctx: LeverContext, set: string, match: Record<string, string>): FactorRow | undefined {
  return ctx.factorSets[set]?.find((f) => Object.entries(match).every(([k, v]) => f.classification[k] === v));
}

/** The row's emissions computed by `type`'s formula for `data`, × `weight`; null when a figure
 * is missing (no factor, no conversion). */
export function recompute(type: string, data: EntryData, locations: Record<string, ResolvedLocation>, weight: number, ctx: LeverContext): LeverEmission[] | null {
  const def = ENTRY_TYPES[type];
  if (!def) return null;
  let rows;
  try {
    rows = def.computeEmissions({ data, year: ctx.year, locations, factors: ctx.factorSets[type] ?? [], factorSets: ctx.factorSets });
  } catch {
    // A formula that cannot run on the changed data (a place the variant lacks): no figure.
    return null;
  }
  if (rows.some((r) => r.kg_co2eq === null)) return null;
  return rows.map((r) => ({ factor_id: r.factor_id, kg: r.kg_co2eq! * weight, quantity: r.quantity === null ? null : r.quantity * weight, quantity_unit: r.quantity_unit }));
}

const scaled = (e: readonly LeverEmission[], by: number): LeverEmission[] => e.map((x) => ({ ...x, kg: x.kg * by, quantity: x.quantity === null ? null : x.quantity * by }));
const kgOf = (rows: readonly { emissions: readonly LeverEmission[] }[]): number => rows.reduce((s, r) => s + r.emissions.reduce((t, e) => t + e.kg, 0), 0);

/** The params a lever runs with: its defaults, overridden by what the scenario gives. */
export function leverParams(def: LeverDef, given: LeverParams | undefined): LeverParams {
  return Object.fromEntries(def.params.map((p) => [p.key, given?.[p.key] ?? p.default]));
}

/**
 * Runs levers one after the other over the rows (each on what the previous ones left, so two
 * levers never count the same tonne twice) and answers each one's outcome and the rows after all.
 */
export function runLevers(rows: readonly ScenarioRow[], levers: readonly { def: LeverDef; params: LeverParams }[], ctx: LeverContext): { outcomes: LeverOutcome[]; rows: ScenarioRow[] } {
  const setOf = new Map<number, string>();
  for (const [set, factors] of Object.entries(ctx.factorSets)) for (const f of factors) setOf.set(f.id, set);
  let current = [...rows];
  const outcomes: LeverOutcome[] = [];
  // The formulas are pure: the same type, data and places give the same figures, and a unit's
  // trips and commutes repeat a lot. Figures are kept per unit weight and scaled per row.
  const memo = new Map<string, LeverEmission[] | null>();
  const figures = (type: string, data: EntryData, locations: Record<string, ResolvedLocation>, weight: number): LeverEmission[] | null => {
    const key = `${type}|${locations.origin?.id ?? ''}|${locations.destination?.id ?? ''}|${JSON.stringify(data)}`;
    let one = memo.get(key);
    if (one === undefined) memo.set(key, (one = recompute(type, data, locations, 1, ctx)));
    return one && scaled(one, weight);
  };
  for (const { def, params } of levers) {
    const unsupported = def.unsupported?.(params, ctx) ?? null;
    const outcome: LeverOutcome = { key: def.key, module: def.module, params, unsupported, delta_kg: 0, changed: 0, no_factor: 0, by_factor: [] };
    outcomes.push(outcome);
    if (unsupported) continue;
    const byFactor = new Map<string, { factor_id: number | null; set: string; kg: number }>();
    const book = (e: readonly LeverEmission[], sign: number, fallbackSet: string) => {
      for (const x of e) {
        const set = x.factor_id !== null ? (setOf.get(x.factor_id) ?? fallbackSet) : fallbackSet;
        const key = `${x.factor_id ?? 'none'}:${set}`;
        const entry = byFactor.get(key) ?? { factor_id: x.factor_id, set, kg: 0 };
        entry.kg += sign * x.kg;
        byFactor.set(key, entry);
      }
    };
    const next: ScenarioRow[] = [];
    const types = new Set(def.entryTypes);
    for (const row of current) {
      const variants = types.has(row.type) ? def.apply(row, params, ctx) : null;
      if (!variants?.length) {
        next.push(row);
        continue;
      }
      const made: ScenarioRow[] = [];
      let missing = false;
      let taken = 0;
      for (const v of variants) {
        const share = Math.min(1, Math.max(0, v.share));
        if (share === 0) continue;
        taken += share;
        if (v.type === null) continue;
        const data = v.data ?? row.data;
        const emissions = figures(v.type, data, row.locations, row.weight * share);
        if (!emissions) {
          missing = true;
          break;
        }
        made.push({ ...row, type: v.type, data, weight: row.weight * share, emissions });
      }
      if (missing) {
        outcome.no_factor += 1;
        next.push(row);
        continue;
      }
      if (taken === 0) {
        next.push(row);
        continue;
      }
      const rest = Math.max(0, 1 - taken);
      if (rest > 0) made.unshift({ ...row, weight: row.weight * rest, emissions: scaled(row.emissions, rest) });
      outcome.changed += 1;
      outcome.delta_kg += kgOf(made) - kgOf([row]);
      book(row.emissions, -1, row.type);
      for (const m of made) book(m.emissions, 1, m.type);
      // Only the parts that changed stay apart: the untouched rest goes on as the row itself.
      next.push(...made);
    }
    outcome.by_factor = [...byFactor.values()].filter((x) => Math.abs(x.kg) > 1e-12);
    current = next;
  }
  return { outcomes, rows: current };
}
