// Acceptance: a standard user sees and edits only their own trips; validated modules are
// read-only (for the principal until they reopen, and for the unit's standard users).
import { expect, test } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';
import { comboboxOf, entryDialog, numberOf, pick } from '../support/ui';

test('a standard user sees, adds and edits only their own trips', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'bob', `/u/${unit}/2025/professional-travel`);
  // One sentence says what he may do here.
  await expect(page.getByTestId('own-only-note')).toHaveText('You see and edit only your own entries.');
  await expect(page.getByTestId('read-only-banner')).toHaveCount(0);
  // No module totals for users who see only their own rows.
  await expect(page.getByTestId('module-totals')).toHaveCount(0);

  // Only Bob's rows, in both tables (the demo data has trips of four people).
  const trainRows = page.getByTestId('entry-table-train').locator('tbody tr');
  await page.getByRole('tab', { name: /Train trip/ }).click();
  await expect(trainRows.first()).toContainText('Bob Keller');
  for (const row of await trainRows.all()) await expect(row).toContainText('100002');
  await expect(page.getByTestId('entry-table-train')).not.toContainText('Alice Martin');

  await page.getByRole('tab', { name: /Plane trip/ }).click();
  const table = page.getByTestId('entry-table-plane');
  await expect(table).not.toContainText('Alice Martin');
  await expect(table).not.toContainText('Chloé Dubois');

  // Adding a trip: the selector offers Bob himself only.
  await page.getByTestId('add-plane').click();
  const dialog = entryDialog(page);
  await pick(page, comboboxOf(dialog, 'Origin'), 'ZRH', /^ZRH/);
  await pick(page, comboboxOf(dialog, 'Destination'), 'LHR', /^LHR/);
  await comboboxOf(dialog, 'Traveler').click();
  await expect(page.getByRole('option')).toHaveText(['Bob Keller (100002)']);
  await page.getByRole('option', { name: 'Bob Keller (100002)' }).click();
  await dialog.getByTestId('entry-save').click();
  await expect(dialog.getByTestId('result-traveler')).toHaveText('Bob Keller');
  await dialog.getByTestId('result-close').click();

  // Editing it in the dialog.
  const row = table.locator('tbody tr', { hasText: 'ZRH' }).filter({ hasText: 'Bob Keller' }).first();
  await row.getByTestId('row-edit').click();
  await numberOf(dialog, 'Number of trips').fill('3');
  await dialog.getByTestId('entry-save').click();
  await expect(dialog.getByTestId('entry-result')).toBeVisible();
  await dialog.getByTestId('result-close').click();
  await expect(table.locator('tbody tr', { hasText: 'ZRH' }).filter({ hasText: 'Bob Keller' }).first()).toContainText('3');
  for (const r of await table.locator('tbody tr').all()) await expect(r).toContainText('Bob Keller');

  // The headcount: his own member row, read-only, said once.
  await page.getByTestId('nav-headcount').click();
  await expect(page.getByTestId('own-only-note')).toHaveText('You see only your own entries, and cannot change them.');
  await expect(page.getByTestId('read-only-banner')).toHaveCount(0);
  await expect(page.getByTestId('add-member')).toHaveCount(0);
  await expect(page.getByTestId('entry-table-member').locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId('entry-table-member')).toContainText('Bob Keller');
});

test('a validated module is read-only until its principal reopens it', async ({ page, browser }) => {
  const unit = await unitIdOf('OCEAN-LAB');
  const path = `/u/${unit}/2024/professional-travel`;
  await openAs(page, 'dan', path);
  await expect(page.getByTestId('add-plane')).toBeVisible();

  await page.getByTestId('module-validate').click();
  await page.getByTestId('confirm-status').click();
  await expect(page.getByTestId('module-status')).toHaveAttribute('data-status', 'validated');
  await expect(page.getByTestId('validated-banner')).toBeVisible();
  await expect(page.getByTestId('add-plane')).toHaveCount(0);
  await expect(page.getByTestId('row-edit')).toHaveCount(0);
  await expect(page.getByTestId('row-delete')).toHaveCount(0);
  await expect(page.getByTestId('module-reopen')).toBeVisible();

  // A standard user of the unit sees it read-only too, without the reopen button.
  const carolContext = await browser.newContext();
  const carol = await carolContext.newPage();
  await openAs(carol, 'carol', path);
  await expect(carol.getByTestId('validated-banner')).toBeVisible();
  await expect(carol.getByTestId('add-plane')).toHaveCount(0);
  await expect(carol.getByTestId('row-edit')).toHaveCount(0);
  await expect(carol.getByTestId('module-reopen')).toHaveCount(0);
  await carolContext.close();

  await page.getByTestId('module-reopen').click();
  await page.getByTestId('confirm-status').click();
  await expect(page.getByTestId('module-status')).toHaveAttribute('data-status', 'in_progress');
  await expect(page.getByTestId('validated-banner')).toHaveCount(0);
  await expect(page.getByTestId('add-plane')).toBeVisible();
});

test("another unit's addresses show the not-authorised page, not a half-drawn one", async ({ page }) => {
  const own = await unitIdOf('CLIMATE-LAB');
  const other = await unitIdOf('OCEAN-LAB');
  await openAs(page, 'bob', `/u/${own}/2025`);
  for (const path of [`/u/${other}/2025`, `/u/${other}/2025/headcount`, `/u/${other}/2025/professional-travel`, `/u/${other}/2025/results`]) {
    await page.goto(path);
    await expect(page.getByTestId('forbidden')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  }
  // His own unit is still the remembered workspace.
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`/u/${own}/2025$`));
});

test('a standard user sees their own footprint on the unit home, beside the unit per FTE, and not the unit total', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'bob', `/u/${unit}/2025`);
  const own = page.getByTestId('own-footprint');
  await expect(own).toBeVisible();
  await expect(own.getByTestId('own-total')).toContainText(/(kg|t) CO2e/);
  await expect(own.getByTestId('own-entries')).toContainText('of yours');
  await expect(own.getByTestId('own-unit-per-fte')).toContainText(/t CO2e \/ FTE|—/);
  await expect(page.getByTestId('report-total')).toHaveCount(0);
});
