// The results page shows the ± of the report total and of each module — the figures the API
// computes from the factors' stated uncertainties —, the part no stated uncertainty covers, and the
// sentence saying how it is combined, in English and French.
import { expect, test, type Page } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';

interface Figure {
  sigma_kg: number;
  sigma_pct: number | null;
  uncovered_kg: number;
}
type ReportUncertainty = Figure & { by_module: Record<string, Figure> };

async function get<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (u) => (await (await fetch(u)).json()) as unknown, url) as Promise<T>;
}

const t = (kg: number, locale: string) => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(kg / 1000).replace(/[\s,](?=\d{3})/g, '\u202f');
const pct = (p: number, locale: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(p);

test('the results page shows the ± of the total and of each module, what it leaves out, and how it is combined', async ({ page }) => {
  const unit = await unitIdOf('OCEAN-LAB');
  await openAs(page, 'dan', `/u/${unit}/2025/results`);
  const [report] = await get<{ id: number }[]>(page, `/api/v1/carbon_reports?unit_id=${unit}&year=2025`);
  const u = await get<ReportUncertainty>(page, `/api/v1/carbon_reports/${report!.id}/uncertainty`);
  // The demo's unclassified purchase has a published ±22.6 %; its plane trip and devices none.
  expect(u.sigma_kg).toBeGreaterThan(0);
  expect(u.uncovered_kg).toBeGreaterThan(0);

  const total = page.getByTestId('results-uncertainty');
  await expect(total.getByTestId('uncertainty-sigma')).toHaveText(`± ${t(u.sigma_kg, 'en')} t (${pct(u.sigma_pct!, 'en')} %)`);
  await expect(total.getByTestId('uncertainty-uncovered')).toHaveText(`of which ${t(u.uncovered_kg, 'en')} t without a stated uncertainty`);
  await expect(total.getByTestId('uncertainty-explanation')).toContainText('emissions computed with the same factor share its error and add up');
  const purchases = u.by_module.purchases!;
  await expect(page.getByTestId('result-row-purchases').getByTestId('uncertainty-sigma')).toHaveText(`± ${t(purchases.sigma_kg, 'en')} t (${pct(purchases.sigma_pct!, 'en')} %)`);
  // A module none of whose factors states an uncertainty says so, never ± 0.
  await expect(page.getByTestId('result-row-professional_travel').getByTestId('uncertainty-unknown')).toHaveText('uncertainty unknown: no factor behind it states one');
  await page.screenshot({ path: test.info().outputPath('results-uncertainty.png'), fullPage: true });

  await page.getByTestId('language-switch').click();
  await page.getByRole('option', { name: 'FR' }).click();
  await expect(total.getByTestId('uncertainty-sigma')).toHaveText(`± ${t(u.sigma_kg, 'fr')} t (${pct(u.sigma_pct!, 'fr')} %)`);
  await expect(total.getByTestId('uncertainty-explanation')).toContainText('Le ± combine l’incertitude indiquée par la source de chaque facteur');
  await page.getByTestId('language-switch').click();
  await page.getByRole('option', { name: 'EN' }).click();
});
