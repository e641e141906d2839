// Acceptance: a small lab's whole year, entered by its principal through the forms of every module
// with the factor library's defaults — members, a plane, a train, a car, a taxi, a coach, a bus
// and a ferry trip, electricity in Brazil (a country without a grid row of its own), gas in m³ and
// heating oil in litres, a refrigerant leak, a laptop with its use, a purchase in US dollars with
// its NACRES code, a cloud bill, GPU-hours, AI requests, and commuting by electric bicycle, tram
// and train in a given country. Every row then has its figure (none says "no factor"), the
// results' total is complete, and the Brazilian electricity says that the world average is used.
//
// The year is CLIMATE-LAB 2026, the library's last, a year of its own (docs/decisions.md,
// "End-to-end data"): the demo years hold other tests' rows, and members whose per-FTE figure
// no factor gives. The library has no per-FTE estimate (the back office chooses one, or none), so
// the back office gives the year one before the lab fills it.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { MODULE_TYPES } from '@carbon/shared';
import { openAs } from '../support/session';
import { ensureReport, unitIdOf } from '../support/db';
import { choose, chooseAmong, comboboxOf, entryDialog, fieldBox, figure, numberOf, pick, setFile, textboxOf } from '../support/ui';

const YEAR = 2026;
const MODULES = [...MODULE_TYPES];
const PHASES_DONE = { timeout: 45_000 };

/** The back office's per-FTE estimate for the year, uploaded from its factors page. */
async function perFteFactorOf(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openAs(page, 'olga', `/backoffice/factors?module=headcount&set=member&year=${YEAR}`);
  const upload = page.getByTestId('factor-upload');
  await setFile(page, upload, `member-factors-${YEAR}.csv`, 'category,kg_co2eq_per_fte,source\nmeals,600,"The back office\'s own estimate of a researcher\'s meals per FTE"\n');
  await upload.getByTestId('upload-send').click();
  await expect(upload.getByTestId('pipeline-progress')).toHaveAttribute('data-ended', 'true', PHASES_DONE);
  await expect(upload.getByTestId('phase-ingest')).toHaveAttribute('data-status', 'success');
  await context.close();
}

/** Adds an entry of `type` from its tab (when the module has several types), filled by `fill`,
 * and waits for the saved entry's figure, which must be one. */
async function add(page: Page, type: string, tab: RegExp | null, fill: (dialog: Locator) => Promise<void>): Promise<void> {
  const dialog = entryDialog(page);
  if (tab) await page.getByRole('tab', { name: tab }).click();
  await page.getByTestId(`add-${type}`).click();
  await fill(dialog);
  await dialog.getByTestId('entry-save').click();
  await expect(dialog.getByTestId('entry-result')).toBeVisible();
  expect(figure(await dialog.getByTestId('result-kg').innerText()), type).toBeGreaterThan(0);
  await dialog.getByTestId('result-close').click();
  await expect(dialog).toHaveCount(0);
}

/** Every row of each of the module page's tables has its figure; the module's and the report's
 * totals say nothing is missing. */
async function expectEveryFigure(page: Page, tables: [type: string, tab: RegExp | null, rows: number][]): Promise<void> {
  for (const [type, tab, rows] of tables) {
    if (tab) await page.getByRole('tab', { name: tab }).click();
    const table = page.getByTestId(`entry-table-${type}`);
    await expect(table.locator('tbody tr')).toHaveCount(rows);
    await expect(table.getByTestId('row-kg')).toHaveCount(rows);
    await expect(table.getByTestId('row-kg').filter({ hasText: 'no factor' }), type).toHaveCount(0);
    for (const kg of await table.getByTestId('row-kg').allInnerTexts()) expect(figure(kg), type).toBeGreaterThan(0);
  }
  await expect(page.getByTestId('module-total')).toBeVisible();
  await expect(page.getByTestId('module-incomplete')).toHaveCount(0);
  await expect(page.getByTestId('report-incomplete')).toHaveCount(0);
}

test('a principal fills every module of a small lab\'s year: every row has its figure, the total is complete', async ({ page, browser }) => {
  // Some thirty dialogs filled one after another: minutes on a loaded two-core machine.
  test.setTimeout(600_000);
  const unit = await unitIdOf('CLIMATE-LAB');
  await ensureReport('CLIMATE-LAB', YEAR, MODULES);
  await perFteFactorOf(browser);

  const base = 800_000 + Math.floor(Math.random() * 100_000) * 3;
  /** A member of the lab: found in the selectors by typing their surname. */
  const person = (i: number, first: string, surname: string, fte: string) => {
    const number = String(base + i);
    const name = `${first} ${surname} ${number}`;
    return { number, name, surname, fte, option: `${name} (${number})` };
  };
  type Person = ReturnType<typeof person>;
  const [ana, ben, cleo] = [person(0, 'Ana', 'Lima', '1'), person(1, 'Ben', 'Okafor', '0.8'), person(2, 'Cleo', 'Varga', '0.5')];
  const traveler = (who: Person) => async (d: Locator) => pick(page, comboboxOf(d, 'Traveler'), who.surname, who.option);

  // Headcount: three members.
  await openAs(page, 'alice', `/u/${unit}/${YEAR}/headcount`);
  await expect(page.getByTestId('current-workspace')).toContainText(`Climate Dynamics Lab · ${YEAR}`);
  for (const p of [ana, ben, cleo]) {
    await add(page, 'member', null, async (d) => {
      await textboxOf(d, 'Person number').fill(p.number);
      await textboxOf(d, 'Name').fill(p.name);
      await numberOf(d, 'FTE').fill(p.fte);
    });
  }
  await expectEveryFigure(page, [['member', null, 3]]);

  // Professional travel: a plane, a train, and every road and sea family (car, taxi, coach, bus,
  // ferry).
  await page.getByTestId('nav-professional-travel').click();
  await add(page, 'plane', /^Plane trip/, async (d) => {
    await pick(page, comboboxOf(d, 'Origin'), 'GVA', /^GVA/);
    await pick(page, comboboxOf(d, 'Destination'), 'JFK', /^JFK/);
    await traveler(ana)(d);
  });
  await add(page, 'train', /^Train trip/, async (d) => {
    await pick(page, comboboxOf(d, 'Origin'), 'Lausanne', /^Lausanne\s*CH$/);
    await pick(page, comboboxOf(d, 'Destination'), 'Paris', /^Paris\s*FR$/);
    await traveler(ben)(d);
  });
  const roadSea = /^Car, taxi, coach, bus or ferry trip/;
  const trips: [mode: string, km: string | null, from: [string, RegExp], to: [string, RegExp]][] = [
    ['Car, hybrid', null, ['Lausanne', /^Lausanne\s*CH$/], ['Bern', /^Bern\s*CH$/]],
    ['Taxi', '25', ['Lausanne', /^Lausanne\s*CH$/], ['Bern', /^Bern\s*CH$/]],
    ['Coach', '95', ['Kiel', /^Kiel\s*DE$/], ['Hamburg', /^Hamburg\s*DE$/]],
    ['Local bus', '12', ['Kiel', /^Kiel\s*DE$/], ['Hamburg', /^Hamburg\s*DE$/]],
    ['Ferry (foot passenger)', '70', ['Calais', /^Calais\s*FR$/], ['Dover', /^Dover\s*GB$/]],
  ];
  for (const [mode, km, from, to] of trips) {
    await add(page, 'road_sea', roadSea, async (d) => {
      await choose(page, comboboxOf(d, 'Mode'), mode, true);
      if (km) await numberOf(d, 'One-way distance').fill(km);
      await pick(page, comboboxOf(d, 'Origin'), ...from);
      await pick(page, comboboxOf(d, 'Destination'), ...to);
      await traveler(cleo)(d);
    });
  }
  await expectEveryFigure(page, [
    ['plane', /^Plane trip/, 1],
    ['train', /^Train trip/, 1],
    ['road_sea', roadSea, trips.length],
  ]);

  // Buildings: electricity of a field station in Brazil, whose code the form does not offer (no
  // grid row of its own) and takes typed; gas by volume, heating oil by the litre, a leak.
  await page.getByTestId('nav-buildings').click();
  const site = `Field station Manaus ${base}`;
  await add(page, 'electricity', /^Electricity/, async (d) => {
    await textboxOf(d, 'Site or building').fill(site);
    await numberOf(d, 'Consumption').fill('10');
    await choose(page, comboboxOf(d, 'Unit'), 'MWh', true);
    const grid = comboboxOf(d, 'Grid country or supplier factor');
    await grid.click();
    await expect(page.getByRole('option', { name: 'BR', exact: true })).toHaveCount(0);
    await grid.fill('br');
    await grid.press('Enter');
    await expect(grid).toHaveValue('BR');
  });
  await add(page, 'heating', /^Heating and fuels/, async (d) => {
    await textboxOf(d, 'Site or building').fill(site);
    await choose(page, comboboxOf(d, 'Energy carrier'), 'Natural gas', true);
    await numberOf(d, 'Quantity').fill('500');
    await choose(page, comboboxOf(d, 'Unit'), 'm³', true);
  });
  await add(page, 'heating', /^Heating and fuels/, async (d) => {
    await textboxOf(d, 'Site or building').fill(site);
    await choose(page, comboboxOf(d, 'Energy carrier'), 'Heating oil', true);
    await numberOf(d, 'Quantity').fill('300');
    await choose(page, comboboxOf(d, 'Unit'), 'litres', true);
  });
  await add(page, 'refrigerant', /^Refrigerant leak/, async (d) => {
    await textboxOf(d, 'Site or building').fill(site);
    await choose(page, comboboxOf(d, 'Gas'), 'R-410A', true);
    await numberOf(d, 'Recharged or lost').fill('0.5');
  });
  await expectEveryFigure(page, [
    ['electricity', /^Electricity/, 1],
    ['heating', /^Heating and fuels/, 2],
    ['refrigerant', /^Refrigerant leak/, 1],
  ]);

  // How the Brazilian electricity was computed: on the world average grid, and it says so.
  // 10 MWh × 0.47299 kg/kWh (Ember's world average of 2024, applied to 2026:
  // shared/src/modules/buildings/factors/electricity/2024.csv, row RoW) = 4,729.9 kg.
  await page.getByRole('tab', { name: /^Electricity/ }).click();
  await page.getByTestId('entry-table-electricity').locator('tbody tr', { hasText: site }).getByTestId('row-how').click();
  const how = page.getByTestId('emission-details').getByTestId('emission-electricity');
  expect(figure(await how.getByTestId('emission-figure').innerText())).toBeCloseTo(4729.9, 0);
  await expect(how.getByTestId('emission-note')).toHaveText('No factor of its own for BR: the world average is used.');
  await expect(how.getByTestId('input-mix')).toContainText('BR');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('emission-details')).toHaveCount(0);

  // Equipment: laptops bought this year, with their use.
  await page.getByTestId('nav-equipment').click();
  await add(page, 'device', null, async (d) => {
    await textboxOf(d, 'Description').fill(`Field laptops ${base}`);
    await choose(page, comboboxOf(d, 'Device type'), 'Laptop', true);
    await numberOf(d, 'Number of devices').fill('2');
    await numberOf(d, 'Acquisition year').fill(String(YEAR));
    await numberOf(d, 'Power').fill('40');
    await numberOf(d, 'Hours of use per year').fill('1500');
    // Typed, as a user narrows a long list: the typed code filters the offered countries.
    await chooseAmong(page, comboboxOf(d, 'Grid country'), 'DE', /^DE$/);
  });
  await expectEveryFigure(page, [['device', null, 1]]);

  // Purchases: pipette tips paid in US dollars, with their NACRES code.
  await page.getByTestId('nav-purchases').click();
  await add(page, 'purchase', null, async (d) => {
    await textboxOf(d, 'Description').fill(`Pipette tips ${base}`);
    await chooseAmong(page, comboboxOf(d, 'Category'), 'Liquid', /^Liquid handling/);
    await textboxOf(d, 'NACRES code').fill('NB02');
    await numberOf(d, 'Amount paid').fill('2000');
    await choose(page, comboboxOf(d, 'Currency'), 'US dollar (USD)', true);
    await fieldBox(d, 'purchase_date').locator('input').fill(`${YEAR}-03-10`);
  });
  await expectEveryFigure(page, [['purchase', null, 1]]);

  // Digital services: a cloud bill, GPU-hours on a French cluster, AI requests (no country: the
  // world average grid).
  await page.getByTestId('nav-digital-services').click();
  await add(page, 'cloud_spend', /^Cloud and computing spend/, async (d) => {
    await textboxOf(d, 'Description').fill(`Model runs ${base}`);
    await textboxOf(d, 'Provider').fill('OVHcloud');
    await choose(page, comboboxOf(d, 'Service kind'), 'Compute', true);
    await numberOf(d, 'Amount paid').fill('5000');
  });
  await add(page, 'compute_use', /^Computing by use/, async (d) => {
    await textboxOf(d, 'Description').fill(`Training runs ${base}`);
    await choose(page, comboboxOf(d, 'Resource'), 'GPU-hours, NVIDIA A100 PCIe 40 GB', true);
    await numberOf(d, 'Quantity').fill('1000');
    await choose(page, comboboxOf(d, 'Country of the data centre'), 'FR', true);
  });
  await add(page, 'ai_service', /^AI service/, async (d) => {
    await textboxOf(d, 'Description').fill(`Writing assistant ${base}`);
    await choose(page, comboboxOf(d, 'Service'), 'Google Gemini, text prompt', true);
    await numberOf(d, 'Requests').fill('20000');
  });
  await expectEveryFigure(page, [
    ['cloud_spend', /^Cloud and computing spend/, 1],
    ['compute_use', /^Computing by use/, 1],
    ['ai_service', /^AI service/, 1],
  ]);

  // Commuting: one response per member, by electric bicycle, by tram, by train in Switzerland.
  await page.getByTestId('nav-commuting').click();
  const commutes: [who: Person, mode: string, km: string][] = [
    [ana, 'Electric bicycle', '6'],
    [ben, 'Tram or metro', '8'],
    [cleo, 'Train', '30'],
  ];
  for (const [who, mode, km] of commutes) {
    await add(page, 'commute', null, async (d) => {
      await choose(page, comboboxOf(d, 'Main mode'), mode, true);
      await numberOf(d, 'One-way distance').fill(km);
      await numberOf(d, 'Days per week on site').fill('4');
      if (mode === 'Train') await textboxOf(d, 'Country you commute in').fill('CH');
      await pick(page, comboboxOf(d, 'Respondent'), who.surname, who.option);
    });
  }
  await expectEveryFigure(page, [['commute', null, 3]]);
  await expect(page.getByTestId('extrapolation-note')).toContainText('Extrapolated from 3 responses');

  // The results: a total with nothing left out, every module counted, and what it rests on.
  await page.getByTestId('nav-results').click();
  await expect(page.getByTestId('results-factor-origins')).toBeVisible();
  expect(figure(await page.getByTestId('results-total').innerText())).toBeGreaterThan(0);
  await expect(page.getByTestId('results-incomplete')).toHaveCount(0);
  await expect(page.getByTestId('results-factor-origins-none')).toHaveCount(0);
  await expect(page.getByTestId('results-empty-modules')).toHaveCount(0);
  for (const module of MODULES) {
    const row = page.getByTestId(`result-row-${module}`);
    await expect(row.getByTestId('result-kg'), module).toBeVisible();
    await expect(row.getByTestId('result-no-factor')).toHaveCount(0);
    await expect(row.getByTestId('result-incomplete')).toHaveCount(0);
  }
});
