// The one policy layer: every route states what it needs through these guards, and nothing
// else in the BFF decides who may do what. Unknown unit → 404; known unit without right → 403.
import type { Request, RequestHandler } from 'express';
import {
  canBackoffice,
  canEditUnitPlans,
  canSeeInstitutionPlans,
  canSeeUnitPlans,
  canSetInstitutionTargets,
  coded,
  canEditModuleStatus,
  moduleAccess,
  moduleKey,
  MODULE_TYPES,
  seesUnitTotals,
  unitsInMap,
  type Action,
  type BackofficeArea,
  type ModuleAccess,
  type ModuleType,
  type PermissionMap,
} from '@carbon/shared';
import type { CurrentUser } from '../auth/currentUser';
import { ForbiddenError, UnauthenticatedError } from '../core/errors';

/** What a policy looks at: the permission map and the person number ("own" rows). Domain
 * services pass the signed-in user, or a system actor for seeding. */
export interface PolicySubject {
  permissions: PermissionMap;
  person_number: number | null;
}

export function userOf(req: Request): CurrentUser {
  if (!req.user) throw new UnauthenticatedError();
  return req.user;
}

export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : new UnauthenticatedError());
};

/** A back-office area's right; 403 without it. Use cases call it themselves (docs/decisions.md,
 * "Use cases authorize"); `requireBackoffice` is the same check as a route's early refusal. */
export function authorizeBackoffice(user: PolicySubject, area: BackofficeArea, action: 'view' | 'edit'): void {
  if (!canBackoffice(user.permissions, area, action)) throw new ForbiddenError();
}

export function requireBackoffice(area: BackofficeArea, action: 'view' | 'edit'): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) return next(new UnauthenticatedError());
    next(canBackoffice(req.user.permissions, area, action) ? undefined : new ForbiddenError());
  };
}

/** Access to a module of a unit for an action; throws 403 when the user has none at all. */
export function authorizeModule(user: PolicySubject, module: ModuleType, unitId: number, action: Action): ModuleAccess {
  const access = moduleAccess(user.permissions, module, unitId, action);
  if (!access.own) throw new ForbiddenError();
  return access;
}

/** The access without throwing: callers that must answer 404 before 403 check this first. */
export function moduleAccessOf(user: PolicySubject, module: ModuleType, unitId: number, action: Action): ModuleAccess {
  return moduleAccess(user.permissions, module, unitId, action);
}

/** May this user act on a row owned by `ownerPersonNumber` given their access? Person numbers
 * may arrive as strings (a member's `user_institutional_id`) or numbers (`traveler_id`). */
export function mayTouchRow(user: PolicySubject, access: ModuleAccess, ownerPersonNumber: number | string | null | undefined): boolean {
  if (access.all) return true;
  if (user.person_number === null || ownerPersonNumber === null || ownerPersonNumber === undefined || ownerPersonNumber === '') return false;
  return Number(ownerPersonNumber) === user.person_number;
}

/** Totals of a module (its stats) are for users who may see every row of it. */
export function canSeeModuleTotals(user: PolicySubject, module: ModuleType, unitId: number): boolean {
  return moduleAccess(user.permissions, module, unitId, 'view').all;
}

/** Path 2 on a module (CSV upload, recalculation). `unitId` null = every unit at once (a file
 * with a unit column, a recalculation over all units): only a global sync grant (back-office).
 * Callers answer 404 for an unknown unit before asking. */
export function authorizeSync(user: PolicySubject, module: ModuleType, unitId: number | null): void {
  const allowed = unitId === null ? (user.permissions[moduleKey(module)]?.includes('sync') ?? false) : moduleAccess(user.permissions, module, unitId, 'sync').all;
  if (!allowed) {
    throw unitId === null
      ? new ForbiddenError('Only back-office operators may sync a module for every unit at once.', coded('may_not_sync_all'))
      : new ForbiddenError('You may not sync this module of this unit.', coded('may_not_sync'));
  }
}

/** A unit's totals and results (report stats, breakdowns, ratios, uncertainty, the exports) sum
 * other people's rows: for users who may see every module of the unit in full (principals, back
 * office), never for its standard users, who see their own footprint instead. */
export function canSeeReportTotals(user: PolicySubject, unitId: number): boolean {
  return seesUnitTotals(user.permissions, unitId);
}

/** A survey module's settings (anonymous responses): those who may edit every row of it. */
export function authorizeSurveySettings(user: PolicySubject, module: ModuleType, unitId: number): void {
  if (!moduleAccess(user.permissions, module, unitId, 'edit').all) throw new ForbiddenError();
}

export function authorizeModuleStatus(user: PolicySubject, unitId: number): void {
  if (!canEditModuleStatus(user.permissions, unitId)) throw new ForbiddenError();
}

/** Units whose data the user may see at all; `all` for global roles. */
export function visibleUnits(user: PolicySubject): { all: true } | { all: false; ids: number[] } {
  const { allUnits, unitIds } = unitsInMap(user.permissions);
  return allUnits ? { all: true } : { all: false, ids: unitIds };
}

export function canSeeUnit(user: PolicySubject, unitId: number): boolean {
  const v = visibleUnits(user);
  return v.all || v.ids.includes(unitId);
}

/** What applies to the whole unit and reveals no one's rows (the method of its figures, the
 * factors of its year): for whoever has a role in it. Callers answer 404 for an unknown unit
 * first. */
export function authorizeUnitView(user: PolicySubject, unitId: number): void {
  if (!canSeeUnit(user, unitId)) throw new ForbiddenError();
}

/** Jobs a user may see: back-office `jobs` view → all of them; otherwise the jobs of units where
 * the user may sync a module (principals). Global jobs (unit sync) are back-office only. */
export function jobScope(user: CurrentUser): { all: true } | { all: false; unitIds: number[] } {
  if (canBackoffice(user.permissions, 'jobs', 'view')) return { all: true };
  const { unitIds } = unitsInMap(user.permissions);
  return { all: false, unitIds: unitIds.filter((u) => MODULE_TYPES.some((m) => moduleAccess(user.permissions, m, u, 'sync').all)) };
}

export function canSeeJob(user: CurrentUser, job: { unit_id: number | null }): boolean {
  const scope = jobScope(user);
  return scope.all || (job.unit_id !== null && scope.unitIds.includes(job.unit_id));
}

/** Module activity (the "Recalculating…" badge) is shown to whoever sees the unit; activity
 * over every unit (unit_id null) to whoever sees any unit. */
export function canSeeModuleActivity(user: CurrentUser, unitId: number | null): boolean {
  if (unitId !== null) return canSeeUnit(user, unitId);
  const v = visibleUnits(user);
  return v.all || v.ids.length > 0;
}

/** The job console needs a job scope that is not empty. */
export const requireJobsView: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new UnauthenticatedError());
  const scope = jobScope(req.user);
  next(scope.all || scope.unitIds.length ? undefined : new ForbiddenError());
};

/** Merging account `merged` into another (the route itself is for `users` editors, that is
 * administrators). Refused, 403: merging away the account the administrator acts with (their
 * session would end mid-answer, and another administrator should look at it), and passing on the
 * administrator role to an account that lacks it (administrators are made at deployment, not on
 * the access page: docs/decisions.md, "Administrators grant principal and back-office roles"). */
export function authorizeAccountMerge(actor: { id: number | null }, merged: { id: number; roles: readonly string[] }, into: { roles: readonly string[] }): void {
  if (merged.id === actor.id) {
    throw new ForbiddenError('You cannot merge away the account you are signed in with: merge the other account into it, or ask another administrator.', coded('merge_own_account'));
  }
  if (merged.roles.includes('admin') && !into.roles.includes('admin')) {
    throw new ForbiddenError('This account holds the administrator role, which the other does not: merging would make an administrator, which is done at deployment, not here.', coded('merge_grants_admin'));
  }
}

/** The institution's targets (administrators). */
export function authorizeInstitutionTargets(user: PolicySubject): void {
  if (!canSetInstitutionTargets(user.permissions)) throw new ForbiddenError('Only administrators set the institution\'s targets.');
}

/** Reading a unit's targets, scenarios and plan (they sum every row): 403 for a standard user or
 * another unit's. Callers answer 404 for an unknown unit first. */
export function authorizeUnitPlansView(user: PolicySubject, unitId: number): void {
  if (!canSeeUnitPlans(user.permissions, unitId)) throw new ForbiddenError('Only those who see the unit\'s totals see its plans.');
}

/** Setting a unit's own target, building its scenarios, adopting its plan. */
export function authorizeUnitPlansEdit(user: PolicySubject, unitId: number): void {
  if (!canEditUnitPlans(user.permissions, unitId)) throw new ForbiddenError('Only the unit\'s principals change its targets and plans.');
}

/** Every unit against the trajectory (back office and administrators). */
export function authorizeInstitutionPlans(user: PolicySubject): void {
  if (!canSeeInstitutionPlans(user.permissions)) throw new ForbiddenError();
}
