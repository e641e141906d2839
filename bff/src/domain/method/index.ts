// The method behind a unit's figures, for the people of the unit: how one entry's emissions were
// computed (its emission rows with the factor rows each figure was read from), and the factor
// rows of every set for a report's year. Who may read the one may read the entry; the other is
// for whoever has a role in the unit.
import { coded, factorIdsOf, FACTOR_SETS, type EntryEmissions, type EntryTypeDef, type MethodFactor, type YearFactors } from '@carbon/shared';
import type { Pool } from '../../db/pool';
import { NotFoundError } from '../../core/errors';
import { authorizeUnitView } from '../../policies';
import type { Actor } from '../actor';
import { loadModuleContext, type ModuleRef } from '../context';
import { assertMayTouch, existingEntry } from '../entries/common';
import { entryEmissions, factorsByIds, unitReport, yearFactors } from './sql';

export async function explainEntry(pool: Pool, actor: Actor, ref: ModuleRef, expected: EntryTypeDef | undefined, id: number): Promise<EntryEmissions> {
  const ctx = await loadModuleContext(pool, actor, ref, { action: 'view', entryId: id });
  const { entry, entryType } = existingEntry(ctx, expected);
  assertMayTouch(actor, ctx, entryType, entry.data);
  const { rows } = await entryEmissions(pool, { entryId: id });
  const ids = [...new Set(rows.flatMap(factorIdsOf))];
  const found = ids.length ? (await factorsByIds(pool, { ids })).rows : [];
  const byId = new Map<number, MethodFactor>(found.map((r) => [r.factor.id, r.factor]));
  const weighed = rows.filter((x) => x.kg_co2eq !== null);
  return {
    entry_id: id,
    module_type: ctx.moduleType,
    data_entry_type: entryType.type,
    year: ctx.year,
    kg_co2eq: weighed.length ? weighed.reduce((s, x) => s + x.kg_co2eq!, 0) : null,
    emissions: rows.map((x) => ({ ...x, factors: factorIdsOf(x).flatMap((f) => byId.get(f) ?? []) })),
  };
}

/** Every factor set of the registry with its rows for the year of one of the unit's reports. */
export async function unitYearFactors(pool: Pool, actor: Actor, unitId: number, year: number): Promise<YearFactors> {
  const where = (await unitReport(pool, { unitId, year })).rows[0];
  if (!where) throw new NotFoundError('No such unit.', coded('no_such_unit'));
  authorizeUnitView(actor, unitId);
  if (where.report_id === null) throw new NotFoundError(`There is no carbon report for this unit in ${year}.`, coded('no_report_for_year', { year }));
  const sets = Object.keys(FACTOR_SETS);
  const { rows } = await yearFactors(pool, { year, sets });
  return {
    unit_id: unitId,
    year,
    factor_sets: sets.map((name) => ({ name, factors: rows.filter((r) => r.factor.set === name).map((r) => r.factor) })),
  };
}
