// Acceptance: a principal fills digital services through the generic module page with the default
// factors: a cloud bill and GPU-hours on a cluster; after each, the module total and scope 3 move
// by the figure worked by hand, without a reload.
import { expect, test } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';
import { choose, comboboxOf, entryDialog, expectNoReload, figure, markNoReload, moduleTotals, movedBy, numberOf, textboxOf } from '../support/ui';

test('a principal adds a cloud bill and GPU-hours; the total and scope 3 update without reload', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'alice', `/u/${unit}/2025/digital-services`);
  await markNoReload(page);
  await expect(page.getByRole('heading', { name: 'Digital services' })).toBeVisible();
  const dialog = entryDialog(page);
  const description = `Climate runs ${Date.now()}`;

  // 10,000 EUR of cloud compute × 0.11 kg CO2e per euro (ADEME Base Carbone, purchased services)
  // = 1,100 kg, scope 3.
  let before = await moduleTotals(page);
  await page.getByRole('tab', { name: /^Cloud and computing spend/ }).click();
  await page.getByTestId('add-cloud_spend').click();
  await textboxOf(dialog, 'Description').fill(`${description} cloud`);
  await textboxOf(dialog, 'Provider').fill('OVHcloud');
  await choose(page, comboboxOf(dialog, 'Service kind'), 'Compute', true);
  await numberOf(dialog, 'Amount paid').fill('10000');
  await expect(comboboxOf(dialog, 'Currency')).toHaveValue('Euro (EUR)');
  await dialog.getByTestId('entry-save').click();
  expect(figure(await dialog.getByTestId('result-kg').innerText())).toBeCloseTo(1100, 0);
  await dialog.getByTestId('result-close').click();
  await expect(page.getByTestId('entry-table-cloud_spend').locator('tbody tr', { hasText: `${description} cloud` })).toHaveCount(1);
  await movedBy(async () => (await moduleTotals(page)).scope3, before.scope3, 1.1);
  await movedBy(async () => (await moduleTotals(page)).module, before.module, 1.1);

  // 20,000 GPU-hours of an NVIDIA A100 PCIe 40 GB (250 W, Green Algorithms) = 5,000 kWh × the
  // default PUE 1.56 (Uptime Institute 2024) = 7,800 kWh × 0.363 kg/kWh (German grid, UBA)
  // = 2,831.4 kg, scope 3.
  before = await moduleTotals(page);
  await page.getByRole('tab', { name: /^Computing by use/ }).click();
  await page.getByTestId('add-compute_use').click();
  await textboxOf(dialog, 'Description').fill(`${description} GPU`);
  await choose(page, comboboxOf(dialog, 'Resource'), 'GPU-hours, NVIDIA A100 PCIe 40 GB', true);
  await numberOf(dialog, 'Quantity').fill('20000');
  // The form offers the grid countries that have a factor this year.
  await choose(page, comboboxOf(dialog, 'Country of the data centre'), 'DE', true);
  await dialog.getByTestId('entry-save').click();
  expect(figure(await dialog.getByTestId('result-kg').innerText())).toBeCloseTo(2831.4, 0);
  await dialog.getByTestId('result-close').click();
  await expect(page.getByTestId('entry-table-compute_use').locator('tbody tr', { hasText: `${description} GPU` })).toHaveCount(1);
  await movedBy(async () => (await moduleTotals(page)).scope3, before.scope3, 2.8314);
  await movedBy(async () => (await moduleTotals(page)).module, before.module, 2.8314);
  expect((await moduleTotals(page)).scope2).toBe(before.scope2);
  await expectNoReload(page);
});
