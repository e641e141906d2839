// Small helpers for the module pages: the entry dialog, its fields, picking from the
// type-to-search selects, and reading figures (thin-space grouped, locale decimal mark).
import { expect, type Locator, type Page } from '@playwright/test';

export const entryDialog = (page: Page) => page.getByTestId('entry-form-dialog');

/** A field of the dialog by the start of its label (required labels end with " *"). */
export const comboboxOf = (dialog: Locator, label: string) => dialog.getByRole('combobox', { name: new RegExp(`^${label}`) });
export const textboxOf = (dialog: Locator, label: string) => dialog.getByRole('textbox', { name: new RegExp(`^${label}`) });
/** A number field: a text input (numbers are read in the page's language, not by the browser). */
export const numberOf = (dialog: Locator, label: string) => dialog.getByRole('textbox', { name: new RegExp(`^${label}`) });
export const fieldBox = (dialog: Locator, key: string) => dialog.getByTestId(`field-${key}`);

/** Types into a type-to-search select and picks the option whose text matches. */
export async function pick(page: Page, combobox: Locator, typed: string, option: string | RegExp): Promise<void> {
  await combobox.click();
  await combobox.fill(typed);
  await page.getByRole('option', { name: option }).click();
}

/** "1 914", "12,5 t CO2e" → 1914, 12.5 */
export function figure(text: string): number {
  const m = /-?[\d\u202f\u00a0 ]+(?:[.,]\d+)?/.exec(text);
  if (!m) throw new Error(`no number in "${text}"`);
  return Number(m[0].replace(/[\u202f\u00a0 ]/g, '').replace(',', '.'));
}

export async function figureOf(locator: Locator): Promise<number> {
  await expect(locator).toBeVisible();
  return figure(await locator.innerText());
}

/** Chooses a CSV file in an upload card (its file input), as a person picking it would. */
export async function setFile(page: Page, scope: Locator, name: string, text: string): Promise<void> {
  await scope.getByTestId('file-input').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await expect(scope.getByTestId('file-chosen')).toContainText(name);
}

/** Marks the page so a later check can prove no reload happened. */
export async function markNoReload(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
}

export async function expectNoReload(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
}

/** Opens a select and clicks the option of that name (the whole name when `exact`). */
export async function choose(page: Page, select: Locator, option: string | RegExp, exact = false): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: option, exact }).click();
}

/** Opens a select of many options (only those in view are drawn) and picks one: typing the
 * start of its name scrolls the list to it (the select's type-ahead). */
export async function chooseAmong(page: Page, select: Locator, typed: string, option: string | RegExp): Promise<void> {
  await select.click();
  await page.keyboard.type(typed);
  await page.getByRole('option', { name: option }).click();
}

/** A module page's totals in tonnes, as shown (one decimal): the module's and each scope's. */
export async function moduleTotals(page: Page) {
  const scopes = page.getByTestId('module-totals').getByTestId('scope-figures');
  return {
    module: await figureOf(page.getByTestId('module-total')),
    scope1: await figureOf(scopes.getByTestId('scope-1-total')),
    scope2: await figureOf(scopes.getByTestId('scope-2-total')),
    scope3: await figureOf(scopes.getByTestId('scope-3-total')),
  };
}

/** Waits until the figure `read` shows has moved from `before` by `delta` tonnes, within its
 * rounding. */
export async function movedBy(read: () => Promise<number>, before: number, delta: number): Promise<void> {
  await expect.poll(async () => Math.abs((await read()) - before - delta)).toBeLessThanOrEqual(0.11);
}
