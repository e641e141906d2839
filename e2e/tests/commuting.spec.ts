// Acceptance: a standard user answers the commuting survey for himself (the selector offers only
// him), sees his response's figure, and finds it on his own footprint page beside the unit's
// figure per FTE; the unit's module total says what it is extrapolated from.
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
  // 2 × 12 km × 4 days × 41 weeks = 3,936 km × 0.03546 kg CO2e per passenger-km (UK DESNZ 2024,
  // national rail) = 139.57 kg.
  expect(figure(await dialog.getByTestId('result-kg').innerText())).toBeCloseTo(139.57, 0);
  await dialog.getByTestId('result-close').click();
  await expect(page.getByTestId('entry-table-commute').locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId('entry-table-commute')).toContainText('Bob Keller');

  // His own footprint page: the commuting line holds his one response.
  await page.getByTestId('nav-me').click();
  await expect(page).toHaveURL(new RegExp(`/u/${unit}/2025/me$`));
  await expect(page.getByRole('heading', { name: 'My footprint in 2025' })).toBeVisible();
  const commuting = page.getByTestId('own-module-commuting');
  await expect(commuting).toContainText('Commuting');
  await expect(commuting).toContainText('from 1 entry of yours');
  expect(figure(await commuting.getByTestId('own-module-total').innerText())).toBeCloseTo(0.1, 1);
  await expect(page.getByTestId('own-unit-per-fte')).not.toHaveText('—');

  // The principal sees the module's total with what it stands on: 3 responses out of 3.3 FTE.
  const principal = await browser.newPage();
  await openAs(principal, 'alice', `/u/${unit}/2025/commuting`);
  await expect(principal.getByTestId('extrapolation-note')).toContainText('Extrapolated from 3 responses');
  await principal.close();
});
