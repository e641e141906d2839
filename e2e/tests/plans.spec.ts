// The plans page on a phone-sized screen (390 px): a principal builds a scenario from a lever on
// the demo unit's trips and sees its effect, in tonnes and % with its ±, computed by the server
// from the unit's entries, adopts it as the unit's plan and adds an action; a standard user of the unit is sent away. The page never scrolls
// sideways and has no serious accessibility violation.
import { expect, test } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';
import { expectAccessible } from '../support/axe';

const WIDTH = 390;

test.describe('plans at 390 px', () => {
  test.use({ viewport: { width: WIDTH, height: 844 } });

  test('a principal computes a scenario; a standard user may not open the page', async ({ page, browser }) => {
    const unit = await unitIdOf('CLIMATE-LAB');
    await openAs(page, 'alice', `/u/${unit}/2025/plans`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Reduction plan');
    const lever = page.getByTestId('lever-flights_avoided');
    await lever.getByRole('switch').click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Fewer flights ${Date.now()}`);
    await page.getByTestId('scenario-save').click();
    const row = page.getByTestId('effect-flights_avoided');
    await expect(row).toBeVisible();
    // The default share of 20 % of the demo trips: a reduction, in tonnes, with its ±.
    await expect(row.locator('td').first()).toContainText(/^−[\d.,\s]+t/);
    await expect(row.locator('td').nth(2)).toContainText('±');
    await expect(page.getByTestId('scenario-summary')).not.toBeEmpty();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
    await expectAccessible(page, 'the plans page');

    // Adopted, the scenario is the unit's plan and takes actions.
    await page.getByTestId('scenario-adopt').click();
    const actions = page.getByTestId('plan-actions');
    await actions.getByRole('textbox', { name: 'Action', exact: true }).fill('Video calls for short meetings');
    await actions.getByRole('textbox', { name: 'Owner' }).fill('Alice Martin');
    await actions.getByLabel('Date').fill('2026-06-30');
    await actions.getByRole('spinbutton', { name: 'Expected reduction (t)' }).fill('2');
    await actions.getByRole('button', { name: 'Add the action' }).click();
    await expect(actions.locator('li')).toContainText('Video calls for short meetings — Alice Martin, by 2026-06-30');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);

    const bobPage = await (await browser.newContext({ viewport: { width: WIDTH, height: 844 } })).newPage();
    await openAs(bobPage, 'bob', `/u/${unit}/2025`);
    await expect(bobPage.getByTestId('nav-plans')).toHaveCount(0);
    await bobPage.goto(`/u/${unit}/2025/plans`);
    await expect(bobPage).toHaveURL(/\/forbidden$/);
  });
});
