// Acceptance: a principal fills one entry of each buildings type through the generic module page
// (electricity, a heating fuel, a refrigerant leak) with the default factors; after each, the
// module total and the scope it belongs to move by the figure worked by hand, without a reload.
import { expect, test } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';
import { choose, comboboxOf, entryDialog, expectNoReload, figure, markNoReload, moduleTotals, movedBy, numberOf, textboxOf } from '../support/ui';

test('a principal adds electricity, a fuel and a refrigerant leak; totals and scopes update without reload', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'alice', `/u/${unit}/2025/buildings`);
  await markNoReload(page);
  await expect(page.getByRole('heading', { name: 'Buildings and energy' })).toBeVisible();
  const dialog = entryDialog(page);
  const site = `Test hall ${Date.now()}`;

  // Electricity: 10 MWh on the German grid × 0.34414 kg/kWh (the library's Ember life-cycle
  // intensity of 2024, applied to 2025: shared/src/modules/buildings/factors/electricity/2024.csv) = 3,441.4 kg, scope 2.
  let before = await moduleTotals(page);
  await page.getByRole('tab', { name: /^Electricity/ }).click();
  await page.getByTestId('add-electricity').click();
  await textboxOf(dialog, 'Site or building').fill(site);
  await numberOf(dialog, 'Consumption').fill('10');
  await choose(page, comboboxOf(dialog, 'Unit'), 'MWh', true);
  // The form offers the grid countries that have a factor this year.
  await comboboxOf(dialog, 'Grid country or supplier factor').click();
  await expect(page.getByRole('option', { name: 'FR', exact: true })).toBeVisible();
  await page.getByRole('option', { name: 'DE', exact: true }).click();
  await dialog.getByTestId('entry-save').click();
  expect(figure(await dialog.getByTestId('result-kg').innerText())).toBeCloseTo(3441.4, 0);
  await dialog.getByTestId('result-close').click();
  await expect(page.getByTestId('entry-table-electricity').locator('tbody tr', { hasText: site })).toHaveCount(1);
  await movedBy(async () => (await moduleTotals(page)).scope2, before.scope2, 3.4414);
  await movedBy(async () => (await moduleTotals(page)).module, before.module, 3.4414);
  expect((await moduleTotals(page)).scope1).toBe(before.scope1);

  // Natural gas: 1,000 m³ × 10.196 kWh/m³ × 0.23617 kg/kWh (UK DESNZ 2025, combustion 0.2027 +
  // well-to-tank 0.03347: shared/src/modules/buildings/factors/heating/2025.csv) = 2,407.99 kg, scope 1.
  before = await moduleTotals(page);
  await page.getByRole('tab', { name: /^Heating and fuels/ }).click();
  await page.getByTestId('add-heating').click();
  await textboxOf(dialog, 'Site or building').fill(site);
  await choose(page, comboboxOf(dialog, 'Energy carrier'), 'Natural gas', true);
  await numberOf(dialog, 'Quantity').fill('1000');
  await choose(page, comboboxOf(dialog, 'Unit'), 'm³', true);
  await dialog.getByTestId('entry-save').click();
  expect(figure(await dialog.getByTestId('result-kg').innerText())).toBeCloseTo(2407.99, 0);
  await dialog.getByTestId('result-close').click();
  await movedBy(async () => (await moduleTotals(page)).scope1, before.scope1, 2.408);
  expect((await moduleTotals(page)).scope2).toBe(before.scope2);

  // R-410A: 2 kg × (0.5 × 771 + 0.5 × 3,740) (IPCC AR6 GWP-100 of:
  // shared/src/modules/buildings/factors/refrigerant/2019.csv) = 4,511 kg, scope 1.
  before = await moduleTotals(page);
  await page.getByRole('tab', { name: /^Refrigerant leak/ }).click();
  await page.getByTestId('add-refrigerant').click();
  await textboxOf(dialog, 'Site or building').fill(site);
  await choose(page, comboboxOf(dialog, 'Gas'), 'R-410A', true);
  await numberOf(dialog, 'Recharged or lost').fill('2');
  await dialog.getByTestId('entry-save').click();
  expect(figure(await dialog.getByTestId('result-kg').innerText())).toBeCloseTo(4511, 0);
  await dialog.getByTestId('result-close').click();
  await movedBy(async () => (await moduleTotals(page)).scope1, before.scope1, 4.511);
  await movedBy(async () => (await moduleTotals(page)).module, before.module, 4.511);
  await expectNoReload(page);
});
