// Logging in as a person does: the SPA's Sign-in button, then the IdP's own form.
import { expect, type Page } from '@playwright/test';

export const ACCOUNTS = {
  alice: { password: 'alice-demo', name: 'Alice Martin' },
  bob: { password: 'bob-demo', name: 'Bob Keller' },
  carol: { password: 'carol-demo', name: 'Carol Rossi' },
  dan: { password: 'dan-demo', name: 'Dan Weber' },
  olga: { password: 'olga-demo', name: 'Olga Novak' },
  adam: { password: 'adam-demo', name: 'Adam Admin' },
} as const;
export type Username = keyof typeof ACCOUNTS;

/** Fills the identity provider's form (the page must already show it). */
export async function fillIdpForm(page: Page, username: string, password: string): Promise<void> {
  await expect(page.getByLabel('Username')).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens `path`, is sent to /login, signs in through the IdP and lands back on `path`. */
export async function loginAs(page: Page, username: Username, path = '/workspace'): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login/);
  await page.getByTestId('sign-in').click();
  await fillIdpForm(page, username, ACCOUNTS[username].password);
  // The code exchange crosses the BFF and the IdP's process: on a loaded machine it takes more
  // than the usual ten seconds.
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`), { timeout: 30_000 });
  await expect(page.getByTestId('user-name')).toHaveText(ACCOUNTS[username].name);
}
