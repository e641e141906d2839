// Acceptance: a principal fills one device with a use phase through the generic module page, with
// the default factors; the module total, scope 3 (its manufacturing share) and scope 2 (its
// electricity) move by the figures worked by hand, without a reload.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';
import { comboboxOf, entryDialog, expectNoReload, figure, figureOf, markNoReload, numberOf, textboxOf } from '../support/ui';

async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The module's totals in tonnes, as shown (one decimal). */
async function totals(page: Page) {
  const scopes = page.getByTestId('module-totals').getByTestId('scope-figures');
  return {
    module: await figureOf(page.getByTestId('module-total')),
    scope2: await figureOf(scopes.getByTestId('scope-2-total')),
    scope3: await figureOf(scopes.getByTestId('scope-3-total')),
  };
}

async function movedBy(read: () => Promise<number>, before: number, delta: number): Promise<void> {
  await expect.poll(async () => Math.abs((await read()) - before - delta)).toBeLessThanOrEqual(0.11);
}

test('a principal adds a device with its use phase; totals and scopes update without reload', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'alice', `/u/${unit}/2025/equipment`);
  await markNoReload(page);
  await expect(page.getByRole('heading', { name: 'Equipment' })).toBeVisible();
  const dialog = entryDialog(page);
  const description = `Workstations ${Date.now()}`;
  const before = await totals(page);

  // 4 laptops bought in 2025, the default 260 kg over 3 years (EcoInfo Ecodiag): 346.7 kg, scope 3;
  // 50 W for 2,000 h each on the German grid (UBA, 0.363 kg/kWh): 400 kWh = 145.2 kg, scope 2.
  await page.getByTestId('add-device').click();
  await textboxOf(dialog, 'Description').fill(description);
  await choose(page, comboboxOf(dialog, 'Device type'), 'Laptop');
  await numberOf(dialog, 'Number of devices').fill('4');
  await numberOf(dialog, 'Acquisition year').fill('2025');
  await expect(dialog.getByText('Enter the use only if this electricity is not already metered in Buildings').first()).toBeVisible();
  await numberOf(dialog, 'Power').fill('50');
  await numberOf(dialog, 'Hours of use per year').fill('2000');
  // The form offers the grid countries with a factor this year.
  await choose(page, comboboxOf(dialog, 'Grid country'), 'DE');
  await dialog.getByTestId('entry-save').click();
  expect(figure(await dialog.getByTestId('result-kg').innerText())).toBeCloseTo(491.9, 0);
  await dialog.getByTestId('result-close').click();
  await expect(page.getByTestId('entry-table-device').locator('tbody tr', { hasText: description })).toHaveCount(1);

  await movedBy(async () => (await totals(page)).scope3, before.scope3, 0.3467);
  await movedBy(async () => (await totals(page)).scope2, before.scope2, 0.1452);
  await movedBy(async () => (await totals(page)).module, before.module, 0.4919);
  await expectNoReload(page);
});
