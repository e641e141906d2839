// A principal downloads the results page's summary CSV and printable report: the summary's
// total is the one on screen, and the report is a PDF in the page's language.
import fs from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf } from '../support/db';
import { figureOf } from '../support/ui';

async function downloadOf(page: Page, testId: string): Promise<{ download: Download; bytes: Buffer }> {
  const waiting = page.waitForEvent('download');
  await page.getByTestId(testId).click();
  const download = await waiting;
  return { download, bytes: fs.readFileSync((await download.path())!) };
}

test('a principal exports the summary CSV and the printable report from the results page', async ({ page }) => {
  const unit = await unitIdOf('OCEAN-LAB');
  await openAs(page, 'dan', `/u/${unit}/2025/results`);
  const total = await figureOf(page.getByTestId('results-total'));

  const summary = await downloadOf(page, 'results-export-summary');
  expect(summary.download.suggestedFilename()).toBe('carbon-report-summary-OCEAN-LAB-2025.csv');
  const text = summary.bytes.toString('utf8');
  expect(text.startsWith('\ufeffyear,unit,level,module,key,scope,kg_co2eq,entries,without_factor\r\n')).toBe(true);
  const totalLine = text.split('\r\n').find((l) => l.startsWith('2025,OCEAN-LAB,total,'));
  expect(totalLine).toBeDefined();
  // The screen shows tonnes with one decimal; the file has the kilograms to the hundredth.
  const kg = Number(totalLine!.split(',')[6]);
  expect(Math.round(kg / 100) / 10).toBe(total);
  for (const level of ['module', 'scope', 'category', 'entry_type']) expect(text).toContain(`2025,OCEAN-LAB,${level},`);

  const pdf = await downloadOf(page, 'results-export-pdf');
  expect(pdf.download.suggestedFilename()).toBe('carbon-report-OCEAN-LAB-2025-en.pdf');
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const raw = pdf.bytes.toString('latin1');
  expect(raw.trimEnd().endsWith('%%EOF')).toBe(true);
  expect(raw).toContain('(Carbon footprint report OCEAN-LAB 2025)');
  expect(raw).toMatch(/\/Type \/Page\b/);

  // In French, the report follows the page's language.
  await page.getByTestId('language-switch').click();
  await page.getByRole('option', { name: 'FR' }).click();
  await expect(page.getByTestId('results-export-pdf')).toContainText('Rapport imprimable (PDF)');
  const french = await downloadOf(page, 'results-export-pdf');
  expect(french.download.suggestedFilename()).toBe('carbon-report-OCEAN-LAB-2025-fr.pdf');
  expect(french.bytes.toString('latin1')).toContain('(Bilan carbone OCEAN-LAB 2025)');
  await page.getByTestId('language-switch').click();
  await page.getByRole('option', { name: 'EN' }).click();
});
