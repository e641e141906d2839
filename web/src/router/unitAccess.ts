// Whether the signed-in user may open an address of a unit (`/u/:unitId/:year/…`): a module page
// needs the right to view that module's rows of the unit (their own at least), any other page of
// the unit a role in it. Refused addresses go to the not-authorised page before anything loads,
// instead of a page whose requests the server refuses one by one.
import type { RouteLocationNormalized } from 'vue-router';
import { findModule, moduleAccess, unitsInMap, type PermissionMap } from '@carbon/shared';

export function unitAddressAllowed(to: Pick<RouteLocationNormalized, 'params'>, map: PermissionMap): boolean {
  const { unitId: unitParam, module: moduleParam } = to.params;
  if (typeof unitParam !== 'string') return true;
  const unitId = Number(unitParam);
  // An unknown module slug is the page's to report ("There is no module …").
  const module = typeof moduleParam === 'string' ? findModule(moduleParam) : undefined;
  if (module) return moduleAccess(map, module.type, unitId, 'view').own;
  const { allUnits, unitIds } = unitsInMap(map);
  return allUnits || unitIds.includes(unitId);
}
