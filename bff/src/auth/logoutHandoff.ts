// Logout at the identity provider without the ID token ever reaching the browser's scripts. The
// provider's end-session URL carries the token (id_token_hint) so that the provider knows whose
// session to end without asking; answered to the SPA, the token would be readable by any script
// on the page. Instead, the logout that ends a session keeps its ID token in `logout_handoffs`
// under the hash of a random value, which the browser holds in an HttpOnly cookie scoped to one
// BFF route; the browser navigates there, the row is taken (once) and the answer is a 302 to the
// provider. The rows live in the database because the two requests may reach different instances.
import crypto from 'node:crypto';
import type { Pool } from '../db/pool';

export const LOGOUT_REDIRECT_PATH = '/api/v1/session/logout-redirect';
export const HANDOFF_COOKIE = 'logout_handoff';
/** The browser follows at once: a hand-off older than this is refused. */
export const HANDOFF_LIFETIME_MS = 2 * 60_000;

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** Keeps `idToken` for one redirect; returns the value for the browser's cookie. */
export async function storeHandoff(pool: Pool, idToken: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await pool.query(`DELETE FROM logout_handoffs WHERE created_at < now() - interval '10 minutes'`);
  await pool.query('INSERT INTO logout_handoffs (token_hash, id_token) VALUES ($1, $2)', [sha256(token), idToken]);
  return token;
}

/** The ID token of a fresh hand-off, which is consumed whether or not it is still fresh. */
export async function takeHandoff(pool: Pool, token: string): Promise<string | undefined> {
  const { rows } = await pool.query<{ id_token: string; age_ms: number }>(
    `DELETE FROM logout_handoffs WHERE token_hash = $1
     RETURNING id_token, extract(epoch FROM now() - created_at) * 1000 AS age_ms`,
    [sha256(token)],
  );
  const row = rows[0];
  return row && row.age_ms <= HANDOFF_LIFETIME_MS ? row.id_token : undefined;
}
