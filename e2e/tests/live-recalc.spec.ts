// Acceptance: a CSV upload done by an operator (through the API) makes the open module page show
// "Recalculating…" and then the new totals, without a reload. The page learns both from the
// one EventSource of its tab.
import { expect, test } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';
import { expectNoReload, figureOf, markNoReload } from '../support/ui';

const ROWS = 400;

function travelCsv(): string {
  const lines = ['origin,destination,cabin_class,number_of_trips,round_trip,departure_date,person_number'];
  for (let i = 0; i < ROWS; i++) lines.push(`GVA,JFK,economy,1,false,2024-0${(i % 9) + 1}-10,100001`);
  return lines.join('\n') + '\n';
}

test('an operator CSV upload shows "Recalculating…" on the open module page, then the new totals', async ({ page, browser }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'alice', `/u/${unit}/2024/professional-travel`);
  await markNoReload(page);
  const before = await figureOf(page.getByTestId('module-total'));
  const tab = page.getByRole('tab', { name: /Plane trip/ });
  const planesBefore = Number(/\((\d+)\)/.exec(await tab.innerText())![1]);

  // Remember every "Recalculating…" badge the page shows, however briefly.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __badges: string[] }).__badges = seen;
    new MutationObserver(() => {
      const badge = document.querySelector('[data-testid="recalculating-badge"]');
      const text = badge?.textContent?.trim();
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  // The operator uploads from their own browser session (same-origin headers as the SPA sends).
  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await openAs(operator, 'olga', '/workspace');
  const answer = await operator.evaluate(
    async ({ url, body }) => {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'text/csv' }, body });
      return { status: res.status, json: (await res.json()) as { job_id?: number; detail?: string } };
    },
    { url: `/api/sync/dispatch?module=professional_travel&type=plane&year=2024&unit_id=${unit}`, body: travelCsv() },
  );
  expect(answer.status, answer.json.detail).toBe(202);
  expect(answer.json.job_id).toBeGreaterThan(0);
  await operatorContext.close();

  // The badge came (with its phase) and went; the totals moved by the file's 400 one-way trips.
  await expect.poll(() => page.evaluate(() => (window as unknown as { __badges: string[] }).__badges.length), { timeout: 30_000 }).toBeGreaterThan(0);
  expect((await page.evaluate(() => (window as unknown as { __badges: string[] }).__badges))[0]).toMatch(/^Recalculating…/);
  await expect(page.getByTestId('recalculating-badge')).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(() => figureOf(page.getByTestId('module-total')), { timeout: 30_000 }).toBeGreaterThan(before + 300);
  await expect(tab).toHaveText(new RegExp(`\\(${planesBefore + ROWS}\\)`));
  await expect(page.getByTestId('entry-table-plane').locator('tbody tr').first()).toBeVisible();
  await expectNoReload(page);
});
