// A phone-sized screen (390 px wide): a principal adds a member whose name is one long word at
// the field's length limit (the counter shows the limit before it bites), then adds, edits and
// deletes a plane trip for them on the travel page. The page never scrolls sideways, the long name
// wraps inside its cell, and the row's actions stay on screen.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';
import { comboboxOf, entryDialog, figureOf, numberOf, pick, textboxOf } from '../support/ui';

const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 } });

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
}

/** Fully inside the screen's width once the page is scrolled down to it, without scrolling the
 * table sideways. */
async function expectOnScreen(locator: Locator): Promise<void> {
  await locator.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 200));
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
}

test('at 390 px a principal adds, edits and deletes a trip; long names wrap and actions stay reachable', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  const personNumber = String(700_000 + Math.floor(Math.random() * 200_000));
  // One unbroken word, longer than the 200 characters a name may have.
  const typed = `Narrow${personNumber}${'x'.repeat(200)}`;
  const name = typed.slice(0, 200);

  await openAs(page, 'alice', `/u/${unit}/2025/headcount`);
  await expectNoSidewaysScroll(page);
  await page.getByTestId('add-member').click();
  const dialog = entryDialog(page);
  await textboxOf(dialog, 'Person number').fill(personNumber);
  const nameBox = textboxOf(dialog, 'Name');
  await nameBox.fill(typed);
  await expect(nameBox).toHaveValue(name);
  await expect(dialog.getByTestId('field-name')).toContainText('200 / 200');
  await numberOf(dialog, 'FTE').fill('0.5');
  await dialog.getByTestId('entry-save').click();
  await expect(dialog.getByTestId('entry-result')).toBeVisible();
  await dialog.getByTestId('result-close').click();

  await page.getByTestId('nav-professional-travel').click();
  await expect(page).toHaveURL(/professional-travel$/);
  await expectNoSidewaysScroll(page);

  // Add.
  await expectOnScreen(page.getByTestId('add-plane'));
  await page.getByTestId('add-plane').click();
  await pick(page, comboboxOf(dialog, 'Origin'), 'GVA', /^GVA/);
  await pick(page, comboboxOf(dialog, 'Destination'), 'CDG', /^CDG/);
  await pick(page, comboboxOf(dialog, 'Traveler'), personNumber, new RegExp(personNumber));
  await dialog.getByTestId('entry-save').click();
  await expect(dialog.getByTestId('result-traveler')).toHaveText(name);
  await dialog.getByTestId('result-close').click();

  const table = page.getByTestId('entry-table-plane');
  await table.getByTestId('table-filter').fill(`Narrow${personNumber}`);
  const row = table.locator('tbody tr', { hasText: `Narrow${personNumber}` });
  await expect(row).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  // The name wraps inside its cell rather than pushing the columns out.
  const nameCell = row.locator('td', { hasText: name });
  const cellBox = await nameCell.boundingBox();
  expect(cellBox!.width).toBeLessThanOrEqual(20 * 16 + 1);
  expect(cellBox!.height).toBeGreaterThan(40);

  // Edit: two trips instead of one, twice the emissions.
  const kgBefore = await figureOf(row.getByTestId('row-kg'));
  await expectOnScreen(row.getByTestId('row-edit'));
  await row.getByTestId('row-edit').click();
  await numberOf(dialog, 'Number of trips').fill('2');
  await dialog.getByTestId('entry-save').click();
  await expect(dialog.getByTestId('entry-result')).toBeVisible();
  await dialog.getByTestId('result-close').click();
  await expect.poll(() => figureOf(row.getByTestId('row-kg'))).toBeCloseTo(2 * kgBefore, 0);

  // Delete.
  await expectOnScreen(row.getByTestId('row-delete'));
  await row.getByTestId('row-delete').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await expectNoSidewaysScroll(page);
});
