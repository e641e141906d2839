// Roles and the permission map derived from them and from the registry (what a standard user may
// do with their own rows is each module's `ownRows`). The BFF computes the map per request and
// returns it from GET /v1/session; the SPA only uses it to hide what the server would refuse
// anyway.
import { MODULE_TYPES, MODULES } from './modules/catalogue';
import type { ModuleType } from './modules/types';

export const ROLES = ['standard', 'principal', 'backoffice', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A role held by a user: unit-scoped for standard/principal, global (unitId null) otherwise. */
export interface RoleGrant {
  role: Role;
  unitId: number | null;
}

export const ACTIONS = ['view', 'edit', 'sync'] as const;
export type Action = (typeof ACTIONS)[number];

/** permission key → allowed actions. The scope is in the key: `modules.headcount/12`,
 * `modules.headcount/12/own`; a bare key (`backoffice.jobs`) is global. */
export type PermissionMap = Record<string, Action[]>;

// `results`: every unit's results side by side (the institution roll-up); `audit`: the audit
// trail (read only: nothing edits it).
export const BACKOFFICE_AREAS = ['factors', 'units', 'jobs', 'results', 'audit'] as const;
export type BackofficeArea = (typeof BACKOFFICE_AREAS)[number] | 'users';

export const moduleKey = (module: ModuleType, unitId?: number, own = false): string =>
  `modules.${module}${unitId === undefined ? '' : `/${unitId}`}${own ? '/own' : ''}`;
export const moduleStatusKey = (unitId?: number): string => `module.status${unitId === undefined ? '' : `/${unitId}`}`;
export const backofficeKey = (area: BackofficeArea): string => `backoffice.${area}`;

function add(map: PermissionMap, key: string, actions: readonly Action[]): void {
  const merged = new Set([...(map[key] ?? []), ...actions]);
  map[key] = ACTIONS.filter((a) => merged.has(a));
}

function addBackoffice(map: PermissionMap): void {
  for (const m of MODULE_TYPES) add(map, moduleKey(m), ['view', 'edit', 'sync']);
  add(map, moduleStatusKey(), ['edit']);
  // Nothing edits the audit trail: its area is granted for reading only.
  for (const area of BACKOFFICE_AREAS) add(map, backofficeKey(area), area === 'audit' ? ['view'] : ['view', 'edit']);
}

export function permissionsFor(grants: readonly RoleGrant[]): PermissionMap {
  const map: PermissionMap = {};
  for (const { role, unitId } of grants) {
    switch (role) {
      case 'standard':
        if (unitId === null) break;
        for (const m of MODULE_TYPES) if (MODULES[m].ownRows.length) add(map, moduleKey(m, unitId, true), MODULES[m].ownRows);
        break;
      case 'principal':
        if (unitId === null) break;
        for (const m of MODULE_TYPES) add(map, moduleKey(m, unitId), ['view', 'edit', 'sync']);
        add(map, moduleStatusKey(unitId), ['edit']);
        break;
      case 'admin':
        add(map, backofficeKey('users'), ['view', 'edit']);
        addBackoffice(map);
        break;
      case 'backoffice':
        addBackoffice(map);
        break;
    }
  }
  return map;
}

export interface ModuleAccess {
  /** The action is allowed on every row of the module. */
  all: boolean;
  /** The action is allowed only on rows whose person number is the user's own. */
  own: boolean;
}

const allows = (map: PermissionMap, key: string, action: Action) => map[key]?.includes(action) ?? false;

/** What `action` the map allows on `module` of `unitId`: on all rows, only own rows, or none.
 * (Checked on every Path 1 request: no closure per call.) */
export function moduleAccess(map: PermissionMap, module: ModuleType, unitId: number, action: Action): ModuleAccess {
  const all = allows(map, moduleKey(module), action) || allows(map, moduleKey(module, unitId), action);
  return { all, own: all || allows(map, moduleKey(module, unitId, true), action) };
}

/** Sees every module of the unit in full: what the unit's totals and results need (they sum
 * every row), which a standard user, limited to their own rows, never has. */
export function seesUnitTotals(map: PermissionMap, unitId: number): boolean {
  return MODULE_TYPES.every((m) => moduleAccess(map, m, unitId, 'view').all);
}

export function canEditModuleStatus(map: PermissionMap, unitId: number): boolean {
  return allows(map, moduleStatusKey(), 'edit') || allows(map, moduleStatusKey(unitId), 'edit');
}

export function canBackoffice(map: PermissionMap, area: BackofficeArea, action: 'view' | 'edit'): boolean {
  return allows(map, backofficeKey(area), action);
}

/** Units named in unit-scoped keys; global keys make `allUnits` true. */
export function unitsInMap(map: PermissionMap): { allUnits: boolean; unitIds: number[] } {
  const ids = new Set<number>();
  let allUnits = false;
  for (const key of Object.keys(map)) {
    if (!key.startsWith('modules.')) continue;
    const [, unit] = key.split('/');
    if (unit === undefined) allUnits = true;
    else ids.add(Number(unit));
  }
  return { allUnits, unitIds: [...ids].sort((a, b) => a - b) };
}

// Plans (targets, scenarios, the institution view) take no key of their own: they follow rights
// the map already has, so the session's map stays as it is (docs/decisions.md, "Who plans").

/** The institution's targets: administrators, the holders of the `users` area. */
export function canSetInstitutionTargets(map: PermissionMap): boolean {
  return canBackoffice(map, 'users', 'edit');
}

/** A unit's scenarios and trajectory sum every row of it: for those who see its totals. */
export function canSeeUnitPlans(map: PermissionMap, unitId: number): boolean {
  return seesUnitTotals(map, unitId);
}

/** A unit's own target, scenarios and plan: those who answer for its figures (who may validate
 * its modules: its principals, and the back office acting for it). */
export function canEditUnitPlans(map: PermissionMap, unitId: number): boolean {
  return seesUnitTotals(map, unitId) && canEditModuleStatus(map, unitId);
}

/** Every unit against the trajectory: the institution roll-up's readers. */
export function canSeeInstitutionPlans(map: PermissionMap): boolean {
  return canBackoffice(map, 'results', 'view');
}
