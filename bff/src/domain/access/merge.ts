// Merging two accounts of one person (docs/decisions.md, "Accounts of one person are merged"). A
// user is its identity provider's issuer and subject, so a person whose provider changed its
// issuer signs in as a new account while roles stay on the old one. An administrator merges one
// account into the other, in one transaction: the two locked, the merge checked (policy layer:
// who may merge what; here: which pairs make sense), the merged account's roles and every row
// naming it by a foreign key moved to the other, the merged account removed with its sessions and
// its identity kept so that a sign-in with it lands on the survivor, and the audit line.
import { coded, type AccessUser, type AccountMerge } from '@carbon/shared';
import { withTransaction, type Pool } from '../../db/pool';
import { ConflictError, fieldIssue, InvalidError, NotFoundError } from '../../core/errors';
import { authorizeAccountMerge } from '../../policies';
import { writeAudit } from '../audit';
import type { Actor } from '../actor';
import * as q from './sql';
import { userAfter } from './index';

/** How the audit line names an account: its name (or email), id and issuer. */
const named = (a: q.MergeAccount) => `${a.name ?? a.email ?? 'no name'} (#${a.id}, ${a.iss})`;

export async function mergeAccounts(pool: Pool, actor: Actor, merge: AccountMerge): Promise<AccessUser> {
  const { from_user_id: fromId, into_user_id: intoId } = merge;
  if (fromId === intoId) {
    throw new InvalidError('Invalid request: into_user_id: an account cannot be merged into itself.', [fieldIssue('into_user_id', 'is the account to merge', coded('merge_into_itself'))]);
  }
  return withTransaction(pool, async (db) => {
    const locked = (await q.lockMergeAccounts(db, { fromId, intoId })).rows;
    const from = locked.find((a) => a.id === fromId);
    const into = locked.find((a) => a.id === intoId);
    if (!from) throw new NotFoundError(`No such user: ${fromId} (the account to merge).`, coded('no_such_user'));
    if (!into) throw new NotFoundError(`No such user: ${intoId} (the account to merge into).`, coded('no_such_user'));
    authorizeAccountMerge(actor, from, into);
    // Person numbers link people to their rows and directory roles: two different ones are two
    // people, whatever the names and emails say.
    if (from.person_number !== null && into.person_number !== null && from.person_number !== into.person_number) {
      throw new ConflictError(
        `These accounts carry different person numbers (${from.person_number} and ${into.person_number}): they are not the same person.`,
        coded('merge_person_numbers_differ', { merged: from.person_number, into: into.person_number }),
      );
    }
    const roles = (await q.moveUserRoles(db, { fromId, intoId })).rows;
    const moved = (await q.moveUserHistory(db, { fromId, intoId })).rows[0]!;
    await q.retireMergedAccount(db, { fromId, intoId });
    await writeAudit(db, {
      actorId: actor.id,
      action: 'user_merge',
      details: {
        merged_user_id: from.id,
        merged_user: named(from),
        merged_iss: from.iss,
        merged_sub: from.sub,
        merged_email: from.email,
        merged_person_number: from.person_number,
        merged_last_login_at: from.last_login_at,
        into_user_id: into.id,
        into_user: named(into),
        reason: merge.reason,
        moved_roles: roles.map((r) => `${r.role}${r.unit_name ? ` of ${r.unit_name}` : ''} (${r.source})`),
        moved_entries: moved.entries,
        moved_jobs: moved.jobs,
        moved_uploads: moved.uploads,
        moved_merges: moved.merges,
      },
    });
    return userAfter(db, intoId);
  });
}
