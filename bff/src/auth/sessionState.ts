// What the SPA knows of a session (`SessionState`): the user, their roles and permissions, and when
// the session expires. GET /api/v1/session answers it; index.html carries it too (http/spa.ts).
import type { SessionState } from '@carbon/shared';
import { expiries, type SessionLifetimes } from './session';
import type { CurrentUser } from './currentUser';

export function sessionState(user: CurrentUser, s: { createdAt: number; lastSeenAt: number }, lifetimes: SessionLifetimes): SessionState {
  const { grants, permissions, ...profile } = user;
  return {
    user: profile,
    roles: grants.map((g) => ({ role: g.role, unit_id: g.unitId })),
    permissions,
    ...expiries(s, lifetimes),
  };
}
