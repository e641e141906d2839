// Access management use cases (administrators: back-office `users`): the overview, grants and
// revocations of roles, each with its reason on an audit line in the same transaction, and
// account merges. Precedence between the unit directory and these grants: domain/access/index.ts.
import type { AccessOverview, AccessUser, AccountMerge } from '@carbon/shared';
import { withTransaction, type Pool } from '../db/pool';
import type { StatementRunner } from '../db/statement';
import { accessOverview as overview, applyGrant, applyRevoke, lockHolder, userAfter, type Holder, type RoleChange } from '../domain/access';
import { mergeAccounts as merge } from '../domain/access/merge';
import { writeAudit } from '../domain/audit';
import type { Actor } from '../domain/actor';
import { authorizeBackoffice } from '../policies';

export type { RoleChange };

export async function accessOverview(pool: Pool, actor: Actor, search: string | undefined): Promise<AccessOverview> {
  authorizeBackoffice(actor, 'users', 'view');
  return overview(pool, search);
}

/** A role change in one transaction: the holder locked, the change checked and applied, and its
 * audit line. */
async function changeRole(pool: Pool, actor: Actor, change: RoleChange, action: 'role_grant' | 'role_revoke', apply: (db: StatementRunner, change: RoleChange, holder: Holder) => Promise<void>): Promise<AccessUser> {
  authorizeBackoffice(actor, 'users', 'edit');
  return withTransaction(pool, async (db) => {
    const holder = await lockHolder(db, change);
    await apply(db, change, holder);
    await writeAudit(db, {
      actorId: actor.id,
      action,
      unitId: change.unit_id,
      details: { user_id: change.user_id, user_name: holder.name, role: change.role, unit_name: holder.unit_name, reason: change.reason, previous_source: holder.source },
    });
    return userAfter(db, change.user_id);
  });
}

export const grantRole = (pool: Pool, actor: Actor, change: RoleChange) => changeRole(pool, actor, change, 'role_grant', applyGrant);

export const revokeRole = (pool: Pool, actor: Actor, change: RoleChange) => changeRole(pool, actor, change, 'role_revoke', applyRevoke);

/** Which pairs may be merged by whom is checked inside, on the locked accounts. */
export async function mergeAccounts(pool: Pool, actor: Actor, m: AccountMerge): Promise<AccessUser> {
  authorizeBackoffice(actor, 'users', 'edit');
  return merge(pool, actor, m);
}
