// Sign-ins under way: the state, PKCE verifier, nonce and return path of a login started here,
// bound to the browser by a hash. In the database, because the code may come back to another
// instance.
import type { Pool } from '../db/pool';

export interface PendingLogin {
  state: string;
  browserHash: string;
  codeVerifier: string;
  nonce: string;
  returnTo: string;
}

/** Stores a login, first dropping those older than any that may still complete. */
export async function storePendingLogin(pool: Pool, p: PendingLogin): Promise<void> {
  await pool.query(`DELETE FROM pending_logins WHERE created_at < now() - interval '10 minutes'`);
  await pool.query('INSERT INTO pending_logins (state, browser_hash, code_verifier, nonce, return_to) VALUES ($1, $2, $3, $4, $5)', [p.state, p.browserHash, p.codeVerifier, p.nonce, p.returnTo]);
}

/** Takes the login of this state and browser, single use: the row is consumed whether or not the
 * code is then accepted. */
export async function takePendingLogin(pool: Pool, state: string, browserHash: string): Promise<{ code_verifier: string; nonce: string; return_to: string; age_ms: number } | undefined> {
  const { rows } = await pool.query<{ code_verifier: string; nonce: string; return_to: string; age_ms: number }>(
    `DELETE FROM pending_logins WHERE state = $1 AND browser_hash = $2
     RETURNING code_verifier, nonce, return_to, extract(epoch FROM now() - created_at) * 1000 AS age_ms`,
    [state, browserHash],
  );
  return rows[0];
}
