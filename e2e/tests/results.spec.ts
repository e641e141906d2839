// The results page against the API's own figures: a principal opens the demo unit's results,
// switches to the scope and category views (each linkable by its address) and reads in each
// table what GET /api/v1/carbon_reports/{id}/results answers, with the ratios per person and per
// position category; a standard user of the unit can open neither the page nor the endpoint.
import { expect, test, type Page } from '@playwright/test';
import type { CarbonReportView, UnitResults } from '@carbon/shared';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';
import { figureOf } from '../support/ui';

/** The unit's report of 2025 and its results, read with the page's session. */
async function resultsOf(page: Page, unit: number): Promise<{ reportId: number; status: number; results: UnitResults }> {
  const reports = (await (await page.request.get(`/api/v1/carbon_reports?unit_id=${unit}&year=2025`)).json()) as CarbonReportView[];
  const reportId = reports[0]!.id;
  const res = await page.request.get(`/api/v1/carbon_reports/${reportId}/results`);
  return { reportId, status: res.status(), results: (await res.json()) as UnitResults };
}

/** Tonnes with one decimal, as the page shows kg. */
const tonnes = (kg: number) => Math.round(kg / 100) / 10;

/** Every row of the breakdown shown: its figure, or that it has none (only entries without a factor). */
async function expectRows(page: Page, figures: Record<string, { kg_co2eq: number; entries: number; without_factor: number }>): Promise<void> {
  for (const [key, f] of Object.entries(figures)) {
    const row = page.getByTestId(`result-row-${key}`);
    if (f.entries > 0 && f.without_factor === f.entries) {
      await expect(row.getByTestId('result-no-factor')).toBeVisible();
      continue;
    }
    expect(await figureOf(row.getByTestId('result-kg')), key).toBe(tonnes(f.kg_co2eq));
    if (f.without_factor) await expect(row.getByTestId('result-incomplete')).toContainText(String(f.without_factor));
  }
}

test('a principal reads the figures of the API by module, scope and category, and the ratios', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'alice', `/u/${unit}/2025/results`);
  const { results } = await resultsOf(page, unit);
  expect(results.total.entries).toBeGreaterThan(0);

  expect(await figureOf(page.getByTestId('results-total'))).toBe(tonnes(results.total.kg_co2eq));
  expect(await figureOf(page.getByTestId('results-per-person'))).toBe(tonnes(results.kg_co2eq_per_person!));
  await expect(page.getByTestId('results-head-count')).toHaveText(`${results.head_count} people`);
  await expect(page.getByTestId('breakdown-module')).toBeVisible();
  await expectRows(page, results.by_module);

  await page.getByTestId('results-view-scope').click();
  await expect(page).toHaveURL(/\/results\?view=scope$/);
  await expect(page.getByTestId('chart-scope').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('result-row-1')).toContainText('Scope 1');
  await expectRows(page, results.by_scope);

  await page.getByTestId('results-view-category').click();
  await expect(page).toHaveURL(/\/results\?view=category$/);
  const held = Object.fromEntries(Object.entries(results.by_category).filter(([, f]) => f.entries > 0));
  await expect(page.getByTestId('breakdown-category').locator('[data-testid^="result-row-"]')).toHaveCount(Object.keys(held).length);
  await expect(page.getByTestId('result-row-business_travel')).toContainText('Business travel');
  await expectRows(page, held);

  // The address keeps the view: opened again, the categories show.
  await page.reload();
  await expect(page.getByTestId('breakdown-category')).toBeVisible();

  // Per position category: the demo members have theirs; each row as the API says.
  for (const [key, p] of Object.entries(results.by_position).filter(([, p]) => p.head_count > 0)) {
    const row = page.getByTestId(`position-row-${key}`);
    expect(await figureOf(row.getByTestId('position-people')), key).toBe(p.head_count);
    if (p.entries > p.without_factor) expect(await figureOf(row.getByTestId('position-kg')), key).toBe(tonnes(p.kg_co2eq));
  }
  expect(await figureOf(page.getByTestId('position-row-unattributed').getByTestId('position-kg'))).toBe(tonnes(results.unattributed.kg_co2eq));
});

test('a standard user can open neither the results page nor the results, and keeps their own footprint', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'bob', `/u/${unit}/2025`);
  await expect(page.getByTestId('own-footprint')).toBeVisible();
  await expect(page.getByTestId('nav-results')).toHaveCount(0);
  await page.goto(`/u/${unit}/2025/results?view=scope`);
  await expect(page.getByTestId('forbidden')).toBeVisible();
  await expect(page.getByTestId('results-total')).toHaveCount(0);
  const { status, reportId } = await resultsOf(page, unit);
  expect(status).toBe(403);
  expect((await page.request.get(`/api/v1/carbon_reports/${reportId}/own`)).status()).toBe(200);
});
