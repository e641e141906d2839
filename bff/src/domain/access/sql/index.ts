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
