// Signing in once per user and worker: the first test that needs a user signs in through the
// IdP form (loginAs); later tests reuse that session's cookie. This keeps a full run under the
// BFF's sign-in rate limit (30 starts or exchanges per minute per address, a fixed window); if
// the limit is hit anyway (the auth tests sign in many times), the sign-in waits for the window
// to pass and tries once more.
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, loginAs, type Username } from './auth';

type Cookies = Awaited<ReturnType<ReturnType<Page['context']>['cookies']>>;
const sessions = new Map<Username, Cookies>();
const RATE_WINDOW_MS = 61_000;

async function signIn(page: Page, username: Username, path: string): Promise<void> {
  try {
    await loginAs(page, username, path);
  } catch (err) {
    if ((await page.getByText('Too many sign-in attempts').count()) === 0) throw err;
    test.info().setTimeout(test.info().timeout + RATE_WINDOW_MS);
    await page.waitForTimeout(RATE_WINDOW_MS);
    await page.context().clearCookies();
    await loginAs(page, username, path);
  }
}

export async function openAs(page: Page, username: Username, path: string): Promise<void> {
  const cookies = sessions.get(username);
  if (cookies) {
    await page.context().addCookies(cookies);
    await page.goto(path);
    if (!/\/login/.test(page.url())) {
      await expect(page.getByTestId('user-name')).toHaveText(ACCOUNTS[username].name);
      return;
    }
    // The session ended (timeout, logout elsewhere): sign in again.
    sessions.delete(username);
    await page.context().clearCookies();
  }
  await signIn(page, username, path);
  sessions.set(
    username,
    (await page.context().cookies()).filter((c) => c.name === 'auth_token'),
  );
}
