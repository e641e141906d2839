// The router guard's permission checks, in their own chunk with the module registry they read
// (through @carbon/shared's permissions): the signed-out pages load none of it. Back-office pages
// state the permission they need (meta.permission, ./backoffice.ts); a unit's addresses are
// checked by ./unitAccess.ts.
import type { RouteLocationNormalized } from 'vue-router';
import { canBackoffice, type PermissionMap } from '@carbon/shared';
import { backofficePages, type RoutePermission } from './backoffice';

export { unitAddressAllowed } from './unitAccess';

export const allows = (map: PermissionMap, p: RoutePermission | undefined): boolean => !p || canBackoffice(map, p.area, p.action);

/** /backoffice itself opens the first page the user may see. */
export function firstAllowedPage(map: PermissionMap): string | null {
  return backofficePages.find((p) => allows(map, p.permission))?.path ?? null;
}

/** The guard's check: the permission of every matched record. */
export const routeAllowed = (to: RouteLocationNormalized, map: PermissionMap): boolean => to.matched.every((r) => allows(map, r.meta.permission));
