// Whether the signed-in user may open an address of a unit (`/u/:unitId/:year/…`): a module page
// needs the right to view that module's rows of the unit (their own at least), a page of the
// unit's totals (`meta.unitTotals`: the results) the right to see every row, any other page of
// the unit a role in it. Refused addresses go to the not-authorised page before anything loads,
// instead of a page whose requests the server refuses one by one.
import type { RouteLocationNormalized, RouteMeta } from 'vue-router';
import { findModule, moduleAccess, seesUnitTotals, unitsInMap, type PermissionMap } from '@carbon/shared';

declare module 'vue-router' {
  interface RouteMeta {
    /** The page shows the unit's totals, which sum every row of it. */
    unitTotals?: boolean;
  }
}

export function unitAddressAllowed(to: Pick<RouteLocationNormalized, 'params'> & { meta?: RouteMeta }, map: PermissionMap): boolean {
  const { unitId: unitParam, module: moduleParam } = to.params;
  if (typeof unitParam !== 'string') return true;
  const unitId = Number(unitParam);
  // An unknown module slug is the page's to report ("There is no module …").
  const module = typeof moduleParam === 'string' ? findModule(moduleParam) : undefined;
  if (module) return moduleAccess(map, module.type, unitId, 'view').own;
  if (to.meta?.unitTotals) return seesUnitTotals(map, unitId);
  const { allUnits, unitIds } = unitsInMap(map);
  return allUnits || unitIds.includes(unitId);
}
