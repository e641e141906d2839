// Walking skeleton, end to end: real login through the dev IdP in Chromium.
import { expect, test } from '@playwright/test';
import { ACCOUNTS, fillIdpForm, loginAs, type Username } from '../support/auth';
import { unitIdOf } from '../support/db';

for (const username of Object.keys(ACCOUNTS) as Username[]) {
  test(`${username} signs in through the IdP and lands on the page asked for`, async ({ page, context }) => {
    await loginAs(page, username, '/workspace');
    const cookie = (await context.cookies()).find((c) => c.name === 'auth_token');
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe('Strict');
    expect(cookie!.path).toBe('/');
    // host-only: no Domain attribute, so the cookie's domain is the bare host
    expect(cookie!.domain).toBe('localhost');
    // the address bar never keeps the authorization code
    expect(page.url()).not.toContain('code=');
  });
}

test('a principal sees their unit in the workspace', async ({ page }) => {
  await loginAs(page, 'alice');
  await expect(page.getByTestId('unit-card')).toHaveCount(1);
  await expect(page.getByTestId('unit-card')).toContainText('Climate Dynamics Lab');
  await expect(page.getByTestId('unit-card')).toContainText('2025');
});

test('logout destroys the session and the next login shows the IdP form again', async ({ page, context, request, baseURL }) => {
  // Every answer the app's scripts read (fetch/XHR), to check that no token is among them.
  const bodies: Promise<string>[] = [];
  page.on('response', (r) => {
    if (['fetch', 'xhr'].includes(r.request().resourceType())) bodies.push(r.text().catch(() => ''));
  });
  await loginAs(page, 'bob');
  const before = (await context.cookies()).find((c) => c.name === 'auth_token')!.value;
  // The way to the IdP's logout is a BFF route the browser navigates to, not a URL with the token.
  const handoff = page.waitForRequest((r) => r.url() === `${baseURL}/api/v1/session/logout-redirect` && r.isNavigationRequest());
  await page.getByTestId('logout').click();
  await handoff;
  await expect(page).toHaveURL(/\/login$/);
  // No JSON Web Token (the ID token is one) in any of them.
  expect((await Promise.all(bodies)).join('\n')).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
  expect((await context.cookies()).find((c) => c.name === 'auth_token')).toBeUndefined();

  // The old cookie value is refused by the server: the session is gone, not just forgotten.
  const replay = await request.get(`${baseURL}/api/v1/session`, { headers: { cookie: `auth_token=${before}` } });
  expect(replay.status()).toBe(401);

  await page.getByTestId('sign-in').click();
  await expect(page.getByLabel('Username')).toBeVisible();
});

test('a wrong password shows the IdP error and keeps the user out', async ({ page }) => {
  await page.goto('/workspace');
  await page.getByTestId('sign-in').click();
  await fillIdpForm(page, 'alice', 'not-her-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
  await expect(page.getByLabel('Username')).toHaveValue('alice');
});

test('a replayed exchange fails cleanly with a way back to sign in', async ({ page }) => {
  await page.goto('/workspace');
  await page.getByTestId('sign-in').click();
  await page.getByLabel('Username').fill('carol');
  await page.getByLabel('Password').fill(ACCOUNTS.carol.password);
  const callback = page.waitForRequest((r) => r.url().includes('/auth/complete?'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  const callbackUrl = (await callback).url();
  await expect(page).toHaveURL(/\/workspace$/);

  await page.goto(callbackUrl);
  await expect(page.getByTestId('auth-error')).toBeVisible();
  await page.getByTestId('back-to-login').click();
  await expect(page).toHaveURL(/\/login$/);
});

test('reloading /auth/complete after the code was used fails cleanly', async ({ page }) => {
  await loginAs(page, 'dan');
  await page.goto('/auth/complete');
  await expect(page.getByTestId('auth-error')).toBeVisible();
  await expect(page.getByTestId('back-to-login')).toBeVisible();
});

test('the language switch translates the app and persists', async ({ page }) => {
  await loginAs(page, 'alice');
  await page.getByTestId('language-switch').click();
  await page.getByRole('option', { name: 'FR' }).click();
  await expect(page.getByRole('heading', { name: 'Espace de travail' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Espace de travail' })).toBeVisible();
});

test('a signed-out visitor gets the sign-in page without an API request, and signs in from it', async ({ page }) => {
  // The page carries the session state (bff/src/http/spa.ts): nothing to ask before the click, so
  // neither the API nor its client (axios, src/api/http.ts) is fetched until then.
  const home = `/u/${await unitIdOf('CLIMATE-LAB')}/2025`;
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await page.goto(home);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expect(page.getByTestId('sign-in')).toBeVisible();
  expect(requests.filter((p) => p.startsWith('/api/'))).toEqual([]);
  expect(requests.filter((p) => /\/assets\/http-[\w-]+\.js$/.test(p))).toEqual([]);

  await page.getByTestId('sign-in').click();
  await fillIdpForm(page, 'alice', 'alice-demo');
  await expect(page).toHaveURL(new RegExp(`${home}$`));
  await expect(page.getByTestId('user-name')).toHaveText('Alice Martin');
  await expect(page.getByTestId('home-method')).toBeVisible();
  expect(requests).toContain('/api/v1/session/login');
});
