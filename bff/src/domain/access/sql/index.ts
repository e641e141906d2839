// Access management's SQL, one statement per file, each wrapped in a typed function.
import { sqlFolder } from '../../../db/statement';
import type { AccessUser, RoleSource, WaitingPrincipal } from '@carbon/shared';

const define = sqlFolder(import.meta.url, 'access');

export const accessUsers = define<{ userId: number | null; pattern: string | null; limit: number }, AccessUser>('accessUsers', { userId: 1, pattern: 2, limit: 3 });
export const waitingPrincipals = define<Record<never, never>, WaitingPrincipal>('waitingPrincipals', {});

interface RoleRef {
  userId: number;
  role: string;
  unitId: number | null;
}
export const lockRoleHolder = define<RoleRef, { id: number; name: string | null; source: RoleSource | null; in_directory: boolean; unit_name: string | null }>('lockRoleHolder', {
  userId: 1,
  role: 2,
  unitId: 3,
});
export const grantRole = define<RoleRef, { id: number }>('grantRole', { userId: 1, role: 2, unitId: 3 });
export const revokeRole = define<RoleRef, { source: RoleSource }>('revokeRole', { userId: 1, role: 2, unitId: 3 });

interface MergePair {
  fromId: number;
  intoId: number;
}
export interface MergeAccount {
  id: number;
  iss: string;
  sub: string;
  name: string | null;
  email: string | null;
  person_number: number | null;
  last_login_at: Date | null;
  roles: string[];
}
export const lockMergeAccounts = define<MergePair, MergeAccount>('lockMergeAccounts', { fromId: 1, intoId: 2 });
export const moveUserRoles = define<MergePair, { role: string; unit_name: string | null; source: RoleSource }>('moveUserRoles', { fromId: 1, intoId: 2 });
export const moveUserHistory = define<MergePair, { entries: number; jobs: number; uploads: number; merges: number }>('moveUserHistory', { fromId: 1, intoId: 2 });
export const retireMergedAccount = define<MergePair>('retireMergedAccount', { fromId: 1, intoId: 2 });

export const signInAccount = define<{ iss: string; sub: string; email: string | null; name: string | null; personNumber: number | null }, { id: number }>('signInAccount', {
  iss: 1,
  sub: 2,
  email: 3,
  name: 4,
  personNumber: 5,
});
