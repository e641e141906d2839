// Acceptance: a principal fills digital services through the generic module page with the default
// factors: a cloud bill, GPU-hours on a cluster and the year's requests to an AI service; after
// each, the module total and scope 3 move by the figure worked by hand, without a reload.
import { expect, test, type Locator } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';
import { choose, comboboxOf, entryDialog, expectNoReload, figure, markNoReload, moduleTotals, movedBy, numberOf, textboxOf } from '../support/ui';

test('a principal adds a cloud bill, GPU-hours and AI requests; the total and scope 3 update without reload', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'alice', `/u/${unit}/2025/digital-services`);
  await markNoReload(page);
  await expect(page.getByRole('heading', { name: 'Digital services' })).toBeVisible();
  const dialog = entryDialog(page);
  const description = `Climate runs ${Date.now()}`;

  /** Adds a row of `type` from its tab, filled by `fill`; its figure is `kg`, and the module total
   * and scope 3 (never scope 2) move by it. */
  const add = async (tab: RegExp, type: string, name: string, fill: (dialog: Locator) => Promise<void>, kg: number) => {
    const before = await moduleTotals(page);
    await page.getByRole('tab', { name: tab }).click();
    await page.getByTestId(`add-${type}`).click();
    await textboxOf(dialog, 'Description').fill(`${description} ${name}`);
    await fill(dialog);
    await dialog.getByTestId('entry-save').click();
    expect(figure(await dialog.getByTestId('result-kg').innerText())).toBeCloseTo(kg, 0);
    await dialog.getByTestId('result-close').click();
    await expect(page.getByTestId(`entry-table-${type}`).locator('tbody tr', { hasText: `${description} ${name}` })).toHaveCount(1);
    await movedBy(async () => (await moduleTotals(page)).scope3, before.scope3, kg / 1000);
    await movedBy(async () => (await moduleTotals(page)).module, before.module, kg / 1000);
    expect((await moduleTotals(page)).scope2).toBe(before.scope2);
  };

  // 10,000 EUR of cloud compute in 2025 euros × 104.80 / 128.75 (euro-area HICP of 2019 over
  // 2025: shared/src/modules/purchases/factors/price_index/2019.csv) = 8,139.81 EUR of 2019 × 0.13 kg CO2e per euro
  // of 2019 (shared/src/modules/digitalServices/factors/cloud_spend/2019.csv) = 1,058.17 kg, scope 3.
  await add(/^Cloud and computing spend/, 'cloud_spend', 'cloud', async (d) => {
    await textboxOf(d, 'Provider').fill('OVHcloud');
    await choose(page, comboboxOf(d, 'Service kind'), 'Compute', true);
    await numberOf(d, 'Amount paid').fill('10000');
    await expect(comboboxOf(d, 'Currency')).toHaveValue('Euro (EUR)');
  }, 1058.17);

  // 20,000 GPU-hours of an NVIDIA A100 PCIe 40 GB (250 W, Green Algorithms:
  // shared/src/modules/digitalServices/factors/compute_use/2019.csv) = 5,000 kWh × the default PUE 1.56 (Uptime Institute
  // 2024: shared/src/modules/digitalServices/factors/data_centre_pue/2024.csv) = 7,800 kWh × 0.34414 kg/kWh (German grid,
  // Ember 2024 applied to 2025: shared/src/modules/buildings/factors/electricity/2024.csv) = 2,684.29 kg, scope 3.
  await add(/^Computing by use/, 'compute_use', 'GPU', async (d) => {
    await choose(page, comboboxOf(d, 'Resource'), 'GPU-hours, NVIDIA A100 PCIe 40 GB', true);
    await numberOf(d, 'Quantity').fill('20000');
    // The form offers the grid countries that have a factor this year.
    await choose(page, comboboxOf(d, 'Country of the data centre'), 'DE', true);
  }, 2684.29);

  // 1,000,000 Gemini text prompts × 0.24 Wh (Google, August 2025: shared/src/modules/digitalServices/factors/ai_service/2019.csv)
  // = 240 kWh; no country given: × 0.47299 kg/kWh (the world average grid, Ember 2024 applied to
  // 2025: shared/src/modules/buildings/factors/electricity/2024.csv, row RoW) = 113.52 kg, scope 3.
  await add(/^AI service/, 'ai_service', 'AI', async (d) => {
    await textboxOf(d, 'Provider').fill('Google');
    await choose(page, comboboxOf(d, 'Service'), 'Google Gemini, text prompt', true);
    await numberOf(d, 'Requests').fill('1000000');
  }, 113.52);
  await expectNoReload(page);
});
