// Acceptance: a principal fills one purchase through the generic module page with the default
// factors; the module total and its scope 3 move by the figure worked by hand, without a reload.
import { expect, test } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';
import { comboboxOf, entryDialog, expectNoReload, fieldBox, figure, figureOf, markNoReload, numberOf, textboxOf } from '../support/ui';

test('a principal adds a purchase; the total and scope 3 update without reload', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'alice', `/u/${unit}/2025/purchases`);
  await markNoReload(page);
  await expect(page.getByRole('heading', { name: 'Purchases' })).toBeVisible();
  const totals = async () => ({
    module: await figureOf(page.getByTestId('module-total')),
    scope3: await figureOf(page.getByTestId('module-totals').getByTestId('scope-figures').getByTestId('scope-3-total')),
  });
  const before = await totals();
  const dialog = entryDialog(page);
  const description = `Maintenance contract ${Date.now()}`;

  // 10,000 EUR of services × 0.11 kg CO2e per euro (ADEME Base Carbone) = 1,100 kg, scope 3.
  await page.getByTestId('add-purchase').click();
  await textboxOf(dialog, 'Description').fill(description);
  await comboboxOf(dialog, 'Category').click();
  await page.getByRole('option', { name: 'Services', exact: true }).click();
  await numberOf(dialog, 'Amount paid').fill('10000');
  await expect(comboboxOf(dialog, 'Currency')).toHaveValue('Euro (EUR)');
  await fieldBox(dialog, 'purchase_date').locator('input').fill('2025-05-10');
  await dialog.getByTestId('entry-save').click();
  expect(figure(await dialog.getByTestId('result-kg').innerText())).toBeCloseTo(1100, 0);
  await dialog.getByTestId('result-close').click();
  await expect(page.getByTestId('entry-table-purchase').locator('tbody tr', { hasText: description })).toHaveCount(1);
  for (const key of ['module', 'scope3'] as const) {
    await expect.poll(async () => Math.abs((await totals())[key] - before[key] - 1.1)).toBeLessThanOrEqual(0.11);
  }
  await expectNoReload(page);
});
