// A principal asks how an entry's emissions were computed and reads the method of the year: the
// demo compute servers (2 bought in 2022, kept 6 years, 1,300 kg each by EcoInfo's Ecodiag; 400 W
// for 8,760 h on the German grid at 0.363 kg/kWh by UBA) show their two rows worked by hand —
// 2 × 1,300 / 6 = 433.3 kg embodied, 2 × 400 × 8,760 / 1,000 = 7,008 kWh × 0.363 = 2,543.9 kg of
// use — with the factors' sources; the method page, opened from the dialog and from the unit
// home, lists the formulas and the year's factors, and says which sets have none.
import { expect, test } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';
import { figure } from '../support/ui';

test('a principal opens how an entry was computed, then the method page', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'alice', `/u/${unit}/2025/equipment`);
  const table = page.getByTestId('entry-table-device');
  await table.getByTestId('table-filter').fill('Compute server');
  const row = table.locator('tbody tr', { hasText: 'Compute server' });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await row.getByRole('button', { name: 'How was this computed?' }).click();

  const dialog = page.getByTestId('emission-details');
  await expect(dialog.getByRole('heading', { name: 'How this was computed: Device' })).toBeVisible();
  const embodied = dialog.getByTestId('emission-device_embodied');
  expect(figure(await embodied.getByTestId('emission-figure').innerText())).toBeCloseTo(433.3, 0);
  await expect(embodied.getByTestId('input-lifetime_years')).toContainText('6');
  await expect(embodied.getByTestId('factor-source')).toContainText('EcoInfo (CNRS)');
  const use = dialog.getByTestId('emission-device_use');
  expect(figure(await use.getByTestId('emission-figure').innerText())).toBeCloseTo(2543.9, 0);
  expect(figure(await use.getByTestId('input-quantity_weighed').locator('td').innerText())).toBe(7008);
  await expect(use.getByTestId('emission-formula')).toContainText('hours of use per year / 1,000');
  await expect(use.getByTestId('factor-source')).toContainText('Umweltbundesamt (UBA)');

  await dialog.getByTestId('emission-method-link').click();
  await expect(page).toHaveURL(new RegExp(`/u/${unit}/2025/method$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Method');
  await expect(page.getByTestId('method-type-plane').getByTestId('method-formula')).toContainText('great-circle distance between the airports + 95 km');
  // The per-FTE set ships without a row: no factor for the year.
  await expect(page.getByTestId('method-set-member').getByTestId('method-set-no-factor')).toContainText('No factor for 2025');
  const electricity = page.getByTestId('method-set-electricity');
  await expect(electricity.getByTestId('method-factor-row').filter({ hasText: 'Umweltbundesamt' })).toContainText('0.363');

  // The unit home links to the same page.
  await page.goto(`/u/${unit}/2025`);
  await page.getByTestId('home-method').click();
  await expect(page).toHaveURL(new RegExp(`/u/${unit}/2025/method$`));
  await expect(page.getByTestId('method-set-plane').getByTestId('method-factor-row')).toHaveCount(9);
});
