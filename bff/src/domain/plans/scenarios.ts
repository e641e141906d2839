// Reduction scenarios: a unit's named lists of levers, computed at each read from its entries of
// the scenario's year with the modules' own formulas and that year's factors (the registry's
// levers, shared/src/modules/leverKit.ts), so that a scenario follows every entry and factor
// change. Each lever's ± comes from the factors' stated uncertainties as the results' do
// (bff/src/domain/uncertainty.ts): the kg each factor row gains or loses, added linearly within a
// row and in quadrature across rows.
import {
  coded,
  entryTypesOf,
  extrapolationExtra,
  factorSetsUsedBy,
  findLever,
  leverParams,
  pointsOf,
  runLevers,
  type LeverEffect,
  type ModuleType,
  type ResolvedLocation,
  type Scenario,
  type ScenarioLever,
  type ScenarioResult,
  type ScenarioRow,
} from '@carbon/shared';
import { InvalidError, NotFoundError } from '../../core/errors';
import type { SqlRunner } from '../db';
import type { Pool } from '../../db/pool';
import { referenceCacheFor } from '../referenceCache';
import { uncertaintyOf, type FactorSum } from '../uncertainty';
import { applicable, readTargets } from './targets';
import { reportTotals, totalKey } from './totals';
import { factorUncertainty, locationsById, scenarioById, scenarioRows, scenarioVersion, type ScenarioEntryLine, type ScenarioRowDb } from './sql';
import { BytesCache } from '../../core/bytesCache';

export const asScenario = (r: ScenarioRowDb): Scenario => ({
  id: r.id,
  unit_id: r.unit_id,
  name: r.name,
  year: r.year,
  levers: r.levers,
  adopted_at: r.adopted_at ? r.adopted_at.toISOString() : null,
  updated_at: r.updated_at.toISOString(),
});

const invalid = (detail: string) => new InvalidError(detail, [], coded('invalid'));

/** Checks a scenario's levers against the registry: known keys, known params within their
 * bounds. Answers them with every param given (the defaults filled in). */
export function checkLevers(levers: readonly ScenarioLever[]): ScenarioLever[] {
  return levers.map(({ key, params }, i) => {
    const def = findLever(key);
    if (!def) throw invalid(`Lever ${i + 1}: there is no lever "${key}".`);
    for (const name of Object.keys(params ?? {})) if (!def.params.some((p) => p.key === name)) throw invalid(`Lever ${key}: it has no setting "${name}".`);
    const full = leverParams(def, params);
    for (const p of def.params) {
      const v = full[p.key];
      if (p.kind === 'select') {
        if (typeof v !== 'string' || v.length > 100 || (p.options?.length && !p.options.includes(v))) throw invalid(`Lever ${key}: ${p.key} must be one of ${p.options?.join(', ') || 'the names of the year\'s factors'}.`);
      } else if (typeof v !== 'number' || !Number.isFinite(v) || (p.min !== undefined && v < p.min) || (p.max !== undefined && v > p.max)) {
        throw invalid(`Lever ${key}: ${p.key} must be a number from ${p.min ?? '−∞'} to ${p.max ?? '∞'}.`);
      }
    }
    return { key, params: full };
  });
}

export async function loadScenario(db: SqlRunner, id: number): Promise<Scenario> {
  const row = (await scenarioById(db, { id })).rows[0];
  if (!row) throw new NotFoundError('No such scenario.', coded('not_found'));
  return asScenario(row);
}

/** The rows of a unit's year as the levers read them, kept until its report changes
 * (sql/scenarioVersion.sql): moving a slider reads them again, and 20,000 entries take longer to
 * read than the levers take to run. Bounded by the text they were read from; least recently used
 * dropped first. The runs never change them (leverKit.ts makes new rows). */
const keptRows = new BytesCache<{ rows: ScenarioRow[]; bytes: number }>(64 * 1024 * 1024, (v) => v.bytes);

/** The unit's entries of `year` that the levers read, as the scenario engine takes them. Entries
 * with an emission without a figure are left out, as they are of the totals. */
async function rowsFor(db: SqlRunner, unitId: number, year: number, types: string[]): Promise<ScenarioRow[]> {
  if (!types.length) return [];
  const listing = `${unitId}/${year}/${[...types].sort().join(',')}`;
  const key = `${listing}@${(await scenarioVersion(db, { unitId, year })).rows[0]?.version ?? ''}`;
  const kept = keptRows.get(key);
  if (kept) return kept.rows;
  const text = (await scenarioRows(db, { unitId, year, types })).rows[0]!.rows;
  const rows = await readRows(db, JSON.parse(text) as ScenarioEntryLine[]);
  keptRows.set(key, { rows, bytes: 2 * text.length }, listing);
  return rows;
}

async function readRows(db: SqlRunner, lines: readonly ScenarioEntryLine[]): Promise<ScenarioRow[]> {
  const byId = new Map<number, ScenarioRow & { incomplete: boolean; locationIds: number[] | null }>();
  const wanted = new Set<number>();
  for (const [id, type, data, , kg, quantity, unit, factorId, locationIds] of lines) {
    let row = byId.get(id);
    if (!row) byId.set(id, (row = { id, type, data: data as ScenarioRow['data'], locations: {}, weight: 1, emissions: [], incomplete: false, locationIds: null }));
    if (unit === null) continue;
    if (kg === null) row.incomplete = true;
    else row.emissions.push({ factor_id: factorId, kg, quantity, quantity_unit: unit });
    if (locationIds?.length === 2 && !row.locationIds) {
      row.locationIds = locationIds;
      for (const l of locationIds) wanted.add(l);
    }
  }
  const rows = [...byId.values()].filter((r) => !r.incomplete && r.emissions.length);
  if (wanted.size) {
    const places = new Map<number, ResolvedLocation>((await locationsById(db, { ids: [...wanted] })).rows.map((x) => [x.id, x]));
    for (const r of rows) {
      const origin = r.locationIds ? places.get(r.locationIds[0]!) : undefined;
      const destination = r.locationIds ? places.get(r.locationIds[1]!) : undefined;
      if (origin && destination) r.locations = { origin, destination };
    }
  }
  return rows;
}

/** A scenario computed on its unit's entries and set against the target that binds the unit. */
export async function computeScenario(db: Pool, scenario: Scenario): Promise<ScenarioResult> {
  const defs = scenario.levers.map((l) => ({ def: findLever(l.key)!, params: l.params })).filter((l) => l.def);
  const types = [...new Set(defs.flatMap((l) => l.def.entryTypes))];
  // The entries, the factors and the targets with the totals they are set against, together.
  // What a lever's rows may become is of its module (a plane's train): every set the module's types read.
  const sets = [...new Set(defs.flatMap((l) => entryTypesOf(l.def.module).flatMap((t) => factorSetsUsedBy(t))))];
  const [rows, factorSets, { target, totals }] = await Promise.all([
    rowsFor(db, scenario.unit_id, scenario.year, types),
    referenceCacheFor(db).factorSetsFor(db, sets, scenario.year),
    readTargets(db, [scenario.unit_id]).then(async ({ institution, units }) => {
      const t = applicable(units.get(scenario.unit_id), institution);
      return { target: t, totals: await reportTotals(db, [scenario.unit_id], t ? [scenario.year, t.baseline_year] : [scenario.year]) };
    }),
  ]);
  const { outcomes } = runLevers(rows, defs, { year: scenario.year, factorSets });
  const current = totals.get(totalKey(scenario.unit_id, scenario.year));
  // A survey module's change counts as its total does: extrapolated to the unit.
  const bases = current?.bases ?? {};
  const scale = (module: string, kg: number) => kg + extrapolationExtra(kg, bases[module]);
  const ids = [...new Set(outcomes.flatMap((o) => o.by_factor.flatMap((f) => (f.factor_id === null ? [] : [f.factor_id]))))];
  const stated = new Map((ids.length ? (await factorUncertainty(db, { ids })).rows : []).map((r) => [r.id, r.uncertainty_pct]));
  const total = current?.kg_co2eq ?? 0;
  const allSums: FactorSum[] = [];
  const effects: LeverEffect[] = outcomes.map(({ by_factor, ...o }) => {
    const sums = by_factor.map((f) => ({ module_type: o.module, factor_set: f.set, factor_id: f.factor_id, uncertainty_pct: f.factor_id === null ? null : (stated.get(f.factor_id) ?? null), kg: scale(o.module, f.kg) }));
    allSums.push(...sums);
    const delta = scale(o.module, o.delta_kg);
    return { ...o, delta_kg: delta, reduction_pct: total > 0 ? (-100 * delta) / total : null, sigma_kg: uncertaintyOf(sums).whole.sigma_kg };
  });
  const delta = effects.reduce((s, e) => s + e.delta_kg, 0);
  const byModule: Partial<Record<ModuleType, number>> = {};
  for (const e of effects) byModule[e.module] = (byModule[e.module] ?? 0) + e.delta_kg;
  const baseline = target ? (totals.get(totalKey(scenario.unit_id, target.baseline_year))?.kg_co2eq ?? null) : null;
  const planned = total + delta;
  const last = target ? pointsOf(target, null).at(-1) : undefined;
  return {
    ...scenario,
    total_kg: total,
    effects,
    delta_kg: delta,
    // Rows shared by several levers are one error each: the sum's ± from every lever's changes.
    sigma_kg: uncertaintyOf(allSums).whole.sigma_kg,
    by_module: byModule,
    planned_kg: planned,
    baseline_year: target?.baseline_year ?? null,
    baseline_kg: baseline,
    reduction_from_baseline_pct: baseline ? (100 * (baseline - planned)) / baseline : null,
    target_year: last?.year ?? null,
    target_pct: last?.reduction_pct ?? null,
  };
}
