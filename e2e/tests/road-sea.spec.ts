// Acceptance: a principal adds a car trip on the professional travel page with the default
// factors and sees its figure, in the dialog, the table and the module total, without a reload;
// a car trip between two places gets its distance from them (great circle × 1.3) and the figure
// computed by hand; a ferry trip in a year without any factor (2031, outside the library's
// 2019–2026) shows that it has no figure, never 0 kg.
import { expect, test, type Page } from '@playwright/test';
import { openAs } from '../support/session';
import { ensureReport, unitIdOf } from '../support/db';
import { choose, comboboxOf, entryDialog, expectNoReload, figure, figureOf, markNoReload, numberOf, pick, textboxOf } from '../support/ui';

/** A year the factor library does not cover, with no factor uploaded either. */
const YEAR_WITHOUT_FACTORS = 2031;

interface Trip {
  mode: string;
  km?: string;
  trips?: string;
  roundTrip?: boolean;
  from: [string, RegExp];
  to: [string, RegExp];
  traveler?: [string, string];
}

async function add(page: Page, trip: Trip): Promise<void> {
  const dialog = entryDialog(page);
  await page.getByTestId('add-road_sea').click();
  await choose(page, comboboxOf(dialog, 'Mode'), trip.mode, true);
  if (trip.km) await numberOf(dialog, 'One-way distance').fill(trip.km);
  if (trip.trips) await numberOf(dialog, 'Number of trips').fill(trip.trips);
  if (trip.roundTrip) await dialog.getByRole('switch', { name: /^Round trip/ }).click();
  await pick(page, comboboxOf(dialog, 'Origin'), ...trip.from);
  await pick(page, comboboxOf(dialog, 'Destination'), ...trip.to);
  const [typed, traveler] = trip.traveler ?? ['Martin', 'Alice Martin (100001)'];
  await pick(page, comboboxOf(dialog, 'Traveler'), typed, traveler);
  await dialog.getByTestId('entry-save').click();
  await expect(dialog.getByTestId('result-traveler')).toHaveText(traveler.replace(/ \(\d+\)$/, ''));
}

test('a principal adds car trips, one between two places, and sees their figures; a ferry trip in a year without factors has none', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'alice', `/u/${unit}/2025/professional-travel`);
  await markNoReload(page);
  await page.getByRole('tab', { name: /^Car, taxi, coach, bus or ferry trip/ }).click();
  const dialog = entryDialog(page);
  const rowWith = (text: string) => page.getByTestId('entry-table-road_sea').locator('tbody tr', { hasText: text });

  // 2 trips × 1,000 km × 0.1614 kg CO2e per vehicle-km (UK DESNZ 2025, average hybrid car,
  // direct 0.12825 + well-to-tank 0.03315: shared/src/modules/professionalTravel/factors/road_sea/2025.csv), the traveler alone
  // in the car = 322.8 kg (shown to the kg); the places are for the record.
  const before = await figureOf(page.getByTestId('module-total'));
  await add(page, { mode: 'Car, hybrid', km: '1000', trips: '2', from: ['Kiel', /^Kiel\s*DE$/], to: ['Hamburg', /^Hamburg\s*DE$/] });
  expect(figure(await dialog.getByTestId('result-distance').innerText())).toBe(2000);
  expect(figure(await dialog.getByTestId('result-kg').innerText())).toBeCloseTo(322.8, 0);
  await dialog.getByTestId('result-close').click();
  await expect(rowWith('Kiel')).toHaveCount(1);
  await expect(rowWith('Kiel')).toContainText('Car, hybrid');
  expect(figure(await rowWith('Kiel').getByTestId('row-kg').innerText())).toBeCloseTo(322.8, 0);
  await expect.poll(async () => Math.abs((await figureOf(page.getByTestId('module-total'))) - before - 0.32)).toBeLessThanOrEqual(0.06);

  // No distance, two places: Lausanne–Bern is 78.50 km on the great circle (GeoNames
  // coordinates, haversine), × 1.3 road detour = 102.06 km one way, 204.11 km there and back;
  // × 0.1614 = 32.94 kg.
  await add(page, { mode: 'Car, hybrid', roundTrip: true, from: ['Lausanne', /^Lausanne\s*CH$/], to: ['Bern', /^Bern\s*CH$/] });
  expect(figure(await dialog.getByTestId('result-distance').innerText())).toBeCloseTo(204.11, 0);
  expect(figure(await dialog.getByTestId('result-kg').innerText())).toBeCloseTo(32.94, 0);
  await dialog.getByTestId('result-close').click();
  await expect(rowWith('Bern')).toHaveCount(1);
  expect(figure(await rowWith('Bern').getByTestId('row-kg').innerText())).toBeCloseTo(32.94, 0);

  await expectNoReload(page);

  // A year without any factor: a ferry trip is kept, with its distance and without a figure.
  await ensureReport('CLIMATE-LAB', YEAR_WITHOUT_FACTORS, ['headcount', 'professional_travel']);
  const personNumber = String(700_000 + Math.floor(Math.random() * 200_000));
  await page.goto(`/u/${unit}/${YEAR_WITHOUT_FACTORS}/headcount`);
  await page.getByTestId('add-member').click();
  await textboxOf(dialog, 'Person number').fill(personNumber);
  await textboxOf(dialog, 'Name').fill(`Ferry Traveler ${personNumber}`);
  await dialog.getByTestId('entry-save').click();
  await expect(dialog.getByTestId('entry-result')).toBeVisible();
  await dialog.getByTestId('result-close').click();
  await page.goto(`/u/${unit}/${YEAR_WITHOUT_FACTORS}/professional-travel`);
  await page.getByRole('tab', { name: /^Car, taxi, coach, bus or ferry trip/ }).click();
  await add(page, {
    mode: 'Ferry (foot passenger)',
    km: '70',
    from: ['Calais', /^Calais\s*FR$/],
    to: ['Dover', /^Dover\s*GB$/],
    traveler: ['Ferry', `Ferry Traveler ${personNumber} (${personNumber})`],
  });
  expect(figure(await dialog.getByTestId('result-distance').innerText())).toBe(70);
  await expect(dialog.getByTestId('result-kg')).toHaveText('No emission factor applies to this entry yet.');
  await dialog.getByTestId('result-close').click();
  await expect(rowWith('Dover')).toContainText('no factor');
  await expect(page.getByTestId('module-incomplete').getByTestId('incomplete-text')).toHaveText('Incomplete: 1 entry without a factor');
});
