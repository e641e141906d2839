// Acceptance: a principal fills one device with a use phase through the generic module page, with
// the default factors; the module total, scope 3 (its manufacturing share) and scope 2 (its
// electricity) move by the figures worked by hand, without a reload.
import { expect, test } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';
import { choose, comboboxOf, entryDialog, expectNoReload, figure, markNoReload, moduleTotals, movedBy, numberOf, textboxOf } from '../support/ui';

test('a principal adds a device with its use phase; totals and scopes update without reload', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'alice', `/u/${unit}/2025/equipment`);
  await markNoReload(page);
  await expect(page.getByRole('heading', { name: 'Equipment' })).toBeVisible();
  const dialog = entryDialog(page);
  const description = `Workstations ${Date.now()}`;
  const before = await moduleTotals(page);

  // 4 laptops bought in 2025, the default 260 kg over 3 years (EcoInfo Ecodiag:
  // shared/src/modules/equipment/factors/device/2019.csv): 4 × 260 / 3 = 346.7 kg, scope 3; 50 W for 2,000 h each
  // on the German grid: 400 kWh × 0.34414 kg/kWh (Ember 2024, applied to 2025:
  // shared/src/modules/buildings/factors/electricity/2024.csv) = 137.66 kg, scope 2; 484.32 kg in all.
  await page.getByTestId('add-device').click();
  await textboxOf(dialog, 'Description').fill(description);
  await choose(page, comboboxOf(dialog, 'Device type'), 'Laptop', true);
  await numberOf(dialog, 'Number of devices').fill('4');
  await numberOf(dialog, 'Acquisition year').fill('2025');
  await expect(dialog.getByText('Enter the use only if this electricity is not already metered in Buildings').first()).toBeVisible();
  await numberOf(dialog, 'Power').fill('50');
  await numberOf(dialog, 'Hours of use per year').fill('2000');
  // The form offers the grid countries with a factor this year.
  await choose(page, comboboxOf(dialog, 'Grid country'), 'DE', true);
  await dialog.getByTestId('entry-save').click();
  expect(figure(await dialog.getByTestId('result-kg').innerText())).toBeCloseTo(484.32, 0);
  await dialog.getByTestId('result-close').click();
  await expect(page.getByTestId('entry-table-device').locator('tbody tr', { hasText: description })).toHaveCount(1);

  await movedBy(async () => (await moduleTotals(page)).scope3, before.scope3, 0.3467);
  await movedBy(async () => (await moduleTotals(page)).scope2, before.scope2, 0.1377);
  await movedBy(async () => (await moduleTotals(page)).module, before.module, 0.4843);
  await expectNoReload(page);
});
