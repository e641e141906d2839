// /api/access (administrators: back-office `users`): who holds which role on which unit, from the
// unit directory or granted here; grants and revocations of principal and back-office roles, each
// with a mandatory reason, written to the audit trail.
// GET /?q → {users, more, waiting}; POST /grant and POST /revoke {user_id, role, unit_id?, reason} →
// the user with their roles after the change; POST /merge {from_user_id, into_user_id, reason} →
// the account merged into, with its roles after the merge.
import { Router } from 'express';
import type { Pool } from '../useCases/deps';
import { accessOverview, grantRole, mergeAccounts, revokeRole } from '../useCases/access';
import { requireBackoffice, userOf } from '../policies';
import { parseInput } from '../core/validate';
import { accessQuerySchema, mergeSchema, roleChangeSchema } from './access.schema';
import { jsonBody } from './body';

export function accessRoutes(pool: Pool): Router {
  const r = Router();
  r.get('/', requireBackoffice('users', 'view'), async (req, res) => {
    const { q } = parseInput(accessQuerySchema, req.query, 'query');
    res.json(await accessOverview(pool, userOf(req), q));
  });
  r.post('/grant', requireBackoffice('users', 'edit'), jsonBody(), async (req, res) => {
    res.json(await grantRole(pool, userOf(req), parseInput(roleChangeSchema, req.body)));
  });
  r.post('/revoke', requireBackoffice('users', 'edit'), jsonBody(), async (req, res) => {
    res.json(await revokeRole(pool, userOf(req), parseInput(roleChangeSchema, req.body)));
  });
  r.post('/merge', requireBackoffice('users', 'edit'), jsonBody(), async (req, res) => {
    res.json(await mergeAccounts(pool, userOf(req), parseInput(mergeSchema, req.body)));
  });
  return r;
}
