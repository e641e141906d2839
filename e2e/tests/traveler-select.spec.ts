// Acceptance: the traveler selector shows the warning banner on a unit/year whose headcount has
// no members, and the create-headcount message where the headcount module does not exist; in
// English and in French. The two reports are arranged in SQL (a year no other test uses).
import { expect, test, type Page } from '@playwright/test';
import { openAs } from '../support/session';
import { ensureReport, unitIdOf } from '../support/db';
import { entryDialog } from '../support/ui';

const EMPTY_HEADCOUNT_YEAR = 2019;
const NO_HEADCOUNT_YEAR = 2018;

const BANNER = {
  en: 'No headcount members with a person number found. Add members in the Headcount module first.',
  fr: "Aucun membre de l'effectif avec un numéro de personne. Ajoutez d'abord des membres dans le module Effectif.",
};
const CREATE_HEADCOUNT = {
  en: 'There is no headcount for this unit and year. Create the headcount first, then choose the traveler.',
  fr: 'Il n’y a pas d’effectif pour cette unité et cette année. Créez d’abord l’effectif, puis choisissez le voyageur.',
};

async function switchLanguage(page: Page, label: 'EN' | 'FR'): Promise<void> {
  await page.getByTestId('language-switch').click();
  await page.getByRole('option', { name: label }).click();
}

test.beforeAll(async () => {
  await ensureReport('CLIMATE-LAB', EMPTY_HEADCOUNT_YEAR, ['headcount', 'professional_travel']);
  await ensureReport('CLIMATE-LAB', NO_HEADCOUNT_YEAR, ['professional_travel']);
});

test('an empty headcount shows the warning banner in the traveler selector, in English and French', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'alice', `/u/${unit}/${EMPTY_HEADCOUNT_YEAR}/professional-travel`);
  const dialog = entryDialog(page);

  await page.getByTestId('add-plane').click();
  await expect(dialog.getByTestId('no-members-banner')).toHaveText(BANNER.en);
  await expect(dialog.getByTestId('no-headcount-message')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await switchLanguage(page, 'FR');
  await page.getByTestId('add-plane').click();
  await expect(dialog.getByTestId('no-members-banner')).toHaveText(BANNER.fr);
  await page.keyboard.press('Escape');
  await switchLanguage(page, 'EN');
});

test('a missing headcount module shows the create-headcount message, in English and French', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'alice', `/u/${unit}/${NO_HEADCOUNT_YEAR}/professional-travel`);
  const dialog = entryDialog(page);

  await page.getByTestId('add-plane').click();
  await expect(dialog.getByTestId('no-headcount-message')).toHaveText(CREATE_HEADCOUNT.en);
  await expect(dialog.getByTestId('no-members-banner')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await switchLanguage(page, 'FR');
  await page.getByTestId('add-plane').click();
  await expect(dialog.getByTestId('no-headcount-message')).toHaveText(CREATE_HEADCOUNT.fr);
  await page.keyboard.press('Escape');
  await switchLanguage(page, 'EN');
});
