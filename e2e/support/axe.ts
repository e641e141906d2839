// Accessibility checks with axe-core on the page as it is now: any serious or critical violation
// fails the test, listed with the elements it was found on.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const BLOCKING = new Set(['serious', 'critical']);
/** The method page's factor rows past a table's 20th: the same row again (the NACRES set alone has
 * over 1,300), which only makes a run take minutes. Every table keeps its head and first rows. */
const REPEATED_ROWS = '[data-testid="method-factor-row"]:nth-child(n+21)';

/** Waits for the page to have settled (no loading indicator), then runs axe over it. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  await expect(page.locator('.q-loading, .q-inner-loading, .q-spinner:not([data-testid="recalculating-badge"] *)')).toHaveCount(0);
  // Transitions (dialogs, tabs, a field's message fading in) end before colours are measured: a
  // text half faded in fails the contrast check. Vue removes its -enter-active / -leave-active
  // classes at their end; one may start a moment after another (a message shown once a list has
  // loaded), hence twice, 150 ms apart.
  for (let i = 0; i < 2; i++) {
    await page.waitForTimeout(150);
    await page.waitForFunction(() => !document.querySelector('[class*="-enter-active"], [class*="-leave-active"]'));
  }
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).exclude(REPEATED_ROWS).analyze();
  const blocking = violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ') ?? ''}`).join(' | ')}`);
  // Soft: one run lists every page's violations, and the test still fails.
  expect.soft(blocking, `accessibility of ${what}`).toEqual([]);
}
