// Resolves the signed-in user and their permission map once per request.
import type { RequestHandler } from 'express';
import { permissionsFor, type PermissionMap, type RoleGrant, type SessionUser } from '@carbon/shared';
import type { Pool } from '../db/pool';
import type { AuthCache } from './authCache';

export interface CurrentUser extends SessionUser {
  grants: RoleGrant[];
  permissions: PermissionMap;
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: CurrentUser;
  }
}

const USER_WITH_ROLES = `
  SELECT u.id, u.sub, u.email, u.name, u.person_number,
         coalesce(json_agg(json_build_object('role', r.role, 'unitId', r.unit_id)) FILTER (WHERE r.id IS NOT NULL), '[]') AS grants
    FROM users u LEFT JOIN user_roles r ON r.user_id = u.id
   WHERE u.id = $1
   GROUP BY u.id`;

export async function loadUser(pool: Pool, userId: number): Promise<CurrentUser | undefined> {
  const { rows } = await pool.query<SessionUser & { grants: RoleGrant[] }>(USER_WITH_ROLES, [userId]);
  const row = rows[0];
  if (!row) return undefined;
  return { ...row, permissions: permissionsFor(row.grants) };
}

export function currentUser(pool: Pool, cache: AuthCache<CurrentUser>): RequestHandler {
  return async (req, _res, next) => {
    const userId = req.session?.userId;
    if (userId === undefined) return next();
    try {
      let user = cache.user(userId);
      if (!user) {
        const mark = cache.mark();
        user = await loadUser(pool, userId);
        if (user) cache.rememberUser(userId, user, mark);
      }
      req.user = user;
      next();
    } catch (err) {
      next(err);
    }
  };
}
