// Acceptance: a French user finds places by their French names. Typing "Genève" and "Bruxelles"
// in a train trip offers Geneva and Brussels (whose own name is in English), and the trip stores
// each place's own name.
import { expect, test } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf, withDb } from '../support/db';
import { comboboxOf, entryDialog, pick } from '../support/ui';

test('in French, "Genève" and "Bruxelles" find their places in a train trip', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('carbon.locale', 'fr'));
  const unit = await unitIdOf('OCEAN-LAB');
  await openAs(page, 'dan', `/u/${unit}/2025/professional-travel`);
  await page.getByRole('tab', { name: /^Voyage en train/ }).click();
  const dialog = entryDialog(page);
  await page.getByTestId('add-train').click();
  await pick(page, comboboxOf(dialog, 'Origine'), 'Genève', /^Genève\s*CH$/);
  await pick(page, comboboxOf(dialog, 'Destination'), 'Bruxelles', /^Brussels\s*BE$/);
  await pick(page, comboboxOf(dialog, 'Voyageur'), 'Weber', 'Dan Weber (200002)');
  await dialog.getByTestId('entry-save').click();
  await expect(dialog.getByTestId('entry-result')).toBeVisible();

  const { rows } = await withDb((db) =>
    db.query<{ data: Record<string, unknown> }>(
      `SELECT e.data FROM data_entries e JOIN carbon_report_modules m ON m.id = e.carbon_report_module_id JOIN carbon_reports r ON r.id = m.carbon_report_id
        WHERE r.unit_id = $1 AND e.data_entry_type = 'train' ORDER BY e.id DESC LIMIT 1`,
      [unit],
    ),
  );
  expect(rows[0]?.data).toMatchObject({ origin: 'Genève', origin_country: 'CH', destination: 'Brussels', destination_country: 'BE' });
});
