// Acceptance: a standard user answers the commuting survey for himself (the selector offers only
// him), sees his response's figure, finds that asking for a second response opens his own to
// change it, and finds it on his own footprint page beside the unit's figure per FTE; the unit's
// module total says what it is extrapolated from.
import { expect, test } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';
import { comboboxOf, entryDialog, figure, numberOf } from '../support/ui';

test('a standard user answers the commuting survey and sees it on his own footprint page', async ({ page, browser }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'bob', `/u/${unit}/2025/commuting`);
  await expect(page.getByTestId('own-only-note')).toHaveText('You see and edit only your own entries.');
  await expect(page.getByTestId('module-totals')).toHaveCount(0);
  // The demo responses are Alice's and Chloé's: none is his to see.
  await expect(page.getByTestId('entry-table-commute').locator('tbody')).not.toContainText('Alice Martin');

  await page.getByTestId('add-commute').click();
  const dialog = entryDialog(page);
  await comboboxOf(dialog, 'Main mode').click();
  await page.getByRole('option', { name: 'Train', exact: true }).click();
  await numberOf(dialog, 'One-way distance').fill('12');
  await numberOf(dialog, 'Days per week on site').fill('4');
  await expect(numberOf(dialog, 'Weeks on site per year')).toHaveValue('41');
  await comboboxOf(dialog, 'Respondent').click();
  await expect(page.getByRole('option')).toHaveText(['Bob Keller (100002)']);
  await page.getByRole('option', { name: 'Bob Keller (100002)' }).click();
  await dialog.getByTestId('entry-save').click();
  // 2 × 12 km × 4 days × 41 weeks = 3,936 km; no country given, so the world average train
  // factor: × 0.037 kg CO2e per passenger-km (Labos 1point5 'Train international', 2019 edition
  // applied to 2025: shared/src/modules/professionalTravel/factors/train/2019.csv, row RoW) = 145.63 kg.
  expect(figure(await dialog.getByTestId('result-kg').innerText())).toBeCloseTo(145.63, 0);
  await dialog.getByTestId('result-close').click();
  await expect(page.getByTestId('entry-table-commute').locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId('entry-table-commute')).toContainText('Bob Keller');

  // One response a year: asking to add another opens his own, and saving changes it.
  await page.getByTestId('add-commute').click();
  await expect(dialog.getByTestId('already-answered')).toHaveText('You already answered for 2025: this is your response, and saving changes it.');
  await expect(dialog.getByRole('heading')).toHaveText('Edit: Commuting survey response');
  await expect(numberOf(dialog, 'One-way distance')).toHaveValue('12');
  await numberOf(dialog, 'One-way distance').fill('10');
  await dialog.getByTestId('entry-save').click();
  // 2 × 10 km × 4 days × 41 weeks = 3,280 km × 0.037 (the world average train, as above) = 121.36 kg.
  expect(figure(await dialog.getByTestId('result-kg').innerText())).toBeCloseTo(121.36, 0);
  await dialog.getByTestId('result-close').click();
  await expect(page.getByTestId('entry-table-commute').locator('tbody tr')).toHaveCount(1);

  // His own footprint page: the commuting line holds his one response.
  await page.getByTestId('nav-me').click();
  await expect(page).toHaveURL(new RegExp(`/u/${unit}/2025/me$`));
  await expect(page.getByRole('heading', { name: 'My footprint in 2025' })).toBeVisible();
  const commuting = page.getByTestId('own-module-commuting');
  await expect(commuting).toContainText('Commuting');
  await expect(commuting).toContainText('from 1 entry of yours');
  // Under a tonne: in kg.
  await expect(commuting.getByTestId('own-module-total')).toContainText('kg CO2e');
  expect(figure(await commuting.getByTestId('own-module-total').innerText())).toBeCloseTo(121.36, 0);
  await expect(page.getByTestId('own-unit-per-fte')).not.toHaveText('—');

  // The principal sees the module's total with what it stands on: 3 responses out of 3.3 FTE.
  const principal = await browser.newPage();
  await openAs(principal, 'alice', `/u/${unit}/2025/commuting`);
  await expect(principal.getByTestId('extrapolation-note')).toContainText('Extrapolated from 3 responses');
  await principal.close();
});
