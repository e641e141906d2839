// The results page shows, beside the report total and each module, a range for the whole total —
// the factors' stated uncertainties where there are, their factor set's default class elsewhere —
// and the ± the sources state on the part of the total it covers, saying how much of the total
// that is (never as the total's own ±), with the sentence saying how it is combined; in English
// and French. The figures are the API's (GET …/uncertainty), written as the page formats them.
import { expect, test, type Page } from '@playwright/test';
import type { ReportUncertainty } from '@carbon/shared';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';

async function get<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (u) => (await (await fetch(u)).json()) as unknown, url) as Promise<T>;
}

const t = (kg: number, locale: string) => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(kg / 1000).replace(/[\s,](?=\d{3})/g, '\u202f');
const pct = (p: number | null, locale: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(p!);

test('the results page ranges the whole total and states the sources\' ± on the part it covers, in English and French', async ({ page }) => {
  const unit = await unitIdOf('OCEAN-LAB');
  await openAs(page, 'dan', `/u/${unit}/2025/results`);
  const [report] = await get<{ id: number }[]>(page, `/api/v1/carbon_reports?unit_id=${unit}&year=2025`);
  const u = await get<ReportUncertainty>(page, `/api/v1/carbon_reports/${report!.id}/uncertainty`);
  // The demo's unclassified purchase has a published ±22.6 % (shared/src/modules/purchases/factors/purchase/2019.csv),
  // its plane trip and devices none: the stated ± covers a part of the total only, and the range
  // takes the rest in default classes.
  expect(u.stated.sigma_kg).toBeGreaterThan(0);
  expect(u.uncovered_kg).toBeGreaterThan(0);
  expect(u.whole.sigma_kg).toBeGreaterThan(u.stated.sigma_kg);

  const total = page.getByTestId('results-uncertainty');
  await expect(total.getByTestId('uncertainty-range')).toHaveText(`Range ${t(u.whole.low_kg, 'en')} to ${t(u.whole.high_kg, 'en')} t (± ${t(u.whole.sigma_kg, 'en')} t, ${pct(u.whole.sigma_pct, 'en')} %)`);
  await expect(total.getByTestId('uncertainty-defaults')).toHaveText(`with the default uncertainty class of their factors for the ${t(u.uncovered_kg, 'en')} t whose sources state none`);
  await expect(total.getByTestId('uncertainty-stated')).toHaveText(
    `stated by the sources: ± ${t(u.stated.sigma_kg, 'en')} t on the ${t(u.stated.covered_kg, 'en')} t (${pct(u.stated.covered_pct, 'en')} % of the total) whose factors state an uncertainty`,
  );
  await expect(total.getByTestId('uncertainty-explanation')).toContainText('or else the default class of its factor family (low 10 %, medium 30 %, high 50 %, very high 80 %)');
  const purchases = u.by_module.purchases!;
  await expect(page.getByTestId('result-row-purchases').getByTestId('uncertainty-range')).toHaveText(`Range ${t(purchases.whole.low_kg, 'en')} to ${t(purchases.whole.high_kg, 'en')} t (± ${t(purchases.whole.sigma_kg, 'en')} t, ${pct(purchases.whole.sigma_pct, 'en')} %)`);
  // A module none of whose factors states an uncertainty says so, and still has its range: never
  // ± 0. Which module that is depends on what other tests added to this unit (a train trip's
  // factor states one): the first such module of the API's answer.
  const [unstated, figures] = Object.entries(u.by_module).find(([, m]) => m.stated.covered_kg === 0 && m.whole.sigma_kg > 0)!;
  const row = page.getByTestId(`result-row-${unstated}`);
  await expect(row.getByTestId('uncertainty-unknown')).toHaveText('no factor behind it states an uncertainty: the range rests on default classes alone');
  await expect(row.getByTestId('uncertainty-range')).toContainText(`± ${t(figures.whole.sigma_kg, 'en')} t`);
  await page.screenshot({ path: test.info().outputPath('results-uncertainty.png'), fullPage: true });

  await page.getByTestId('language-switch').click();
  await page.getByRole('option', { name: 'FR' }).click();
  await expect(total.getByTestId('uncertainty-range')).toHaveText(`Fourchette de ${t(u.whole.low_kg, 'fr')} à ${t(u.whole.high_kg, 'fr')} t (± ${t(u.whole.sigma_kg, 'fr')} t, ${pct(u.whole.sigma_pct, 'fr')} %)`);
  await expect(total.getByTestId('uncertainty-stated')).toHaveText(
    `indiquée par les sources : ± ${t(u.stated.sigma_kg, 'fr')} t sur les ${t(u.stated.covered_kg, 'fr')} t (${pct(u.stated.covered_pct, 'fr')} % du total) dont les facteurs indiquent une incertitude`,
  );
  await expect(total.getByTestId('uncertainty-explanation')).toContainText('ou à défaut la classe par défaut de sa famille de facteurs (faible 10 %, moyenne 30 %, élevée 50 %, très élevée 80 %)');
  await page.getByTestId('language-switch').click();
  await page.getByRole('option', { name: 'EN' }).click();
});
