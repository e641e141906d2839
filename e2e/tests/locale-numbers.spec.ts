// Acceptance: number fields read the user's language. In French a comma is the decimal mark: a
// purchase of "1234,50" EUR is stored as 1234.5 and a member's "0,8" FTE as 0.8, each field
// saying before the save what it will store. In English a comma that cannot group thousands is
// refused with the way to write the number, and nothing is saved.
import { expect, test } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf, withDb } from '../support/db';
import { chooseAmong, comboboxOf, entryDialog, fieldBox, textboxOf } from '../support/ui';

const THIN_SPACE = '\u202f';

async function storedData(type: string, field: string, value: string): Promise<Record<string, unknown>[]> {
  const { rows } = await withDb((db) =>
    db.query<{ data: Record<string, unknown> }>(`SELECT data FROM data_entries WHERE data_entry_type = $1 AND data->>$2 = $3`, [type, field, value]),
  );
  return rows.map((r) => r.data);
}

test('in French, comma decimals are stored as typed: 1234,50 EUR and 0,8 FTE', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('carbon.locale', 'fr'));
  const unit = await unitIdOf('OCEAN-LAB');
  const dialog = entryDialog(page);

  await openAs(page, 'dan', `/u/${unit}/2025/purchases`);
  const description = `Contrat FR ${Date.now()}`;
  await page.getByTestId('add-purchase').click();
  await textboxOf(dialog, 'Description').fill(description);
  await chooseAmong(page, comboboxOf(dialog, 'Catégorie'), 'Services (a', /^Services \(agrégat/);
  await fieldBox(dialog, 'amount').locator('input').fill('1234,50');
  await expect(fieldBox(dialog, 'amount')).toContainText(`Sera enregistré comme 1${THIN_SPACE}234,5`);
  await fieldBox(dialog, 'purchase_date').locator('input').fill('2025-05-10');
  await dialog.getByTestId('entry-save').click();
  await expect(dialog.getByTestId('entry-result')).toBeVisible();
  await dialog.getByTestId('result-close').click();
  expect((await storedData('purchase', 'description', description)).map((d) => d.amount)).toEqual([1234.5]);

  await page.goto(`/u/${unit}/2025/headcount`);
  const personNumber = String(700000 + (Date.now() % 99999));
  await page.getByTestId('add-member').click();
  await textboxOf(dialog, 'Numéro de personne').fill(personNumber);
  await textboxOf(dialog, 'Nom').fill('Virgule Décimale');
  await fieldBox(dialog, 'fte').locator('input').fill('0,8');
  await expect(fieldBox(dialog, 'fte')).toContainText('Sera enregistré comme 0,8');
  await dialog.getByTestId('entry-save').click();
  await expect(dialog.getByTestId('entry-result')).toBeVisible();
  expect((await storedData('member', 'user_institutional_id', personNumber)).map((d) => d.fte)).toEqual([0.8]);
});

test('in English, "1,5" is refused with the way to write it, and "1,234" is one thousand two hundred thirty-four', async ({ page }) => {
  const unit = await unitIdOf('OCEAN-LAB');
  const dialog = entryDialog(page);
  await openAs(page, 'dan', `/u/${unit}/2025/purchases`);
  const description = `Contract EN ${Date.now()}`;
  await page.getByTestId('add-purchase').click();
  await textboxOf(dialog, 'Description').fill(description);
  await chooseAmong(page, comboboxOf(dialog, 'Category'), 'Services (a', /^Services \(aggregate/);
  await fieldBox(dialog, 'purchase_date').locator('input').fill('2025-05-10');
  await fieldBox(dialog, 'amount').locator('input').fill('1,5');
  await dialog.getByTestId('entry-save').click();
  await expect(fieldBox(dialog, 'amount')).toContainText('In English the decimal mark is a point: type 1.5');
  await expect(dialog.getByTestId('entry-result')).toHaveCount(0);
  expect(await storedData('purchase', 'description', description)).toEqual([]);

  await fieldBox(dialog, 'amount').locator('input').fill('1,234');
  await expect(fieldBox(dialog, 'amount')).toContainText(`Will be saved as 1${THIN_SPACE}234`);
  await dialog.getByTestId('entry-save').click();
  await expect(dialog.getByTestId('entry-result')).toBeVisible();
  expect((await storedData('purchase', 'description', description)).map((d) => d.amount)).toEqual([1234]);
});
