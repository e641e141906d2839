// The web app end to end: an entry added with the keyboard alone, the CSV export
// neutralising cells a spreadsheet would run, and the results page (totals, charts, tables).
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';
import { entryDialog, figureOf, textboxOf } from '../support/ui';

test('a member can be added with the keyboard alone, and the export neutralises formula-like cells', async ({ page }) => {
  const unit = await unitIdOf('OCEAN-LAB');
  await openAs(page, 'dan', `/u/${unit}/2024/headcount`);
  const personNumber = String(600_000 + Math.floor(Math.random() * 99_999));
  const name = `=HYPERLINK("http://example.org","x") ${personNumber}`;

  await page.getByTestId('add-member').focus();
  await page.keyboard.press('Enter');
  const dialog = entryDialog(page);
  await expect(dialog).toBeVisible();
  // The first field gets the focus; Tab walks the fields in order; Enter submits.
  await expect(textboxOf(dialog, 'Person number')).toBeFocused();
  await page.keyboard.type(personNumber);
  await page.keyboard.press('Tab');
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('0.5');
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('entry-result')).toBeVisible();
  await expect(dialog.getByTestId('result-close')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('entry-table-member')).toContainText(personNumber);

  await page.getByRole('textbox', { name: 'Filter' }).fill(personNumber);
  await expect(page.getByTestId('entry-table-member').locator('tbody tr')).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const file = await (await download).path();
  const text = fs.readFileSync(file, 'utf8').replace(/^\ufeff/, '');
  const [header, ...rows] = text.trim().split('\r\n');
  expect(header).toBe('user_institutional_id,name,fte,position,position_category,kg_co2eq');
  expect(rows).toHaveLength(1);
  // No per-FTE estimate in 2024 (an optional set): the member adds 0 kg, nothing being configured.
  expect(rows[0]).toBe(`${personNumber},"'=HYPERLINK(""http://example.org"",""x"") ${personNumber}",0.5,,,0`);
});

test('the results page shows the report total, per FTE, and the charts of the modules and entry types with their figures', async ({ page }) => {
  const unit = await unitIdOf('OCEAN-LAB');
  await openAs(page, 'dan', `/u/${unit}/2025`);
  const reportTotal = await figureOf(page.getByTestId('report-total'));
  await page.getByTestId('nav-results').click();
  await expect(page).toHaveURL(new RegExp(`/u/${unit}/2025/results$`));
  expect(await figureOf(page.getByTestId('results-total'))).toBe(reportTotal);
  await expect(page.getByTestId('results-per-fte')).toContainText('t CO2e / FTE');
  await expect(page.getByTestId('chart-module').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('result-row-professional_travel')).toContainText('Professional travel');
  await page.getByTestId('results-view-type').click();
  await expect(page.getByTestId('chart-type').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('result-row-plane')).toContainText('Plane trip');

  await page.getByTestId('language-switch').click();
  await page.getByRole('option', { name: 'FR' }).click();
  await expect(page.getByTestId('result-row-plane')).toContainText('Voyage en avion');
  await expect(page.getByTestId('results-per-fte')).toContainText('t CO2e / ETP');
  await page.getByTestId('language-switch').click();
  await page.getByRole('option', { name: 'EN' }).click();
});

test('the years compared: a row per demo year, the one shown on the results page with the same total', async ({ page }) => {
  const unit = await unitIdOf('OCEAN-LAB');
  await openAs(page, 'dan', `/u/${unit}/2025/results`);
  const total2025 = await figureOf(page.getByTestId('results-total'));
  const download = page.waitForEvent('download');
  await page.getByTestId('results-export').click();
  const csv = fs.readFileSync((await (await download).path())!, 'utf8');
  expect(csv).toContain('year,unit,module,entry_type,entry_id,entry_source,emission_type,scope,category,kg_co2eq');
  await page.getByTestId('results-years').click();
  await expect(page).toHaveURL(new RegExp(`/u/${unit}/2025/years$`));
  await expect(page.getByTestId('years-row-2024')).toBeVisible();
  expect(await figureOf(page.getByTestId('years-row-2025').getByTestId('years-total'))).toBe(total2025);
  await expect(page.getByTestId('years-row-2024').getByTestId('years-change')).toHaveText('—');
  await expect(page.getByTestId('years-row-2025').getByTestId('years-change')).toHaveText(/^([+−±]\d+\.\d %|—)$/);
  await expect(page.getByTestId('years-chart').locator('canvas')).toBeVisible();
});
