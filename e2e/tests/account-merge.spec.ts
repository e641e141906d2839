// One person, two accounts: Hugo's identity provider changed its issuer, so he signs in as a new
// account while the principal role an administrator once granted him sits on the old one. On the
// access page each row says which issuer it signs in with and when it last did, both are marked as
// accounts of the same person, a grant to the stale one is warned about, and the administrator
// merges the stale account into the live one: one row remains, with both accounts' roles, and the
// merge is on the audit trail with its reason. In English, and the account line in French.
import { expect, test } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf, withDb } from '../support/db';
import { expectAccessible } from '../support/axe';

const OLD = 'https://idp.example.org/realms/old';
const NEW = 'https://idp.example.org/realms/staff';
const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** 2024-03-01T09:00Z as the page writes it in English (in UTC, whatever the browser's zone). */
const STALE_SIGN_IN = 'last sign-in 3/1/24, 9:00:00\\sAM UTC';

test('an administrator tells one person\'s two accounts apart and merges the stale one into the live one', async ({ page }) => {
  // Two accessibility checks on top of the steps: more than the default minute on a loaded machine.
  test.setTimeout(180_000);
  const climate = await unitIdOf('CLIMATE-LAB');
  const ocean = await unitIdOf('OCEAN-LAB');
  await withDb(async (db) => {
    const insert = async (iss: string, lastLogin: string) =>
      Number(
        (
          await db.query<{ id: string }>(
            `INSERT INTO users (iss, sub, name, email, person_number, last_login_at) VALUES ($1, 'hugo', 'Hugo Lenoir', 'hugo@example.org', 300099, $2) RETURNING id`,
            [iss, lastLogin],
          )
        ).rows[0]!.id,
      );
    const stale = await insert(OLD, '2024-03-01T09:00:00Z');
    const live = await insert(NEW, new Date().toISOString());
    await db.query(`INSERT INTO user_roles (user_id, role, unit_id, source) VALUES ($1, 'principal', $2, 'manual'), ($3, 'standard', $4, 'manual')`, [stale, climate, live, ocean]);
  });

  await openAs(page, 'adam', '/backoffice/users');
  await page.getByTestId('users-search').fill('hugo');
  const rows = page.getByTestId('users-table').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  const staleRow = rows.filter({ hasText: OLD });
  const liveRow = rows.filter({ hasText: NEW });
  // Identical names and emails: the issuer and the last sign-in tell them apart.
  await expect(staleRow.getByTestId('user-account')).toHaveText(new RegExp(`^signs in with ${escaped(OLD)} · ${STALE_SIGN_IN}$`));
  await expect(liveRow.getByTestId('user-account')).toContainText(`signs in with ${NEW} · last sign-in `);
  await expect(staleRow.getByTestId('user-same-person')).toHaveText('Another account of this person');
  await expect(liveRow.getByTestId('user-same-person')).toHaveText('Another account of this person');
  await page.screenshot({ path: test.info().outputPath('two-accounts.png'), fullPage: true });
  await expectAccessible(page, 'the two accounts of one person');

  // A grant on the stale row says the person uses another account now.
  await staleRow.getByTestId('user-grant').click();
  const roleDialog = page.getByTestId('role-dialog');
  await expect(roleDialog.getByTestId('grant-other-account')).toContainText(`This person signed in more recently with another account (${NEW},`);
  await roleDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(roleDialog).toBeHidden();

  await staleRow.getByTestId('user-merge').click();
  const dialog = page.getByTestId('merge-dialog');
  await expect(dialog.getByTestId('merge-from')).toHaveText(new RegExp(`^Account merged: Hugo Lenoir, ${escaped(OLD)}, ${STALE_SIGN_IN}$`));
  await expectAccessible(page, 'the merge dialog');
  // The other account of the same person is proposed.
  await expect(dialog.getByTestId('merge-into')).toHaveValue(new RegExp(`^Hugo Lenoir — ${escaped(NEW)} — last sign-in `));
  // No reason: refused under the field, nothing merged.
  await dialog.getByTestId('merge-submit').click();
  await expect(dialog).toContainText(/at least 5 characters/i);
  const reason = dialog.getByRole('textbox', { name: /Reason/ });
  await reason.fill('His identity provider changed its issuer');
  await expect(reason).toHaveValue('His identity provider changed its issuer');
  await dialog.getByTestId('merge-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Accounts merged: Hugo Lenoir now signs in on one account.')).toBeVisible();

  // One row: the live account, with the role granted on the stale one, and no other account.
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('user-account')).toContainText(`signs in with ${NEW}`);
  await expect(rows.first().getByTestId('user-role')).toHaveText([/Standard user of Ocean Physics Lab.*granted here/, /Principal of Climate Dynamics Lab.*granted here/]);
  await expect(rows.first().getByTestId('user-same-person')).toHaveCount(0);
  await expect.poll(async () => withDb(async (db) => (await db.query(`SELECT iss FROM users WHERE sub = 'hugo'`)).rows.map((r) => r.iss))).toEqual([NEW]);

  await page.getByTestId('language-switch').click();
  await page.getByRole('option', { name: 'FR' }).click();
  await expect(rows.first().getByTestId('user-account')).toContainText(`se connecte via ${NEW} · dernière connexion `);
  await page.getByTestId('language-switch').click();
  await page.getByRole('option', { name: 'EN' }).click();

  // On the audit trail, with the reason and both accounts named.
  await page.getByTestId('nav-backoffice-audit').click();
  await expect(page).toHaveURL(/\/backoffice\/audit$/);
  await page.getByTestId('audit-action').click();
  await page.getByRole('option', { name: 'Accounts merged', exact: true }).click();
  const line = page.getByTestId('audit-table').locator('tbody tr').first();
  await expect(line).toContainText('His identity provider changed its issuer');
  await expect(line).toContainText(OLD);
  await expect(line).toContainText('Adam Admin');
});
