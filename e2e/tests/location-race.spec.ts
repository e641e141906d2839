// Acceptance: a location field saves the place it shows. A place picked, then another typed over
// it and Save clicked at once, while the suggestions menu closes with its search under way: the
// trip stores the place typed, never the one picked before.
import { expect, test } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf, withDb } from '../support/db';
import { comboboxOf, entryDialog, pick } from '../support/ui';

async function lastTrain(unit: number): Promise<Record<string, unknown> | undefined> {
  const { rows } = await withDb((db) =>
    db.query<{ data: Record<string, unknown> }>(
      `SELECT e.data FROM data_entries e JOIN carbon_report_modules m ON m.id = e.carbon_report_module_id JOIN carbon_reports r ON r.id = m.carbon_report_id
        WHERE r.unit_id = $1 AND e.data_entry_type = 'train' ORDER BY e.id DESC LIMIT 1`,
      [unit],
    ),
  );
  return rows[0]?.data;
}

for (const when of ['at once, its search under way', 'with its suggestions open'] as const) {
  test(`a place typed over a picked one and saved ${when} is the place saved`, async ({ page }) => {
    const unit = await unitIdOf('CLIMATE-LAB');
    await openAs(page, 'alice', `/u/${unit}/2025/professional-travel`);
    await page.getByRole('tab', { name: /^Train trip/ }).click();
    const dialog = entryDialog(page);
    await page.getByTestId('add-train').click();
    const origin = comboboxOf(dialog, 'Origin');
    await pick(page, origin, 'Zürich', /^Zürich\s*CH$/);
    await pick(page, comboboxOf(dialog, 'Destination'), 'Paris', /^Paris\s*FR$/);
    await pick(page, comboboxOf(dialog, 'Traveler'), 'Martin', 'Alice Martin (100001)');

    // Another place typed over the one picked, not picked itself: the click on Save closes the
    // suggestions menu, and the field's blur comes after that click.
    await origin.click();
    await origin.press('Control+a');
    await origin.pressSequentially('Lyon', { delay: 50 });
    if (when === 'with its suggestions open') await expect(page.getByRole('option', { name: /^Lyon\s*FR$/ })).toBeVisible();
    await expect(origin).toHaveValue('Lyon');
    await dialog.getByTestId('entry-save').click({ delay: 100 });
    await expect(dialog.getByTestId('entry-result')).toBeVisible();
    expect(await lastTrain(unit)).toMatchObject({ origin: 'Lyon', origin_country: 'FR', destination: 'Paris' });
  });
}
