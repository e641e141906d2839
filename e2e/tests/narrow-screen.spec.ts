// A phone-sized screen (390 px wide): every module's rows are cards whose figure is on screen
// without scrolling sideways (the demo data's first row of each); a principal adds a member whose
// name is one long word at the field's length limit (the counter shows the limit before it bites),
// then adds, edits and deletes a plane trip for them on the travel page. The page never scrolls
// sideways, the long name wraps inside its card, and the card's actions stay on screen. At common
// desktop widths a wide table (the French equipment table at 1366 px) keeps its figure in view.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { MODULE_TYPES, MODULES } from '@carbon/shared';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';
import { comboboxOf, entryDialog, figureOf, numberOf, pick, textboxOf } from '../support/ui';

const WIDTH = 390;

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
}

/** Fully inside the screen's width once the page is scrolled down to it, without scrolling the
 * table sideways. */
async function expectOnScreen(locator: Locator): Promise<void> {
  // Polled: a live update may redraw the cards between the scroll and the read of the box.
  await expect
    .poll(async () => {
      await locator.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 200));
      const box = await locator.boundingBox();
      return box ? box.x >= 0 && box.x + box.width <= WIDTH : null;
    })
    .toBe(true);
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: WIDTH, height: 844 } });

  test('every module shows its rows as cards, the first one’s figure on screen', async ({ page }) => {
    const unit = await unitIdOf('CLIMATE-LAB');
    await openAs(page, 'alice', `/u/${unit}/2025`);
    for (const m of MODULE_TYPES) {
      await page.goto(`/u/${unit}/2025/${MODULES[m].slug}`);
      const card = page.getByTestId('entry-card').first();
      await expect(card, m).toBeVisible();
      const figure = card.getByTestId('row-kg');
      await expect(figure, m).not.toBeEmpty();
      await expectOnScreen(figure);
      await expect(figure, m).toBeInViewport({ ratio: 1 });
      await expectNoSidewaysScroll(page);
    }
    // The results' tables too: each module's figure beside its (wrapping) name.
    await page.goto(`/u/${unit}/2025/results`);
    for (const m of MODULE_TYPES) {
      const figure = page.getByTestId(`result-row-${m}`).getByTestId('result-kg');
      await expectOnScreen(figure);
      await expect(figure, m).toBeInViewport({ ratio: 1 });
    }
    await expectNoSidewaysScroll(page);
  });

  test('a principal adds, edits and deletes a trip; long names wrap and actions stay reachable', async ({ page }) => {
    // A member, then a trip added, edited and deleted, each step through its dialog.
    test.slow();
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
    const row = table.getByTestId('entry-card').filter({ hasText: `Narrow${personNumber}` });
    await expect(row).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    // The name wraps inside its card rather than widening it.
    const nameCell = row.locator('dd', { hasText: name });
    await expect(nameCell).toBeVisible();
    // Polled: the table may redraw its cards (a live update) between two reads of the box.
    await expect
      .poll(async () => {
        const box = await nameCell.boundingBox();
        return box ? { fits: box.x + box.width <= WIDTH, wraps: box.height > 40 } : null;
      })
      .toEqual({ fits: true, wraps: true });
    await expectOnScreen(row.getByTestId('row-kg'));

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
});

test.describe('at desktop widths', () => {
  for (const width of [1366, 1440]) {
    test(`at ${width} px the French equipment table keeps its figure in view`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.addInitScript(() => localStorage.setItem('carbon.locale', 'fr'));
      const unit = await unitIdOf('CLIMATE-LAB');
      await openAs(page, 'alice', `/u/${unit}/2025/equipment`);
      const table = page.getByTestId('entry-table-device');
      await expect(table.getByRole('columnheader', { name: /kg CO2e/ })).toBeVisible();
      const figure = table.locator('tbody tr').first().getByTestId('row-kg');
      await expect(figure).not.toBeEmpty();
      // Inside the table's scroll area as it stands (not scrolled), and inside the window.
      const area = await table.locator('.q-table__middle').boundingBox();
      const box = await figure.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(area!.x);
      expect(box!.x + box!.width).toBeLessThanOrEqual(area!.x + area!.width + 1);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await expect(table.locator('tbody tr').first().getByTestId('row-edit')).toBeInViewport();
    });
  }
});
