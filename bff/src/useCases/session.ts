// The session's use cases: a login started, its pending row taken back, the sign-in recorded,
// the user loaded, and the logout hand-off. Whoever reaches these may: they are how one gets a
// session, so there is no policy to ask (the route's rate limit and browser binding guard them).
import type { Pool } from '../db/pool';
import { withTransaction } from '../db/pool';
import { signInAccount, type SignInIdentity } from '../domain/access';
import { writeAudit } from '../domain/audit';
import { loadUser, type CurrentUser } from '../auth/currentUser';
import { storePendingLogin, takePendingLogin, type PendingLogin } from '../auth/pendingLogins';
import { storeHandoff, takeHandoff } from '../auth/logoutHandoff';

export const startLogin = (pool: Pool, p: PendingLogin): Promise<void> => storePendingLogin(pool, p);

/** The pending login of this state and browser, consumed; undefined when there is none or it is
 * older than `maxAgeMs`. */
export async function takeLogin(pool: Pool, state: string, browserHash: string, maxAgeMs: number) {
  const pending = await takePendingLogin(pool, state, browserHash);
  return pending && pending.age_ms <= maxAgeMs ? pending : undefined;
}

/** The account and the sign-in's audit line together: a failed update leaves no line. */
export function recordSignIn(pool: Pool, identity: SignInIdentity, address: string | null): Promise<number> {
  return withTransaction(pool, async (db) => {
    const id = await signInAccount(db, identity);
    await writeAudit(db, { actorId: id, action: 'sign_in', details: { address } });
    return id;
  });
}

export const sessionUser = (pool: Pool, userId: number): Promise<CurrentUser | undefined> => loadUser(pool, userId);

export const keepLogoutToken = (pool: Pool, idToken: string): Promise<string> => storeHandoff(pool, idToken);

export const takeLogoutToken = (pool: Pool, token: string): Promise<string | undefined> => takeHandoff(pool, token);
