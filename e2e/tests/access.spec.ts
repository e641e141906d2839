// Access management and the audit trail on the real stack: the administrator Adam grants Carol
// (standard user of the Ocean Physics Lab) the principal role of the Climate Dynamics Lab with a
// reason on one instance, and Carol's next page load on ANOTHER instance of the same database has
// it; Adam revokes it and her next page load there no longer has it; both changes are on the
// audit page with their reasons. Back-office reads the audit trail but has no access page; a
// standard user gets neither.
import fs from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';
import { choose } from '../support/ui';
import { startSecondInstance, type SecondInstance } from '../support/secondInstance';

async function pageOf(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** The role chips of Carol's row on the access page. */
const carolRoles = (page: Page) => page.getByTestId('users-table').locator('tr', { hasText: 'Carol Rossi' }).getByTestId('user-role');

/** Types the reason and waits until the field holds it, so the submit sends it. */
async function fillReason(dialog: Locator, reason: string): Promise<void> {
  const field = dialog.getByRole('textbox', { name: /Reason/ });
  await field.fill(reason);
  await expect(field).toHaveValue(reason);
}

let second: SecondInstance | undefined;
test.afterAll(async () => second?.stop());

test('an administrator grants a principal role with a reason, the user has it at once on another instance, then it is revoked', async ({ page, browser }) => {
  test.setTimeout(180_000);
  second = await startSecondInstance();
  const climate = await unitIdOf('CLIMATE-LAB');
  const carol = await pageOf(browser);
  await openAs(carol, 'carol', '/workspace');
  // From here on Carol's pages come from the second instance, with the session of her sign-in.
  const climateHome = `${second.url}/u/${climate}/2025`;
  await carol.goto(climateHome);
  await expect(carol.getByTestId('user-name')).toHaveText('Carol Rossi');
  await expect(carol.getByTestId('forbidden')).toBeVisible();

  await openAs(page, 'adam', '/backoffice/users');
  await page.getByTestId('users-search').fill('carol');
  // The search reloads the list after its debounce: wait for that reload (Carol's row alone) so
  // that it does not land while the dialog below is being filled.
  await expect(page.getByTestId('users-table').locator('tbody tr')).toHaveCount(1);
  await expect(carolRoles(page)).toHaveText([/Standard user of Ocean Physics Lab.*granted here/]);
  await page.getByTestId('users-table').locator('tr', { hasText: 'Carol Rossi' }).getByTestId('user-grant').click();
  const dialog = page.getByTestId('role-dialog');
  await choose(page, dialog.getByTestId('role-select'), 'Principal', true);
  await choose(page, dialog.getByTestId('role-unit'), 'Climate Dynamics Lab');
  // No reason: refused, said under the field, nothing granted.
  await dialog.getByTestId('role-submit').click();
  await expect(dialog).toContainText(/at least 5 characters/i);
  await fillReason(dialog, 'Acting principal during the 2025 campaign');
  await dialog.getByTestId('role-submit').click();
  await expect(dialog).toBeHidden();
  await expect(carolRoles(page)).toContainText([/Principal of Climate Dynamics Lab.*granted here/]);

  // Carol's next page load, on the other instance, has the role.
  await carol.goto(climateHome);
  await expect(carol.getByTestId('forbidden')).toBeHidden();
  await expect(carol.getByText('Climate Dynamics Lab').first()).toBeVisible();

  await carolRoles(page).filter({ hasText: 'Principal of Climate Dynamics Lab' }).getByRole('button', { name: /Revoke/ }).click();
  await fillReason(dialog, 'Campaign over');
  await dialog.getByTestId('role-submit').click();
  await expect(dialog).toBeHidden();
  await expect(carolRoles(page)).toHaveText([/Standard user of Ocean Physics Lab/]);

  await carol.goto(climateHome);
  await expect(carol.getByTestId('forbidden')).toBeVisible();
  await carol.context().close();

  // Both changes, with their reasons, on the audit page.
  await page.getByTestId('nav-backoffice-audit').click();
  await expect(page).toHaveURL(/\/backoffice\/audit$/);
  await choose(page, page.getByTestId('audit-action'), 'Role granted');
  const table = page.getByTestId('audit-table');
  await expect(table.locator('tbody tr').first()).toContainText('Acting principal during the 2025 campaign');
  await expect(table.locator('tbody tr').first()).toContainText('Adam Admin');
  await choose(page, page.getByTestId('audit-action'), 'Role revoked');
  await expect(table.locator('tbody tr').first()).toContainText('Campaign over');
  const download = page.waitForEvent('download');
  await page.getByTestId('audit-export').click();
  const file = await (await download).path();
  const text = fs.readFileSync(file, 'utf8');
  expect(text).toContain('role_revoke');
  expect(text).not.toContain('role_grant');
});

test('back-office reads the audit trail but has no access page; a standard user has neither', async ({ page, browser }) => {
  await openAs(page, 'olga', '/backoffice/audit');
  await expect(page.getByTestId('audit-page')).toBeVisible();
  await expect(page.getByTestId('nav-backoffice-users')).toHaveCount(0);
  await page.goto('/backoffice/users');
  await expect(page.getByTestId('forbidden')).toBeVisible();

  const bob = await pageOf(browser);
  await openAs(bob, 'bob', '/workspace');
  await bob.goto('/backoffice/audit');
  await expect(bob.getByTestId('forbidden')).toBeVisible();
  await bob.context().close();
});
