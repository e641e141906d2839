// Acceptance: a principal adds a headcount member, then a plane trip choosing that member in the
// selector by typing part of the name; the table shows the trip with the member's name and a
// non-zero kg; the module and report totals, and the module's split by scope (travel is all
// scope 3), update without a reload.
import { expect, test } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';
import { comboboxOf, entryDialog, expectNoReload, figure, figureOf, markNoReload, numberOf, pick, textboxOf } from '../support/ui';

test('a principal adds a member, then a plane trip for them; totals update without reload', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  const personNumber = String(700_000 + Math.floor(Math.random() * 200_000));
  const name = `Zoé Testeur ${personNumber}`;

  await openAs(page, 'alice', `/u/${unit}/2025/headcount`);
  await markNoReload(page);
  await expect(page.getByTestId('current-workspace')).toContainText('Climate Dynamics Lab · 2025');

  // The member.
  await page.getByTestId('add-member').click();
  const dialog = entryDialog(page);
  await textboxOf(dialog, 'Person number').fill(personNumber);
  await textboxOf(dialog, 'Name').fill(name);
  await numberOf(dialog, 'FTE').fill('0.6');
  await dialog.getByTestId('entry-save').click();
  await expect(dialog.getByTestId('entry-result')).toBeVisible();
  await dialog.getByTestId('result-close').click();
  await expect(page.getByTestId('entry-table-member')).toContainText(name);
  // The demo years have no per-FTE estimate (an optional set): the member says so where its figure
  // would be, and the headcount is not incomplete for it, nor asks for factors.
  await expect(page.getByTestId('entry-table-member').locator('tbody tr', { hasText: name }).getByTestId('row-not-configured')).toHaveText('no per-FTE estimate configured');
  await expect(page.getByTestId('module-incomplete')).toHaveCount(0);
  await expect(page.getByTestId('no-factors-notice')).toHaveCount(0);

  // The trip, from the travel page reached through the app's navigation.
  await page.getByTestId('nav-professional-travel').click();
  const moduleBefore = await figureOf(page.getByTestId('module-total'));
  const reportBefore = await figureOf(page.getByTestId('report-total'));

  await page.getByTestId('add-plane').click();
  await pick(page, comboboxOf(dialog, 'Origin'), 'GVA', /^GVA/);
  await pick(page, comboboxOf(dialog, 'Destination'), 'JFK', /^JFK/);
  await pick(page, comboboxOf(dialog, 'Traveler'), 'testeur', `${name} (${personNumber})`);
  await dialog.getByTestId('entry-save').click();
  await expect(dialog.getByTestId('result-traveler')).toHaveText(name);
  expect(figure(await dialog.getByTestId('result-distance').innerText())).toBeGreaterThan(6000);
  expect(figure(await dialog.getByTestId('result-kg').innerText())).toBeGreaterThan(0);
  await dialog.getByTestId('result-close').click();

  const row = page.getByTestId('entry-table-plane').locator('tbody tr', { hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(personNumber);
  expect(figure(await row.getByTestId('row-kg').innerText())).toBeGreaterThan(0);

  // GVA–JFK one way is about 0.96 t: both totals move by that much, on this page.
  await expect.poll(() => figureOf(page.getByTestId('module-total'))).toBeCloseTo(moduleBefore + 1.0, 0);
  await expect.poll(() => figureOf(page.getByTestId('report-total'))).toBeCloseTo(reportBefore + 1.0, 0);
  const moduleAfter = await figureOf(page.getByTestId('module-total'));
  const reportAfter = await figureOf(page.getByTestId('report-total'));
  const scopes = page.getByTestId('module-totals').getByTestId('scope-figures');
  await expect(scopes).toContainText('Scope 1');
  expect(await figureOf(scopes.getByTestId('scope-1-total'))).toBe(0);
  expect(await figureOf(scopes.getByTestId('scope-2-total'))).toBe(0);
  await expect.poll(() => figureOf(scopes.getByTestId('scope-3-total'))).toBe(moduleAfter);

  // The unit home shows the same figures, still without a reload.
  await page.getByTestId('nav-overview').click();
  const card = page.getByTestId('module-card-professional_travel');
  await expect.poll(() => figureOf(card.getByTestId('module-card-total'))).toBe(moduleAfter);
  await expect.poll(() => figureOf(card.getByTestId('scope-3-total'))).toBe(moduleAfter);
  await expect.poll(() => figureOf(page.getByTestId('report-total'))).toBe(reportAfter);
  await expectNoReload(page);
});
