// The institution roll-up: every unit's report of one year as a row (total, per FTE, per scope,
// entries, entries without a factor, validated modules), and their sum. A report whose totals the user may not see in full
// has no figures (null), and is left out of the sum rather than counted as zero.
import { toHundredths, type GhgScope, type RollupUnit } from '@carbon/shared';
import { toCsv } from './csv';

export interface RollupRow {
  unitId: number;
  institutionalId: string;
  name: string;
  kg: number | null;
  fte: number | null;
  perFte: number | null;
  byScope: Record<GhgScope, number | null>;
  entries: number | null;
  /** Entries without a figure (no factor): what the total leaves out. */
  withoutFactor: number | null;
  validated: number;
  modules: number;
}

export interface RollupTotal {
  units: number;
  kg: number;
  fte: number;
  perFte: number | null;
  byScope: Record<GhgScope, number>;
  entries: number;
  withoutFactor: number;
  /** Units counted in the sums (those with figures). */
  counted: number;
}

export function rollupRows(units: readonly RollupUnit[]): RollupRow[] {
  return units.map((u) => ({
    unitId: u.unit_id,
    institutionalId: u.institutional_id,
    name: u.name,
    kg: u.kg_co2eq,
    fte: u.fte,
    perFte: u.kg_co2eq_per_fte,
    byScope: { 1: u.by_scope?.['1'] ?? null, 2: u.by_scope?.['2'] ?? null, 3: u.by_scope?.['3'] ?? null },
    entries: u.entries,
    withoutFactor: u.without_factor,
    validated: u.validated,
    modules: u.modules,
  }));
}

export function rollupTotal(rows: readonly RollupRow[]): RollupTotal {
  const counted = rows.filter((r) => r.kg !== null);
  const sum = (f: (r: RollupRow) => number | null) => counted.reduce((s, r) => s + (f(r) ?? 0), 0);
  const kg = sum((r) => r.kg);
  const fte = sum((r) => r.fte);
  return {
    units: rows.length,
    kg,
    fte,
    perFte: fte > 0 ? kg / fte : null,
    byScope: { 1: sum((r) => r.byScope[1]), 2: sum((r) => r.byScope[2]), 3: sum((r) => r.byScope[3]) },
    entries: sum((r) => r.entries),
    withoutFactor: sum((r) => r.withoutFactor),
    counted: counted.length,
  };
}

/** Rows whose unit name or identifier contains `filter` (case and accents ignored). */
export function filterRows(rows: readonly RollupRow[], filter: string): RollupRow[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const f = fold(filter.trim());
  return f ? rows.filter((r) => fold(r.name).includes(f) || fold(r.institutionalId).includes(f)) : [...rows];
}

/** The roll-up as CSV: one row per unit, then the institution's sum. Figures in kg CO2e and FTE,
 * to the hundredth. */
export function rollupCsv(year: number, rows: readonly RollupRow[], total: RollupTotal): string {
  const header = ['year', 'unit', 'unit_name', 'kg_co2eq', 'fte', 'kg_co2eq_per_fte', 'scope_1_kg', 'scope_2_kg', 'scope_3_kg', 'entries', 'entries_without_factor', 'modules_validated', 'modules'];
  const h = toHundredths;
  const body = rows.map((r) => [year, r.institutionalId, r.name, h(r.kg), h(r.fte), h(r.perFte), h(r.byScope[1]), h(r.byScope[2]), h(r.byScope[3]), r.entries, r.withoutFactor, r.validated, r.modules]);
  const sum = [year, 'TOTAL', `${total.counted} of ${total.units} units`, h(total.kg), h(total.fte), h(total.perFte), h(total.byScope[1]), h(total.byScope[2]), h(total.byScope[3]), total.entries, total.withoutFactor, null, null];
  return toCsv(header, [...body, sum]);
}
