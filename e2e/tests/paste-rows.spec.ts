// Acceptance: rows copied from a spreadsheet (tab-separated, no header) are pasted into a module's
// upload dialog, go through the same pipeline as a file, and the row report names the bad one
// inline; the good rows are in the table. CLIMATE-LAB 2028 is a year no other test uses.
import { expect, test } from '@playwright/test';
import { openAs } from '../support/session';
import { ensureReport, unitIdOf } from '../support/db';

const YEAR = 2028;
const PHASES_DONE = { timeout: 45_000 };

test('a principal pastes device rows from a spreadsheet: the good ones are stored, the bad one reported by row and column', async ({ page }) => {
  test.slow();
  await ensureReport('CLIMATE-LAB', YEAR, ['equipment']);
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'alice', `/u/${unit}/${YEAR}/equipment`);
  await page.getByTestId('module-upload').click();
  const dialog = page.getByTestId('module-upload-dialog');
  await dialog.getByTestId('paste-toggle').click();
  // Columns in the template's order: description, device_type, count, acquisition_year, …; the
  // third row's count is not a number.
  const cells = ['Staff laptops\tlaptop\t3\t2026', 'Screens, 27"\tmonitor\t2\t2027', 'Lab tablets\ttablet\tmany\t2027'].join('\n');
  await dialog.getByTestId('paste-rows').fill(cells);
  await expect(dialog).toContainText('3 rows to send');
  await dialog.getByTestId('upload-send').click();
  await expect(dialog.getByTestId('pipeline-progress')).toHaveAttribute('data-ended', 'true', PHASES_DONE);
  await expect(dialog.getByTestId('phase-ingest')).toContainText('3 rows: 2 imported, 1 skipped');
  const report = dialog.getByTestId('row-report').locator('tbody tr');
  await expect(report).toHaveCount(1);
  await expect(report.first()).toContainText('4');
  await expect(report.first()).toContainText('count');
  await dialog.getByTestId('module-upload-close').click();
  const table = page.getByTestId('entry-table-device');
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(table.locator('tbody tr', { hasText: 'Screens, 27"' })).toHaveCount(1);
});
