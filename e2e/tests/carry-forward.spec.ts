// Acceptance: a principal starts a new year from the one before on the unit home: the offer lists
// what lasts (the headcount, the buildings' supplies, devices within their lifetime) with its rows,
// the copy takes exactly the types left chosen, and the module pages then hold them. OCEAN-LAB
// 2027 is a year no other test uses; its latest earlier report is the demo's 2025.
import { expect, test } from '@playwright/test';
import { MODULE_TYPES } from '@carbon/shared';
import { openAs } from '../support/session';
import { ensureReport, unitIdOf, withDb } from '../support/db';

const YEAR = 2027;

const rowsOf = (unit: number, type: string) =>
  withDb(async (db) => {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM data_entries e JOIN carbon_report_modules m ON m.id = e.carbon_report_module_id
         JOIN carbon_reports r ON r.id = m.carbon_report_id WHERE r.unit_id = $1 AND r.year = $2 AND e.data_entry_type = $3`,
      [unit, YEAR, type],
    );
    return rows[0]!.n;
  });

test('a principal copies last year’s people and devices still in use into a new year, and not the electricity left unchosen', async ({ page }) => {
  test.slow();
  await ensureReport('OCEAN-LAB', YEAR, [...MODULE_TYPES]);
  const unit = await unitIdOf('OCEAN-LAB');
  const before = { member: await rowsOf(unit, 'member'), device: await rowsOf(unit, 'device') };
  expect(before).toEqual({ member: 0, device: 0 });

  await openAs(page, 'dan', `/u/${unit}/${YEAR}`);
  const offer = page.getByTestId('carry-forward');
  await expect(offer.getByRole('heading')).toHaveText(`Start ${YEAR} from 2025`);
  // The demo's 2025: three members, one electricity supply, and two devices, of which the
  // tablets of 2025 (two years of life: 2025–2026) stay behind; every type chosen at first.
  await expect(offer.getByTestId('carry-member')).toContainText('3 rows');
  await expect(offer.getByTestId('carry-device')).toContainText('1 row');
  await expect(offer).toContainText('1 device past its lifetime stays behind');
  await expect(offer.getByTestId('carry-plane')).toHaveCount(0);
  await expect(offer).toContainText('Trips, purchases and survey responses belong to one year');
  await expect(offer.getByTestId('carry-electricity')).toHaveAttribute('aria-checked', 'true');
  await offer.getByTestId('carry-electricity').click();
  await expect(offer.getByTestId('carry-electricity')).toHaveAttribute('aria-checked', 'false');
  for (const t of ['heating', 'refrigerant']) await offer.getByTestId(`carry-${t}`).click();
  await offer.getByTestId('carry-copy').click();
  await expect(offer).toHaveCount(0);

  await expect.poll(() => rowsOf(unit, 'member'), { timeout: 30_000 }).toBe(3);
  await expect.poll(() => rowsOf(unit, 'device'), { timeout: 30_000 }).toBe(1);
  expect(await rowsOf(unit, 'electricity')).toBe(0);
  expect(await rowsOf(unit, 'heating')).toBe(0);

  await page.goto(`/u/${unit}/${YEAR}/headcount`);
  await expect(page.getByTestId('entry-table-member').locator('tbody tr')).toHaveCount(3);
  // Once the year holds them, the home offers the rest only.
  await page.goto(`/u/${unit}/${YEAR}`);
  const rest = page.getByTestId('carry-forward');
  await expect(rest).toContainText('this year holds 3 rows already: not copied');
  await expect(rest.getByTestId('carry-member')).toHaveAttribute('aria-disabled', 'true');
  await expect(rest.getByTestId('carry-electricity')).toHaveAttribute('aria-checked', 'true');
});
