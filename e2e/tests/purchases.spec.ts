// Acceptance: a principal fills purchases through the generic module page with the default
// factors, one in euros and one in Swiss francs; the module total and its scope 3 move by the
// figures worked by hand, without a reload.
import { expect, test } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';
import { chooseAmong, comboboxOf, entryDialog, expectNoReload, fieldBox, figure, figureOf, markNoReload, numberOf, textboxOf } from '../support/ui';

test('a principal adds purchases in euros and in francs; the total and scope 3 update without reload', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'alice', `/u/${unit}/2025/purchases`);
  await markNoReload(page);
  await expect(page.getByRole('heading', { name: 'Purchases' })).toBeVisible();
  const totals = async () => ({
    module: await figureOf(page.getByTestId('module-total')),
    scope3: await figureOf(page.getByTestId('module-totals').getByTestId('scope-figures').getByTestId('scope-3-total')),
  });
  const dialog = entryDialog(page);
  const description = `Maintenance contract ${Date.now()}`;

  const add = async (category: string, amount: string, currency: string | null, kg: number) => {
    const before = await totals();
    await page.getByTestId('add-purchase').click();
    await textboxOf(dialog, 'Description').fill(`${description} ${category}`);
    await chooseAmong(page, comboboxOf(dialog, 'Category'), category, new RegExp(`^${category}`));
    await numberOf(dialog, 'Amount paid').fill(amount);
    if (currency) {
      await comboboxOf(dialog, 'Currency').click();
      await page.getByRole('option', { name: currency, exact: true }).click();
    } else {
      await expect(comboboxOf(dialog, 'Currency')).toHaveValue('Euro (EUR)');
    }
    await fieldBox(dialog, 'purchase_date').locator('input').fill('2025-05-10');
    await dialog.getByTestId('entry-save').click();
    expect(figure(await dialog.getByTestId('result-kg').innerText())).toBeCloseTo(kg, 0);
    await dialog.getByTestId('result-close').click();
    await expect(page.getByTestId('entry-table-purchase').locator('tbody tr', { hasText: `${description} ${category}` })).toHaveCount(1);
    for (const key of ['module', 'scope3'] as const) {
      await expect.poll(async () => Math.abs((await totals())[key] - before[key] - kg / 1000)).toBeLessThanOrEqual(0.11);
    }
  };

  // The ratios are per euro of 2019 (Labos 1point5: shared/src/modules/purchases/factors/purchase/2019.csv): euros of
  // 2025 are brought to 2019 with the euro-area HICP, × 104.80 / 128.75
  // (shared/src/modules/purchases/factors/price_index/2019.csv).
  // 10,000 EUR of services = 8,139.81 EUR of 2019 × 0.15 kg CO2e per euro = 1,220.97 kg, scope 3.
  await add('Services', '10000', null, 1220.97);
  // 1,000 CHF × 1.067201 EUR per CHF (ECB 2025 annual average: shared/src/modules/purchases/factors/exchange_rate/2025.csv)
  // = 1,067.20 EUR = 868.69 EUR of 2019 × 0.31 (unclassified: the average research-lab purchase
  // mix) = 269.29 kg.
  await add('Unclassified purchases', '1000', 'Swiss franc (CHF)', 269.29);
  await expectNoReload(page);
});
