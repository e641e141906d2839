// Acceptance of the back office, on the real stack with the operator Olga signed in
// through the dev IdP: a travel CSV with unknown person numbers, a factor file that drops one
// factor and changes another, a unit sync for a new year, the recovery of a job left RUNNING by a
// killed instance, a principal's upload from the module page, a replace upload that is confirmed
// with the number of rows it removes, and a standard user kept out.
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openAs } from '../support/session';
import { unitIdOf, withDb } from '../support/db';
import { choose, figure, figureOf, setFile } from '../support/ui';

const PHASES_DONE = { timeout: 45_000 };

/** The rows of the row report as [row, column, reason, level]. */
async function reportRows(scope: Locator): Promise<string[][]> {
  const rows = scope.getByTestId('row-report').locator('tbody tr');
  return rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));
}

/** A same-origin API call from the signed-in page (the SPA's own headers and cookie). */
async function api<T>(page: Page, method: string, url: string, body?: string, type = 'application/json'): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, url, body, type }) => {
      const res = await fetch(url, { method, headers: body === undefined ? {} : { 'content-type': type }, body });
      const text = await res.text();
      return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
    },
    { method, url, body, type },
  );
}

test('an operator uploads a travel CSV with unknown person numbers: three phases, the skipped rows, new totals', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'olga', '/workspace');
  await page.getByTestId('nav-backoffice').click();
  await expect(page).toHaveURL(/\/backoffice\/uploads$/);
  const upload = page.getByTestId('csv-upload');

  await choose(page, upload.getByTestId('upload-module'), 'Professional travel');
  await choose(page, upload.getByTestId('upload-type'), 'Plane trip');
  await choose(page, upload.getByTestId('upload-year'), '2025');
  await choose(page, upload.getByTestId('upload-unit'), 'Climate Dynamics Lab (CLIMATE-LAB)');

  // The template comes from the registry.
  const templateDownload = page.waitForEvent('download');
  await upload.getByTestId('download-template').click();
  const template = fs.readFileSync(await (await templateDownload).path(), 'utf8');
  expect(template.replace(/^\ufeff/, '').split('\r\n')[0]).toBe('origin,destination,cabin_class,number_of_trips,round_trip,departure_date,person_number,traveler_name');

  const csv = [
    'origin,destination,cabin_class,number_of_trips,round_trip,departure_date,person_number',
    'GVA,JFK,economy,1,true,2025-05-02,100001',
    'ZRH,LHR,economy,1,false,2025-05-03,999001',
    'GVA,LHR,business,2,false,2025-05-04,100003',
    'CDG,JFK,economy,1,false,2025-05-05,999002',
    'ZRH,CDG,economy,1,true,2025-05-06,100004',
  ].join('\n');
  await setFile(page, upload, 'trips-2025.csv', csv);
  await upload.getByTestId('upload-send').click();

  await expect(upload.getByTestId('upload-job-id')).toHaveText(/^Job #\d+ started$/);
  await expect(upload.getByTestId('upload-progress')).toHaveAttribute('data-done', 'true');
  await expect(upload.getByTestId('pipeline-progress')).toHaveAttribute('data-ended', 'true', PHASES_DONE);
  await expect(upload.getByTestId('phase-ingest')).toHaveAttribute('data-status', 'warning');
  await expect(upload.getByTestId('phase-recalculation')).toHaveAttribute('data-status', 'success');
  await expect(upload.getByTestId('phase-aggregation')).toHaveAttribute('data-status', 'success');
  await expect(upload.getByTestId('phase-ingest')).toContainText('5 rows: 3 imported, 2 skipped');
  await expect(upload.getByTestId('phase-recalculation')).toContainText('3 entries computed');
  await expect(upload.getByTestId('pipeline-outcome')).toHaveAttribute('data-outcome', 'warning');

  // Exactly the two rows with unknown person numbers, with their reasons worded from their codes
  // in the app's language (the server's English detail stays in the job's report).
  const reason = (n: number) => `Person number ${n} is not in this unit’s headcount for 2025`;
  expect(await reportRows(upload)).toEqual([
    ['3', 'person_number', reason(999001), 'Warning'],
    ['5', 'person_number', reason(999002), 'Warning'],
  ]);
  await upload.getByTestId('row-report-filter').fill('999002');
  await expect(upload.getByTestId('row-report').locator('tbody tr')).toHaveCount(1);
  const reportDownload = page.waitForEvent('download');
  await upload.getByTestId('row-report-download').click();
  const reportCsv = fs.readFileSync(await (await reportDownload).path(), 'utf8').replace(/^\ufeff/, '');
  expect(reportCsv.trim().split('\r\n')).toEqual(['row,column,reason,level', `5,person_number,${reason(999002)},warning`]);
  await page.screenshot({ path: test.info().outputPath('uploads.png'), fullPage: true });

  // The module's totals moved, here and on the module page.
  const before = figure(await upload.getByTestId('upload-total-before').innerText());
  const after = figure(await upload.getByTestId('upload-total-after').innerText());
  expect(after).toBeGreaterThan(before + 1);
  await page.goto(`/u/${unit}/2025/professional-travel`);
  await expect.poll(() => figureOf(page.getByTestId('module-total'))).toBe(after);

  // A file with a wrong header is refused as a whole, with the reason.
  await page.goto('/backoffice/uploads');
  await choose(page, upload.getByTestId('upload-module'), 'Professional travel');
  await choose(page, upload.getByTestId('upload-year'), '2025');
  await choose(page, upload.getByTestId('upload-unit'), 'Climate Dynamics Lab (CLIMATE-LAB)');
  await setFile(page, upload, 'wrong.csv', 'from,to\nGVA,JFK\n');
  await upload.getByTestId('upload-send').click();
  await expect(upload.getByTestId('pipeline-outcome')).toHaveAttribute('data-outcome', 'failed', PHASES_DONE);
  await expect(upload.getByTestId('pipeline-outcome')).toContainText('Nothing was changed: The header does not match the file type. Missing columns: origin, destination');
  await expect(upload.getByTestId('phase-ingest')).toHaveAttribute('data-status', 'failed');
  await expect(upload.getByTestId('phase-recalculation')).toHaveAttribute('data-status', 'skipped');
});

test('a factor file that drops one factor and changes another: "not in latest CSV", recalculations by themselves, new totals', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'olga', `/u/${unit}/2024/professional-travel`);
  const totalBefore = await figureOf(page.getByTestId('module-total'));

  type Factor = { classification: { country: string }; values: { kg_co2eq_per_km: number }; uncertainty_pct: number | null; edition: number | null; boundary: string | null; source: string };
  const current = await api<{ items: Factor[] }>(page, 'GET', '/api/factors?module=professional_travel&type=train&year=2024');
  expect(current.status).toBe(200);
  const countries = current.json.items.map((f) => f.classification.country);
  expect(countries).toEqual(expect.arrayContaining(['AT', 'FR']));
  const header = 'country,kg_co2eq_per_km,uncertainty_pct,edition,boundary,source';
  const line = (f: Factor, value = f.values.kg_co2eq_per_km) => `${f.classification.country},${value},${f.uncertainty_pct ?? ''},${f.edition ?? ''},${f.boundary ?? ''},"${f.source.replace(/"/g, '""')}"`;
  const original = [header, ...current.json.items.map((f) => line(f))].join('\n');
  // Lausanne–Paris (a demo trip of the unit) uses the French factor; Austria is dropped.
  const edited = [header, ...current.json.items.filter((f) => f.classification.country !== 'AT').map((f) => line(f, f.classification.country === 'FR' ? 1.5 : undefined))].join('\n');

  try {
    // The year's train factors are the library's: a file that leaves one of those out leaves it
    // the library's default, never "not in latest CSV". The operator first makes them their own,
    // the same rows as a file.
    await runPipeline(page, 'POST', '/api/sync/factors/professional_travel/train?year=2024', original, 'text/csv');
    await page.goto('/backoffice/factors?module=professional_travel&type=train&year=2024');
    const table = page.getByTestId('factor-table');
    const row = (country: string) => table.locator('tbody tr').filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${country}$`) }) });
    await expect(row('AT')).toHaveAttribute('data-stale', 'false');

    const upload = page.getByTestId('factor-upload');
    await setFile(page, upload, 'train-factors-2024.csv', edited);
    await upload.getByTestId('upload-send').click();
    await expect(upload.getByTestId('upload-job-id')).toHaveText(/^Job #\d+ started$/);
    // The recalculation the file starts by itself appears, and everything finishes.
    await expect(upload.getByTestId('phase-recalculation').getByTestId('phase-job')).not.toHaveCount(0, PHASES_DONE);
    await expect(upload.getByTestId('pipeline-progress')).toHaveAttribute('data-ended', 'true', PHASES_DONE);
    await expect(upload.getByTestId('phase-ingest')).toHaveAttribute('data-status', 'success');
    await expect(upload.getByTestId('phase-ingest')).toContainText(`${countries.length - 1} factors (0 new, 1 changed)`);
    await expect(upload.getByTestId('phase-recalculation')).toHaveAttribute('data-status', 'success');
    await expect(upload.getByTestId('phase-recalculation')).toContainText('Train trip');
    await expect(upload.getByTestId('phase-aggregation')).toHaveAttribute('data-status', 'success');

    // The table was read again: the dropped factor is kept and marked, the changed one updated.
    await expect(row('AT')).toHaveAttribute('data-stale', 'true');
    await expect(row('AT').getByTestId('factor-not-in-latest')).toHaveText('not in latest CSV');
    await expect(row('FR')).toHaveAttribute('data-stale', 'false');
    await expect(row('FR')).toContainText('1.5');
    await expect(table.locator('tbody tr[data-stale="true"]')).toHaveCount(1);
    await expect(page.getByTestId('factors-latest')).toContainText('1 factor not in the latest CSV');
    await page.screenshot({ path: test.info().outputPath('factors.png'), fullPage: true });

    await page.goto(`/u/${unit}/2024/professional-travel`);
    await expect.poll(() => figureOf(page.getByTestId('module-total'))).toBeGreaterThan(totalBefore);
  } finally {
    // Put the shipped factors' values back (other tests compute with them) and wait for the
    // recalculation.
    const restored = await api<{ pipeline_id: string }>(page, 'POST', '/api/sync/factors/professional_travel/train?year=2024', original, 'text/csv');
    expect(restored.status).toBe(202);
    await expect
      .poll(async () => {
        const jobs = await api<{ items: { state: string }[] }>(page, 'GET', `/api/sync/jobs?pipeline_id=${restored.json.pipeline_id}`);
        return jobs.json.items.length > 0 && jobs.json.items.every((j) => j.state === 'FINISHED');
      }, PHASES_DONE)
      .toBe(true);
  }
});

test('a unit sync for a new year: its job id, its progress, and the year in a principal’s workspace', async ({ page, browser }) => {
  const year = 2030;
  await openAs(page, 'olga', '/backoffice/units');
  await expect(page.getByTestId('unit-years-CLIMATE-LAB')).not.toContainText(String(year));
  await page.getByTestId('unit-sync-year').fill(String(year));
  await page.getByTestId('unit-sync-run').click();
  await expect(page.getByTestId('unit-sync-job-id')).toHaveText(/^Job #\d+ started$/);
  const sync = page.getByTestId('phase-sync');
  await expect(sync).toHaveAttribute('data-status', /^(success|warning)$/, PHASES_DONE);
  await expect(sync.getByTestId('phase-job-counts')).toContainText(/\d+ units \(\d+ new\), \d+ new reports/);
  await expect(page.getByTestId('unit-years-CLIMATE-LAB')).toContainText(String(year));
  await page.screenshot({ path: test.info().outputPath('units.png'), fullPage: true });

  // Alice, a principal of the unit, in her own browser context.
  const aliceContext = await browser.newContext();
  const alice = await aliceContext.newPage();
  await openAs(alice, 'alice', '/workspace');
  await expect(alice.getByTestId(`open-CLIMATE-LAB-${year}`)).toBeVisible();
  // The new year has no factors yet, and her unit home says so.
  const unit = await unitIdOf('CLIMATE-LAB');
  await alice.goto(`/u/${unit}/${year}`);
  await expect(alice.getByTestId('no-factors-notice')).toContainText(`No factors for ${year}: ask the back office to carry over ${year - 1}’s factors or to upload them.`);

  // The operator carries 2025's factors over from the factors page; the notice goes.
  await page.goto(`/backoffice/factors?module=professional_travel&set=plane&year=${year}`);
  await expect(page.getByTestId('no-factors-notice')).toContainText(`No factors for ${year}`);
  await page.getByTestId('carry-over-from').fill('2025');
  await page.getByTestId('carry-over-start').click();
  await expect(page.getByTestId('carry-over').getByTestId('pipeline-progress')).toHaveAttribute('data-ended', 'true', PHASES_DONE);
  await expect(page.getByTestId('carry-over').getByTestId('phase-ingest')).toContainText('factors carried over from 2025');
  await expect(page.getByTestId('no-factors-notice')).toHaveCount(0);
  await alice.reload();
  await expect(alice.getByTestId('report-total-card')).toBeVisible();
  await expect(alice.getByTestId('no-factors-notice')).toHaveCount(0);
  await aliceContext.close();
});

/** Starts a pipeline through the API and waits until all its jobs have finished. */
async function runPipeline(page: Page, method: string, url: string, body: string, type = 'application/json'): Promise<void> {
  const started = await api<{ pipeline_id: string }>(page, method, url, body, type);
  expect(started.status).toBe(202);
  await expect
    .poll(async () => {
      const jobs = await api<{ items: { state: string }[] }>(page, 'GET', `/api/sync/jobs?pipeline_id=${started.json.pipeline_id}`);
      return jobs.json.items.length > 0 && jobs.json.items.every((j) => j.state === 'FINISHED');
    }, PHASES_DONE)
    .toBe(true);
}

test('a replace upload first names how many earlier CSV rows it removes, sends nothing when cancelled, then says what it did', async ({ page }) => {
  const year = 2032;
  const unit = await unitIdOf('CLIMATE-LAB');
  const header = 'user_institutional_id,name,fte,position';
  await openAs(page, 'olga', '/backoffice/units');
  // A year of its own, with a headcount of three members from an earlier file.
  await runPipeline(page, 'POST', '/api/sync/units', JSON.stringify({ year }));
  await runPipeline(page, 'POST', `/api/sync/dispatch?module=headcount&type=member&year=${year}&unit_id=${unit}`, `${header}
700001,First,1,
700002,Second,1,
700003,Third,1,
`, 'text/csv');
  const ingests = async () => (await api<{ total: number }>(page, 'GET', `/api/sync/jobs?job_type=csv_ingest&year=${year}`)).json.total;
  const before = await ingests();

  await page.goto('/backoffice/uploads');
  const upload = page.getByTestId('csv-upload');
  await choose(page, upload.getByTestId('upload-module'), 'Headcount');
  await choose(page, upload.getByTestId('upload-year'), String(year));
  await choose(page, upload.getByTestId('upload-unit'), 'Climate Dynamics Lab (CLIMATE-LAB)');
  await upload.getByTestId('upload-mode').getByText('Replace earlier CSV entries').click();
  await setFile(page, upload, 'headcount-2032.csv', `${header}
700010,New One,1,
700011,New Two,0.5,
`);

  await upload.getByTestId('upload-send').click();
  const confirm = page.getByTestId('upload-confirm');
  await expect(confirm.getByTestId('upload-confirm-message')).toHaveText(
    '3 earlier CSV entries of this type, for this unit and year, will be removed before the file is imported. Entries typed in by hand stay.',
  );
  await page.screenshot({ path: test.info().outputPath('replace-confirm.png'), fullPage: true });
  await confirm.getByTestId('upload-confirm-cancel').click();
  await expect(confirm).toHaveCount(0);
  expect(await ingests()).toBe(before);

  await upload.getByTestId('upload-send').click();
  await page.getByTestId('upload-confirm-ok').click();
  // 2032 has no per-FTE estimate (an optional set): the new members add nothing, lacking no factor.
  await expect(upload.getByTestId('pipeline-outcome')).toHaveAttribute('data-outcome', 'success', PHASES_DONE);
  await expect(upload.getByTestId('pipeline-outcome')).toHaveText('Done: earlier CSV rows removed: 3; rows added: 2; rows skipped: 0. The totals are up to date.');
  expect(await ingests()).toBe(before + 1);
  const members = await withDb(async (db) =>
    (
      await db.query<{ name: string }>(
        `SELECT e.data->>'name' AS name FROM data_entries e JOIN carbon_report_modules m ON m.id = e.carbon_report_module_id
           JOIN carbon_reports r ON r.id = m.carbon_report_id WHERE r.unit_id = $1 AND r.year = $2 AND m.module_type = 'headcount' ORDER BY e.id`,
        [unit, year],
      )
    ).rows.map((r) => r.name),
  );
  expect(members).toEqual(['New One', 'New Two']);
});

/** A professional travel aggregation of `unit` for 2025 left RUNNING by instance `killed`, which
 * died a moment ago: its last heartbeat, 5 s ago, is still inside the 60 s rescue window, so no
 * poller takes the job first; the job had run for 15 minutes, past the 10-minute timeout of its
 * type. Answers the job's id. */
async function staleRunningAggregation(unit: number, killed: string): Promise<number> {
  return withDb(async (db) => {
    await db.query(`INSERT INTO job_instances (id, started_at, heartbeat_at) VALUES ($1, now() - interval '1 hour', now() - interval '5 seconds')`, [killed]);
    await db.query(
      `UPDATE data_ingestion_jobs SET is_current = false
        WHERE is_current AND state <> 'RUNNING' AND job_type = 'aggregation' AND entity_type = 'MODULE_UNIT_SPECIFIC'
          AND module_type = 'professional_travel' AND unit_id = $1 AND year = 2025`,
      [unit],
    );
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO data_ingestion_jobs (job_type, entity_type, target, module_type, unit_id, year, state, is_current, locked_by, locked_at,
                                        attempts, run_after, started_at, created_at, progress)
       VALUES ('aggregation', 'MODULE_UNIT_SPECIFIC', 'STATS', 'professional_travel', $1, 2025, 'RUNNING', true, $2, now() - interval '15 minutes',
               1, now() - interval '15 minutes', now() - interval '15 minutes', now() - interval '15 minutes', '{"phase": "aggregating", "done": 0, "total": 1}')
       RETURNING id`,
      [unit, killed],
    );
    return Number(rows[0]!.id);
  });
}

test('recover: a job left RUNNING by a killed instance shows as stale, and Recover brings it to completion', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  const killed = `e2e-killed:${process.pid}:${Date.now().toString(36)}`;
  const jobId = await staleRunningAggregation(unit, killed);

  await openAs(page, 'olga', '/backoffice/jobs?state=RUNNING');
  const row = page.getByTestId(`job-row-${jobId}`);
  await expect(row).toHaveAttribute('data-stale', 'true');
  await expect(row.getByTestId('job-stale')).toHaveText('stale');
  await expect(row).toContainText(killed);
  await page.screenshot({ path: test.info().outputPath('jobs-stale.png'), fullPage: true });

  await row.getByTestId('job-recover').click();
  await expect(page.getByRole('dialog')).toContainText(`Recover job #${jobId}?`);
  await page.getByTestId('recover-confirm').click();
  await expect(page.getByText(`Job #${jobId} is running again`)).toBeVisible();

  // Live: back in the queue, claimed by the living instance, finished.
  await expect(row).toHaveAttribute('data-state', 'FINISHED', PHASES_DONE);
  await expect(row.getByTestId('job-state')).toHaveText('Succeeded');
  await expect(row).toHaveAttribute('data-stale', 'false');
  await row.getByTestId('job-expand').click();
  const details = page.getByTestId(`job-details-${jobId}`);
  await expect(details.getByTestId('job-attempts')).toHaveText('2 of 3');
  await expect(details.getByTestId('job-instance')).not.toHaveText(killed);
  await expect(details.getByTestId('job-finished')).not.toHaveText('—');

  // Its pipeline view groups its jobs.
  await row.getByTestId('job-show-pipeline').click();
  await expect(page).toHaveURL(/pipeline_id=/);
  await expect(page.getByTestId('pipeline-view').getByTestId('phase-aggregation')).toHaveAttribute('data-status', 'success');
  await page.screenshot({ path: test.info().outputPath('jobs-recovered.png'), fullPage: true });
});

test('recover: answers read before the recovered job finished do not take its row back', async ({ page }) => {
  // The engine can recover, claim and finish a job within one round trip of the browser: the
  // job's FINISHED event may be in the tab before answers read earlier (the recovery's own, a
  // reload of the list). Both are held here until the job has finished and its row says so.
  const unit = await unitIdOf('CLIMATE-LAB');
  const killed = `e2e-killed-late:${process.pid}:${Date.now().toString(36)}`;
  const jobId = await staleRunningAggregation(unit, killed);
  const stateInDb = () => withDb(async (db) => (await db.query<{ state: string }>('SELECT state FROM data_ingestion_jobs WHERE id = $1', [jobId])).rows[0]!.state);

  // The first answer of each kind is fetched from the server at once and handed to the page only
  // when released; later ones pass. (The routes stay in place to the end: once a page has no
  // route left, Playwright lets paused requests go to the server again.)
  const held: { list?: () => void; recovery?: () => void } = {};
  const seen = new Set<keyof typeof held>();
  const hold = (key: keyof typeof held) => async (route: import('@playwright/test').Route) => {
    if (seen.has(key)) return route.continue();
    seen.add(key);
    const response = await route.fetch();
    await new Promise<void>((release) => (held[key] = release));
    await route.fulfill({ response });
  };
  // Reads of the job alone in flight: none may be left to repair the row by chance.
  let jobReads = 0;
  const isJobRead = (r: import('@playwright/test').Request) => r.method() === 'GET' && new URL(r.url()).pathname === `/api/sync/jobs/${jobId}`;
  page.on('request', (r) => void (isJobRead(r) && jobReads++));
  page.on('requestfinished', (r) => void (isJobRead(r) && jobReads--));
  page.on('requestfailed', (r) => void (isJobRead(r) && jobReads--));

  await openAs(page, 'olga', '/backoffice/jobs?state=RUNNING');
  const row = page.getByTestId(`job-row-${jobId}`);
  await expect(row).toHaveAttribute('data-state', 'RUNNING');
  await expect(page.getByTestId('job-table')).toHaveAttribute('data-loading', 'false');

  // A reload of the list, read while the job is still RUNNING on the killed instance.
  await page.route((url) => url.pathname === '/api/sync/jobs' && url.searchParams.get('state') === 'RUNNING', hold('list'));
  await page.getByTestId('jobs-reload').click();
  await expect.poll(() => held.list !== undefined).toBe(true);

  // The recovery, whose answer comes back after the job has finished.
  await page.route(`**/api/sync/jobs/${jobId}/recover`, hold('recovery'));
  await row.getByTestId('job-recover').click();
  await page.getByTestId('recover-confirm').click();
  await expect.poll(() => held.recovery !== undefined).toBe(true);
  await expect.poll(stateInDb, PHASES_DONE).toBe('FINISHED');
  await expect(row).toHaveAttribute('data-state', 'FINISHED');
  await expect.poll(() => jobReads).toBe(0);

  held.recovery!();
  await expect(page.getByText(`Job #${jobId} is running again`)).toBeVisible();
  await expect(row).toHaveAttribute('data-state', 'FINISHED');
  await expect(row.getByTestId('job-state')).toHaveText('Succeeded');

  held.list!();
  await expect(page.getByTestId('job-table')).toHaveAttribute('data-loading', 'false');
  await expect(row).toHaveAttribute('data-state', 'FINISHED');
  await row.getByTestId('job-expand').click();
  await expect(page.getByTestId(`job-details-${jobId}`).getByTestId('job-attempts')).toHaveText('2 of 3');
});

test('recover answers 409 for a job whose instance is alive and within its timeout, and the console says why', async ({ page }) => {
  const unit = await unitIdOf('OCEAN-LAB');
  await openAs(page, 'olga', '/backoffice/jobs');
  // Held by the living instance for two minutes: quiet enough for the console to suspect it,
  // not stale for the server.
  const jobId = await withDb(async (db) => {
    const live = (await db.query<{ id: string }>('SELECT id FROM job_instances ORDER BY heartbeat_at DESC LIMIT 1')).rows[0]!.id;
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO data_ingestion_jobs (job_type, entity_type, target, module_type, unit_id, year, state, locked_by, locked_at, attempts, started_at)
       VALUES ('aggregation', 'MODULE_UNIT_SPECIFIC', 'STATS', 'headcount', $1, 2019, 'RUNNING', $2, now() - interval '2 minutes', 1, now() - interval '2 minutes')
       RETURNING id`,
      [unit, live],
    );
    return Number(rows[0]!.id);
  });
  try {
    const row = page.getByTestId(`job-row-${jobId}`);
    await expect(row).toHaveAttribute('data-stale', 'true');
    await row.getByTestId('job-recover').click();
    await page.getByTestId('recover-confirm').click();
    await expect(row.getByTestId('recover-conflict')).toContainText(`Not recovered: Job ${jobId} is running on instance`);
    await expect(row.getByTestId('recover-conflict')).toContainText('which is alive');
  } finally {
    await withDb((db) => db.query(`UPDATE data_ingestion_jobs SET state = 'FINISHED', result = 'ERROR', finished_at = now(), status_message = 'e2e arrangement' WHERE id = $1`, [jobId]));
  }
});

test('a principal uploads a CSV for their own unit from the module page', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'alice', `/u/${unit}/2025/professional-travel`);
  const before = await figureOf(page.getByTestId('module-total'));
  await page.getByTestId('module-upload').click();
  const dialog = page.getByTestId('module-upload-dialog');
  // Module, unit and year are those of the page: only the type is chosen.
  await expect(dialog.getByTestId('upload-unit')).toHaveCount(0);
  await expect(dialog.getByTestId('upload-year')).toHaveCount(0);
  await choose(page, dialog.getByTestId('upload-type'), 'Plane trip');
  await setFile(page, dialog, 'planes.csv', 'origin,destination,round_trip,person_number\nGVA,JFK,true,100002\n');
  await dialog.getByTestId('upload-send').click();
  await expect(dialog.getByTestId('pipeline-outcome')).toHaveAttribute('data-outcome', 'success', PHASES_DONE);
  await expect(dialog.getByTestId('phase-aggregation')).toHaveAttribute('data-status', 'success');
  await page.screenshot({ path: test.info().outputPath('module-upload.png'), fullPage: true });
  await dialog.getByTestId('module-upload-close').click();
  // The page refreshed by itself when the pipeline ended.
  await expect.poll(() => figureOf(page.getByTestId('module-total'))).toBeGreaterThan(before + 1);
});

test('the institution roll-up: every unit of the year, the sum, a CSV, and a drill-down to the same figures', async ({ page }) => {
  await openAs(page, 'olga', '/backoffice/rollup');
  await page.getByTestId('rollup-year').fill('2025');
  const table = page.getByTestId('rollup-table');
  const climate = table.getByRole('row').filter({ hasText: 'CLIMATE-LAB' });
  const ocean = table.getByRole('row').filter({ hasText: 'OCEAN-LAB' });
  await expect(climate).toBeVisible();
  await expect(ocean).toBeVisible();
  // The page opened on the latest year with entries: wait for the rows of the year typed.
  await expect(ocean.getByTestId('rollup-open')).toHaveAttribute('href', /\/2025\/results$/);
  await expect(climate.getByTestId('rollup-open')).toHaveAttribute('href', /\/2025\/results$/);
  const climateKg = figure(await climate.getByRole('cell').nth(1).innerText());
  const oceanKg = figure(await ocean.getByRole('cell').nth(1).innerText());
  const sum = figure(await page.getByTestId('rollup-sum-kg').innerText());
  // Tonnes with one decimal each: the sum is within rounding of the rows'.
  expect(Math.abs(sum - (climateKg + oceanKg))).toBeLessThanOrEqual(0.1 + 1e-9);

  const download = page.waitForEvent('download');
  await page.getByTestId('rollup-export').click();
  const csv = fs.readFileSync((await (await download).path())!, 'utf8');
  expect(csv).toContain('year,unit,unit_name,kg_co2eq');
  expect(csv).toMatch(/\r\n2025,TOTAL,/);

  await page.getByTestId('rollup-filter').fill('ocean');
  await expect(climate).toHaveCount(0);
  await ocean.getByTestId('rollup-open').click();
  await expect(page).toHaveURL(/\/u\/\d+\/2025\/results$/);
  expect(await figureOf(page.getByTestId('results-total'))).toBe(oceanKg);
});

test('a standard user cannot see the back office: no menu, direct addresses not authorised, API 403', async ({ page }) => {
  const unit = await unitIdOf('CLIMATE-LAB');
  await openAs(page, 'bob', `/u/${unit}/2025/professional-travel`);
  await expect(page.getByTestId('module-total')).toHaveCount(0);
  await expect(page.getByTestId('nav-backoffice')).toHaveCount(0);
  await expect(page.getByTestId('module-upload')).toHaveCount(0);

  for (const path of ['/backoffice', '/backoffice/uploads', '/backoffice/factors', '/backoffice/units', '/backoffice/jobs', '/backoffice/rollup']) {
    await page.goto(path);
    await expect(page.getByTestId('forbidden')).toBeVisible();
    await expect(page.getByTestId('backoffice-nav')).toHaveCount(0);
  }

  expect((await api(page, 'GET', '/api/sync/jobs')).status).toBe(403);
  expect((await api(page, 'GET', '/api/factors?module=professional_travel&type=plane&year=2025')).status).toBe(403);
  expect((await api(page, 'POST', '/api/sync/units', JSON.stringify({ year: 2031 }))).status).toBe(403);
  expect((await api(page, 'POST', '/api/sync/dispatch?module=professional_travel&type=plane&year=2025', 'origin\n', 'text/csv')).status).toBe(403);
});
