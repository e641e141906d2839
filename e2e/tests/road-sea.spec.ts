// Acceptance: a principal adds a car trip on the professional travel page with the default
// factors and sees its figure, in the dialog, the table and the module total, without a reload;
// a ferry trip (no default factor row) shows that it has no figure, never 0 kg.
import { expect, test } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';
import { comboboxOf, entryDialog, expectNoReload, figure, figureOf, markNoReload, numberOf, pick, textboxOf } from '../support/ui';

test('a principal adds a hybrid car trip and sees its figure; a ferry trip has none', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'alice', `/u/${unit}/2025/professional-travel`);
  await markNoReload(page);
  await page.getByRole('tab', { name: /^Car, coach, bus or ferry trip/ }).click();
  const dialog = entryDialog(page);
  const place = `Hamburg ${Date.now()}`;

  const add = async (mode: string, km: string, trips: string, destination: string) => {
    await page.getByTestId('add-road_sea').click();
    await comboboxOf(dialog, 'Mode').click();
    await page.getByRole('option', { name: mode, exact: true }).click();
    await numberOf(dialog, 'One-way distance').fill(km);
    await numberOf(dialog, 'Number of trips').fill(trips);
    await textboxOf(dialog, 'Destination').fill(destination);
    await pick(page, comboboxOf(dialog, 'Traveler'), 'Martin', 'Alice Martin (100001)');
    await dialog.getByTestId('entry-save').click();
    await expect(dialog.getByTestId('result-traveler')).toHaveText('Alice Martin');
  };

  // 2 trips × 1,000 km × 0.12607 kg CO2e per vehicle-km (UK DESNZ 2024, average hybrid car),
  // the traveler alone in the car = 252.14 kg (shown to the kg).
  const before = await figureOf(page.getByTestId('module-total'));
  await add('Car, hybrid', '1000', '2', place);
  expect(figure(await dialog.getByTestId('result-distance').innerText())).toBe(2000);
  expect(figure(await dialog.getByTestId('result-kg').innerText())).toBeCloseTo(252.14, 0);
  await dialog.getByTestId('result-close').click();
  const row = page.getByTestId('entry-table-road_sea').locator('tbody tr', { hasText: place });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Car, hybrid');
  expect(figure(await row.getByTestId('row-kg').innerText())).toBeCloseTo(252.14, 0);
  await expect.poll(async () => Math.abs((await figureOf(page.getByTestId('module-total'))) - before - 0.25)).toBeLessThanOrEqual(0.06);

  // No default ferry factor: the trip is kept, with its distance and without a figure.
  await add('Ferry (foot passenger)', '70', '1', `Dover ${place}`);
  await expect(dialog.getByTestId('result-kg')).toHaveText('No emission factor applies to this entry yet.');
  await dialog.getByTestId('result-close').click();
  await expect(page.getByTestId('entry-table-road_sea').locator('tbody tr', { hasText: `Dover ${place}` })).toContainText('no factor');
  await expectNoReload(page);
});
