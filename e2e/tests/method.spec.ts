// A principal asks how an entry's emissions were computed and reads the method of the year: the
// demo compute servers (2 bought in 2022, kept 6 years, 1,300 kg each by EcoInfo's Ecodiag:
// shared/src/modules/equipment/factors/device/2019.csv; 400 W for 8,760 h on the German grid at 0.34414 kg/kWh, Ember's
// 2024 life-cycle intensity applied to 2025: shared/src/modules/buildings/factors/electricity/2024.csv) show their two
// rows worked by hand — 2 × 1,300 / 6 = 433.3 kg embodied, 2 × 400 × 8,760 / 1,000 = 7,008 kWh ×
// 0.34414 = 2,411.7 kg of use — with the factors' sources, editions, boundaries and origins; the
// method page, opened from the dialog and from the unit home, lists the formulas and the year's
// factors with their coverage, and says which sets have none.
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
  await expect(embodied.getByTestId('factor-provenance')).toHaveText('2022 edition applied to 2025 · life cycle (manufacture included) · default factor library');
  const use = dialog.getByTestId('emission-device_use');
  expect(figure(await use.getByTestId('emission-figure').innerText())).toBeCloseTo(2411.7, 0);
  expect(figure(await use.getByTestId('input-quantity_weighed').locator('td').innerText())).toBe(7008);
  await expect(use.getByTestId('emission-formula')).toContainText('hours of use per year / 1,000');
  await expect(use.getByTestId('factor-source')).toContainText('Ember, Yearly Electricity Data');
  await expect(use.getByTestId('factor-provenance')).toHaveText('2024 edition applied to 2025 · life cycle (manufacture included) · default factor library');

  await dialog.getByTestId('emission-method-link').click();
  await expect(page).toHaveURL(new RegExp(`/u/${unit}/2025/method$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Method');
  await expect(page.getByTestId('method-type-plane').getByTestId('method-formula')).toContainText('great-circle distance between the airports + 95 km');
  // The per-FTE set ships without a row, by design (an optional set): nothing configured.
  await expect(page.getByTestId('method-set-member').getByTestId('method-set-no-factor')).toContainText('No per-FTE estimate is configured for 2025');
  // Every listed country and the world average have a grid row; Germany's is Ember's of 2024.
  const electricity = page.getByTestId('method-set-electricity');
  await expect(electricity.getByTestId('method-set-coverage')).toHaveText(
    'Coverage for 2025: 33 of 33 options have a factor. 32 of 32 listed countries have their own factor; the others read the world average',
  );
  const germany = electricity.getByTestId('method-factor-row').filter({ has: page.locator('td:nth-child(2)', { hasText: /^DE$/ }) });
  await expect(germany).toContainText('0.3441');
  await expect(germany).toContainText('Ember');
  await expect(germany.getByTestId('method-factor-edition')).toHaveText('2024');

  // The unit home links to the same page.
  await page.goto(`/u/${unit}/2025`);
  await page.getByTestId('home-method').click();
  await expect(page).toHaveURL(new RegExp(`/u/${unit}/2025/method$`));
  await expect(page.getByTestId('method-set-plane').getByTestId('method-factor-row')).toHaveCount(9);
});
