// Access management: who holds which role on which unit, and the grants and revocations an
// administrator makes here, each with its reason on an audit line in the same transaction.
//
// Precedence between the unit directory and this page (docs/decisions.md, "Roles granted here
// outlast the directory; the directory's own are revoked there"):
//  * a role granted here has source 'manual': a unit sync never removes it (it only revokes
//    'directory' rows), even when the directory stops listing the person;
//  * granting here a principal role the directory already gives makes the row 'manual';
//  * a revocation here is refused while the directory lists the person as principal of the unit:
//    the next sync (or the person's next sign-in) would give the role back, so the page says so
//    instead of pretending. The directory is where such a principal is removed.
// user_roles changes announce themselves on cache_changes (migration 0006), so every instance
// applies a grant or revocation at the user's next request.
import { coded, type AccessOverview, type AccessUser, type GrantableRole } from '@carbon/shared';
import { ConflictError, fieldIssue, InvalidError, NotFoundError } from '../../core/errors';
import type { StatementRunner } from '../../db/statement';
import * as q from './sql';

/** The users one answer lists at most; the search narrows it. */
export const ACCESS_USERS_LIMIT = 500;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function accessOverview(db: StatementRunner, search: string | undefined): Promise<AccessOverview> {
  const text = search?.trim();
  // One more than shown tells whether there are more.
  const users = (await q.accessUsers(db, { userId: null, pattern: text ? likePattern(text) : null, limit: ACCESS_USERS_LIMIT + 1 })).rows;
  const waiting = await q.waitingPrincipals(db);
  return { users: users.slice(0, ACCESS_USERS_LIMIT), more: users.length > ACCESS_USERS_LIMIT, waiting: waiting.rows };
}

export interface RoleChange {
  user_id: number;
  role: GrantableRole;
  /** The unit of a principal role; null for back-office. */
  unit_id: number | null;
  reason: string;
}

export type Holder = NonNullable<Awaited<ReturnType<typeof q.lockRoleHolder>>['rows'][number]>;

export async function lockHolder(db: StatementRunner, change: RoleChange): Promise<Holder> {
  const holder = (await q.lockRoleHolder(db, { userId: change.user_id, role: change.role, unitId: change.unit_id })).rows[0];
  if (!holder) throw new NotFoundError(`No such user: ${change.user_id}.`, coded('no_such_user'));
  if (change.unit_id !== null && holder.unit_name === null) {
    throw new InvalidError(`Invalid request: unit_id: no unit has the id ${change.unit_id}.`, [fieldIssue('unit_id', 'unknown unit', coded('no_such_unit'))]);
  }
  return holder;
}

/** A user as the access page lists them, after a change. */
export async function userAfter(db: StatementRunner, userId: number): Promise<AccessUser> {
  return (await q.accessUsers(db, { userId, pattern: null, limit: 1 })).rows[0]!;
}

/** Applies a grant: 409 when the role is already granted here. */
export async function applyGrant(db: StatementRunner, change: RoleChange, holder: Holder): Promise<void> {
  if (holder.source === 'manual') {
    throw new ConflictError(`User ${change.user_id} already holds this role, granted here.`, coded('role_already_granted'));
  }
  await q.grantRole(db, { userId: change.user_id, role: change.role, unitId: change.unit_id });
}

/** Applies a revocation: 409 when the role is not held, or comes from the unit directory. */
export async function applyRevoke(db: StatementRunner, change: RoleChange, holder: Holder): Promise<void> {
  if (holder.source === null) throw new ConflictError(`User ${change.user_id} does not hold this role.`, coded('role_not_held'));
  if (holder.in_directory) {
    throw new ConflictError(
      'The unit directory lists this person as principal of this unit: the next unit sync would give the role back. Remove them from the directory instead.',
      coded('role_from_directory'),
    );
  }
  await q.revokeRole(db, { userId: change.user_id, role: change.role, unitId: change.unit_id });
}

/** Who signs in: the identity provider's issuer and subject, and the profile its claims give. */
export interface SignInIdentity {
  iss: string;
  sub: string;
  email: string | null;
  name: string | null;
  personNumber: number | null;
}

/** The account a sign-in lands on, its profile and last sign-in brought up to date: the account
 * an administrator merged this identity into (merge.ts), else its own, created at its first
 * sign-in. On the handle of the sign-in's transaction (its audit line goes with it). */
export async function signInAccount(db: StatementRunner, identity: SignInIdentity): Promise<number> {
  return (await q.signInAccount(db, identity)).rows[0]!.id;
}
