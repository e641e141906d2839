// Acceptance: empty required fields, out-of-range numbers and unknown airports show messages on
// their fields, and nothing is saved. The server's refusals are worded in the app's language.
import { expect, test, type Page } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';
import { comboboxOf, entryDialog, fieldBox, numberOf, pick, textboxOf } from '../support/ui';

async function total(page: Page, path: string): Promise<number> {
  const res = await page.request.get(`/api${path}?limit=1`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

test('the plane form shows field messages for empty, out-of-range and unknown values and saves nothing', async ({ page }) => {
  const unit = await unitIdOf('OCEAN-LAB');
  await openAs(page, 'dan', `/u/${unit}/2025/professional-travel`);
  const before = await total(page, `/modules/${unit}/2025/professional-travel/plane`);
  const dialog = entryDialog(page);

  await page.getByTestId('add-plane').click();
  await numberOf(dialog, 'Number of trips').fill('0');
  await dialog.getByTestId('entry-save').click();
  await expect(fieldBox(dialog, 'origin')).toContainText('Required');
  await expect(fieldBox(dialog, 'destination')).toContainText('Required');
  await expect(fieldBox(dialog, 'traveler_id')).toContainText('Required');
  await expect(fieldBox(dialog, 'number_of_trips')).toContainText('Must be at least 1');
  await expect(dialog.getByTestId('form-error')).toHaveText('Please correct the highlighted fields.');

  await numberOf(dialog, 'Number of trips').fill('1001');
  await dialog.getByTestId('entry-save').click();
  await expect(fieldBox(dialog, 'number_of_trips')).toContainText('Must be at most 1000');

  // An airport code nobody knows: typed, not picked; the server refuses it on the field.
  await numberOf(dialog, 'Number of trips').fill('1');
  await comboboxOf(dialog, 'Origin').click();
  await comboboxOf(dialog, 'Origin').fill('XQZ');
  await pick(page, comboboxOf(dialog, 'Destination'), 'JFK', /^JFK/);
  await pick(page, comboboxOf(dialog, 'Traveler'), 'dan', 'Dan Weber (200002)');
  await dialog.getByTestId('entry-save').click();
  await expect(fieldBox(dialog, 'origin')).toContainText('Unknown airport code XQZ');
  await expect(fieldBox(dialog, 'destination')).not.toContainText('unknown');
  await expect(dialog.getByTestId('entry-result')).toHaveCount(0);

  // A malformed code typed and saved at once, while the suggestions are still open: the save
  // takes the text the field shows (not the code refused before) and catches it before sending.
  await comboboxOf(dialog, 'Origin').fill('GENEVA-X');
  await dialog.getByTestId('entry-save').click();
  await expect(fieldBox(dialog, 'origin')).toContainText('Must be a three-letter IATA airport code');
  await expect(fieldBox(dialog, 'origin')).not.toContainText('Unknown airport code');

  expect(await total(page, `/modules/${unit}/2025/professional-travel/plane`)).toBe(before);
});

test('a French user sees the server refusal of an unknown airport in French', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('carbon.locale', 'fr'));
  const unit = await unitIdOf('OCEAN-LAB');
  await openAs(page, 'dan', `/u/${unit}/2025/professional-travel`);
  const before = await total(page, `/modules/${unit}/2025/professional-travel/plane`);
  const dialog = entryDialog(page);

  await page.getByTestId('add-plane').click();
  await comboboxOf(dialog, 'Origine').click();
  await comboboxOf(dialog, 'Origine').fill('XQZ');
  await pick(page, comboboxOf(dialog, 'Destination'), 'JFK', /^JFK/);
  await pick(page, comboboxOf(dialog, 'Voyageur'), 'dan', 'Dan Weber (200002)');
  await dialog.getByTestId('entry-save').click();
  await expect(fieldBox(dialog, 'origin')).toContainText('Code d’aéroport inconnu : XQZ');
  await expect(fieldBox(dialog, 'origin')).not.toContainText('unknown airport');
  await expect(dialog.getByTestId('entry-result')).toHaveCount(0);
  expect(await total(page, `/modules/${unit}/2025/professional-travel/plane`)).toBe(before);
});

test('the headcount form refuses an FTE above 1 and a malformed person number, and saves nothing', async ({ page }) => {
  const unit = await unitIdOf('OCEAN-LAB');
  await openAs(page, 'dan', `/u/${unit}/2025/headcount`);
  const before = await total(page, `/modules/${unit}/2025/headcount/member`);
  const dialog = entryDialog(page);

  await page.getByTestId('add-member').click();
  await textboxOf(dialog, 'Person number').fill('0123');
  await textboxOf(dialog, 'Name').fill('Out Of Range');
  await numberOf(dialog, 'FTE').fill('1.5');
  await dialog.getByTestId('entry-save').click();
  await expect(fieldBox(dialog, 'fte')).toContainText('Must be at most 1');
  await expect(fieldBox(dialog, 'user_institutional_id')).toContainText('Digits only, without a leading zero');
  await expect(fieldBox(dialog, 'name')).not.toContainText('Required');

  await textboxOf(dialog, 'Name').fill('');
  await dialog.getByTestId('entry-save').click();
  await expect(fieldBox(dialog, 'name')).toContainText('Required');

  expect(await total(page, `/modules/${unit}/2025/headcount/member`)).toBe(before);
});
