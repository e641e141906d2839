// Accessibility: axe-core over every page each kind of user reaches — signed out (login), a
// principal, a standard user, the back office and an administrator: workspace, unit home, each
// module page with its first entry dialog open, results, the method page, and every back-office
// page. Any serious or critical violation fails. The pages are found through the app's own
// navigation, so a new module or back-office page is checked without touching this file. The
// years comparison is reached from the results page, the method page from the unit home; the
// first module page with rows is also checked with the dialog of how its first row was computed.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';
import { entryDialog } from '../support/ui';
import type { Username } from '../support/auth';

// Each test visits many pages, each analysed in full.
test.describe.configure({ timeout: 300_000 });

/** The links of a navigation bar, as paths. */
async function linksOf(page: Page, nav: string): Promise<string[]> {
  const bar = page.getByTestId(nav);
  await expect(bar.locator('a[href]').first()).toBeVisible();
  return bar.locator('a[href]').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

async function checkWorkspace(page: Page, user: Username): Promise<void> {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, user, '/workspace');
  await expectAccessible(page, `${user}: workspace`);

  await page.goto(`/u/${unit}/2025`);
  const sections = await linksOf(page, 'workspace-nav');
  // The method page, linked from the unit home for everyone of the unit.
  sections.push(new URL((await page.getByTestId('home-method').getAttribute('href'))!, page.url()).pathname);
  if (sections.some((p) => p.endsWith('/results'))) {
    await page.goto(sections.find((p) => p.endsWith('/results'))!);
    sections.push(new URL((await page.getByTestId('results-years').getAttribute('href'))!, page.url()).pathname);
  }
  let howChecked = false;
  for (const path of sections) {
    await page.goto(path);
    await expect(page.getByTestId('user-name')).toBeVisible();
    await expectAccessible(page, `${user}: ${path}`);
    const add = page.locator('[data-testid^="add-"]:not([disabled])').first();
    if ((await add.count()) === 0) continue;
    await add.click();
    await expect(entryDialog(page)).toBeVisible();
    await expectAccessible(page, `${user}: ${path} with the entry dialog open`);
    await page.keyboard.press('Escape');
    await expect(entryDialog(page)).toHaveCount(0);
    // How a row's emissions were computed: one dialog for every module, checked once, on the
    // first page with rows.
    const how = page.getByTestId('row-how').first();
    if (howChecked || (await how.count()) === 0) continue;
    howChecked = true;
    await how.click();
    await expect(page.getByTestId('emission-details').getByTestId('emission-total')).toBeVisible();
    await expectAccessible(page, `${user}: ${path} with how an entry was computed`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('emission-details')).toHaveCount(0);
  }
}

async function checkBackoffice(page: Page, user: Username): Promise<void> {
  await openAs(page, user, '/workspace');
  await page.goto('/backoffice');
  for (const path of await linksOf(page, 'backoffice-nav')) {
    await page.goto(path);
    await expect(page.getByTestId('backoffice-nav')).toBeVisible();
    await expectAccessible(page, `${user}: ${path}`);
  }
}

test('signed out: the login page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByTestId('sign-in')).toBeVisible();
  await expectAccessible(page, 'the login page');
  await expect.soft(page.getByRole('heading', { level: 1 })).toHaveCount(1);
});

test('a principal: workspace, unit home, module pages with their dialog, results', async ({ page }) => {
  await checkWorkspace(page, 'alice');
});

test('a standard user: workspace, unit home, module pages with their dialog', async ({ page }) => {
  await checkWorkspace(page, 'bob');
});

test('the back office: every back-office page', async ({ page }) => {
  await checkBackoffice(page, 'olga');
});

test('the back office: a unit\'s pages with their dialog, results', async ({ page }) => {
  await checkWorkspace(page, 'olga');
});

test('an administrator: every back-office page', async ({ page }) => {
  await checkBackoffice(page, 'adam');
});

test('blue buttons show where the keyboard focus is', async ({ page }) => {
  await page.goto('/login');
  const button = page.getByTestId('sign-in');
  await button.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  // A ring of its own around the button, not only the faint darkening Quasar gives.
  const outline = await button.evaluate((el) => {
    const s = getComputedStyle(el);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
});
