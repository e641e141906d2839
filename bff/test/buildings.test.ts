// The buildings and energy module end to end, with factor values uploaded here (figures by hand):
// Path 1 creates, updates and deletes keep the module and report stats exact per scope and
// category (a carrier change moves an entry between scope 1 and 2); a CSV file with good and bad
// rows reports each bad row and ends in the same stats as Path 1; a factor re-upload recalculates
// both; reports that existed before the module get its row at the next start; the electricity
// form's mixes come from the year's factors; a refrigerant blend follows its components' GWPs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, demoIds, LIBRARY_GRID_MIXES, type DemoIds } from './support/carbon';
import { ingestReport, tableCounts, uploadFactorFile } from './support/pipeline';
import { startTestStack, type TestStack } from './support/stack';
import type { TestClient } from './support/httpClient';

let stack: TestStack;
let ids: DemoIds;
let dan: TestClient;
let olga: TestClient;
const YEAR = 2025;
const OCEAN = () => ids.unit['OCEAN-LAB']!;
const CLIMATE = () => ids.unit['CLIMATE-LAB']!;
const HEATING_HEADER = 'carrier,kg_co2eq_per_kwh,kwh_per_mwh,kwh_per_m3,kwh_per_litre,kwh_per_kg,kwh_per_tonne,source';
const path = (unit: number, type = '') => `/api/modules/${unit}/${YEAR}/buildings${type ? `/${type}` : ''}`;

const uploadFactors = (set: string, csv: string) => uploadFactorFile(olga, stack.server.pool, 'buildings', set, YEAR, csv);

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  dan = await as(stack, 'dan');
  olga = await as(stack, 'olga');
  // Grid: 0.4 kg/kWh; a supplier's contract: 0.01 kg/kWh. Gas: 0.2 kg/kWh, 10 kWh per m³;
  // district heat: 0.1 kg/kWh. Refrigerants keep the default AR6 GWPs (R-410A: 2,255.5).
  const electricity = await uploadFactors('electricity', 'supply,mix,kg_co2eq_per_kwh,kwh_per_mwh,source\nlocation_based,DE,0.4,1000,test\nsupplier_specific,Green Hydro,0.01,,test');
  expect(electricity.result).toBe('SUCCESS');
  const heating = await uploadFactors('heating', `${HEATING_HEADER}\nnatural_gas,0.2,1000,10,,,,test\ndistrict_heating,0.1,1000,,,,,test`);
  expect(heating.result).toBe('SUCCESS');
});
afterAll(() => stack?.stop());

async function stats(unit: number) {
  const module = await olga.get(path(unit));
  const report = await olga.get(`/api/v1/carbon_reports/${ids.report[`${unit === OCEAN() ? 'OCEAN-LAB' : 'CLIMATE-LAB'}/${YEAR}`]}`);
  expect(module.status).toBe(200);
  return { module: module.body.stats, report: report.body.stats };
}

/** Stored per-scope and per-category figures of the buildings module and its report that differ
 * from the SQL sums of the emission rows, compared as numeric in PostgreSQL (exactly). */
async function inexact(unit: number): Promise<unknown[]> {
  const { rows } = await stack.server.pool.query(
    `WITH m AS (
       SELECT m.id, m.stats AS module_stats, r.stats AS report_stats, r.id AS report_id
         FROM carbon_report_modules m JOIN carbon_reports r ON r.id = m.carbon_report_id
        WHERE r.unit_id = $1 AND r.year = $2 AND m.module_type = 'buildings'
     ), x AS (
       SELECT e.carbon_report_module_id AS module_id, d.scope::text AS scope, d.category, d.kg_co2eq
         FROM data_entries e JOIN data_entry_emissions d ON d.data_entry_id = e.id
     ), keys AS (
       SELECT 'by_scope' AS what, s AS k FROM unnest(ARRAY['1', '2', '3']) s
       UNION ALL SELECT 'by_category', c FROM unnest(ARRAY['stationary_combustion', 'fugitive_emissions', 'purchased_electricity', 'purchased_heat']) c
     )
     SELECT keys.what, keys.k, summed::float8 AS summed, stored_module, stored_report
       FROM m CROSS JOIN keys
      CROSS JOIN LATERAL (
        SELECT (SELECT coalesce(sum(kg_co2eq), 0) FROM x WHERE x.module_id = m.id AND (CASE keys.what WHEN 'by_scope' THEN x.scope ELSE x.category END) = keys.k) AS summed,
               m.module_stats #>> ARRAY[keys.what, keys.k] AS stored_module,
               -- Only this module has scope 1 and 2 rows, and the categories are its own.
               m.report_stats #>> ARRAY[keys.what, keys.k] AS stored_report
      ) v
      WHERE coalesce(stored_module::numeric, 0) <> summed
         OR (keys.k <> '3' AND coalesce(stored_report::numeric, 0) <> summed)`,
    [unit, YEAR],
  );
  return rows;
}

/** Module stats with every figure rounded to 6 decimals (kg sums of floating-point products). */
const rounded = (o: unknown): unknown =>
  typeof o === 'number' ? Math.round(o * 1e6) / 1e6 : o && typeof o === 'object' ? Object.fromEntries(Object.entries(o).map(([k, v]) => [k, rounded(v)])) : o;

describe('buildings and energy, Path 1', () => {
  const ids_: Record<string, number> = {};

  it('creates one entry of each type; each lands in its scope and category', async () => {
    const electricity = await dan.post(path(OCEAN(), 'electricity'), { site: 'Kiel', consumption: 10, consumption_unit: 'MWh', supply: 'location_based', mix: 'DE' });
    expect(electricity.status, JSON.stringify(electricity.body)).toBe(201);
    expect(electricity.body.kg_co2eq).toBeCloseTo(4000, 9); // 10 MWh × 1,000 × 0.4
    const gas = await dan.post(path(OCEAN(), 'heating'), { site: 'Kiel', carrier: 'natural_gas', quantity: 500, quantity_unit: 'm3' });
    expect(gas.body.kg_co2eq).toBeCloseTo(1000, 9); // 500 m³ × 10 kWh × 0.2
    const district = await dan.post(path(OCEAN(), 'heating'), { site: 'Kiel', carrier: 'district_heating', quantity: 20_000, quantity_unit: 'kwh' });
    expect(district.body.kg_co2eq).toBeCloseTo(2000, 9); // 20,000 kWh × 0.1
    const leak = await dan.post(path(OCEAN(), 'refrigerant'), { site: 'Kiel', equipment: 'Freezer', gas: 'r410a', leaked_kg: 2 });
    expect(leak.body.kg_co2eq).toBeCloseTo(4511, 9); // 2 kg × (0.5 × 771 + 0.5 × 3,740)
    expect(district.body.emissions).toMatchObject([{ emission_type: 'district_heating', scope: 2, category: 'purchased_heat' }]);
    expect(gas.body.emissions).toMatchObject([{ emission_type: 'fuel_combustion', scope: 1, category: 'stationary_combustion' }]);
    Object.assign(ids_, { electricity: electricity.body.id, gas: gas.body.id, district: district.body.id, leak: leak.body.id });

    const s = await stats(OCEAN());
    expect(rounded(s.module)).toMatchObject({
      kg_co2eq: 11_511,
      entries: 4,
      by_scope: { 1: 5511, 2: 6000, 3: 0 },
      by_category: { stationary_combustion: 1000, fugitive_emissions: 4511, purchased_electricity: 4000, purchased_heat: 2000 },
      by_type: { electricity: { kg_co2eq: 4000, entries: 1 }, heating: { kg_co2eq: 3000, entries: 2 }, refrigerant: { kg_co2eq: 4511, entries: 1 } },
    });
    expect(rounded(s.report)).toMatchObject({ kg_co2eq: 11_511, by_module: { buildings: { kg_co2eq: 11_511, entries: 4 } }, by_scope: { 1: 5511, 2: 6000, 3: 0 } });
    expect(await inexact(OCEAN())).toEqual([]);
  });

  it('updates: more gas, and district heat turned into gas moves 2,000 kg of scope 2 to 4,000 kg of scope 1', async () => {
    expect((await dan.patch(`${path(OCEAN(), 'heating')}/${ids_.gas}`, { quantity: 800 })).body.kg_co2eq).toBeCloseTo(1600, 9);
    const moved = await dan.patch(`${path(OCEAN(), 'heating')}/${ids_.district}`, { carrier: 'natural_gas' });
    expect(moved.body.kg_co2eq).toBeCloseTo(4000, 9);
    expect(moved.body.emissions).toMatchObject([{ emission_type: 'fuel_combustion', scope: 1, category: 'stationary_combustion' }]);
    const s = await stats(OCEAN());
    expect(rounded(s.module)).toMatchObject({
      kg_co2eq: 14_111,
      by_scope: { 1: 10_111, 2: 4000, 3: 0 },
      by_category: { stationary_combustion: 5600, fugitive_emissions: 4511, purchased_electricity: 4000, purchased_heat: 0 },
    });
    expect(rounded(s.report.by_scope)).toEqual({ 1: 10_111, 2: 4000, 3: 0 });
    expect(await inexact(OCEAN())).toEqual([]);
  });

  it('deletes: the leak goes, and its 4,511 kg of scope 1 with it', async () => {
    expect((await dan.delete(`${path(OCEAN(), 'refrigerant')}/${ids_.leak}`)).status).toBe(204);
    const s = await stats(OCEAN());
    expect(rounded(s.module)).toMatchObject({ kg_co2eq: 9600, entries: 3, by_scope: { 1: 5600, 2: 4000, 3: 0 }, by_category: { fugitive_emissions: 0 } });
    expect(rounded(s.report)).toMatchObject({ kg_co2eq: 9600, by_scope: { 1: 5600, 2: 4000, 3: 0 } });
    expect(await inexact(OCEAN())).toEqual([]);
  });

  it('refuses bad values with 422 naming each field, and changes nothing', async () => {
    const before = await tableCounts(stack.server.pool);
    const bad = await dan.post(path(OCEAN(), 'heating'), { site: 'Kiel', carrier: 'coal', quantity: -1, quantity_unit: 'barrel' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBeTruthy();
    expect(Object.fromEntries(bad.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]))).toEqual({
      carrier: 'must be one of: natural_gas, heating_oil, propane, wood_pellets, wood_chips, district_heating',
      quantity: 'must be at least 0',
      quantity_unit: 'must be one of: kwh, mwh, m3, litre, kg, tonne',
    });
    expect((await dan.post(path(OCEAN(), 'refrigerant'), { site: 'Kiel', gas: 'r22', leaked_kg: 1 })).status).toBe(422);
    // A unit the carrier is not read in: on create, and on an update that changes the carrier only.
    const litres = await dan.post(path(OCEAN(), 'heating'), { site: 'Kiel', carrier: 'natural_gas', quantity: 100, quantity_unit: 'litre' });
    expect(litres.status).toBe(422);
    expect(litres.body.errors).toEqual([
      {
        field: 'quantity_unit',
        message: 'must be one of: kwh, mwh, m3 (for carrier natural_gas)',
        code: 'unit_not_allowed',
        params: { units: 'kwh, mwh, m3', field: 'carrier', option: 'natural_gas' },
      },
    ]);
    const gasInM3 = (await dan.get(path(OCEAN(), 'heating'))).body.items.find((e: { quantity_unit: string }) => e.quantity_unit === 'm3');
    const moved = await dan.patch(`${path(OCEAN(), 'heating')}/${gasInM3.id}`, { carrier: 'district_heating' });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toEqual([
      {
        field: 'quantity_unit',
        message: 'must be one of: kwh, mwh (for carrier district_heating)',
        code: 'unit_not_allowed',
        params: { units: 'kwh, mwh', field: 'carrier', option: 'district_heating' },
      },
    ]);
    expect((await dan.post(path(OCEAN(), 'electricity'), { site: 'Kiel', consumption: 1, mix: 'DE', supply: 'nuclear' })).status).toBe(422);
    expect(await tableCounts(stack.server.pool)).toEqual(before);
  });

  it('a mix without a factor is stored with no figure, and says so', async () => {
    // A name that is no country code finds its own row or nothing (a country code without a row
    // of its own would read the library's world average).
    const none = await dan.post(path(OCEAN(), 'electricity'), { site: 'Annex', consumption: 100, supply: 'location_based', mix: 'Atlantis' });
    expect(none.status).toBe(201);
    expect(none.body.kg_co2eq).toBeNull();
    expect(none.body.emissions[0]).toMatchObject({ kg_co2eq: null, scope: 2, meta: { reason: 'no factor applies' } });
    expect((await dan.delete(`${path(OCEAN(), 'electricity')}/${none.body.id}`)).status).toBe(204);
  });
});

describe('choices of a field picked among factors', () => {
  it('are the mixes of the year\'s electricity rows, for whoever may view the module', async () => {
    const res = await dan.get(`${path(OCEAN(), 'electricity')}/choices/mix`);
    expect(res.status).toBe(200);
    // The uploaded rows, and the library's grid rows of 2025 the upload left in place (its
    // countries and the world average, RoW), in the order of their names.
    const grid = [...LIBRARY_GRID_MIXES, 'RoW'].map((mix) => ({ mix, supply: 'location_based' }));
    expect(res.body).toEqual({
      field: 'mix',
      items: [...grid, { mix: 'Green Hydro', supply: 'supplier_specific' }].sort((a, b) => a.mix.localeCompare(b.mix)),
    });
    expect((await dan.get(`${path(OCEAN(), 'electricity')}/choices/site`)).status).toBe(404);
    expect((await dan.get(`${path(CLIMATE(), 'electricity')}/choices/mix`)).status).toBe(403);
    expect((await stack.client().get(`${path(OCEAN(), 'electricity')}/choices/mix`)).status).toBe(401);
  });
});

describe('buildings and energy, Path 2', () => {
  it('a CSV file with good and bad rows: a row report, and the same stats as Path 1', async () => {
    const files: [string, string[]][] = [
      ['electricity', ['site,consumption,consumption_unit,supply,mix', 'Kiel,10,MWh,location_based,DE', 'Kiel,-5,kWh,location_based,DE', 'Kiel,10,barrel,nuclear,DE']],
      ['heating', ['site,carrier,quantity,quantity_unit', 'Kiel,natural_gas,800,m3', 'Kiel,coal,1,tonne', 'Kiel,natural_gas,20000,kWh', 'Kiel,natural_gas,100,litre']],
    ];
    const reports: Record<string, unknown> = {};
    for (const [type, lines] of files) reports[type] = await ingestReport(olga, stack.server.pool, { module: 'buildings', type, year: YEAR, unit_id: CLIMATE() }, lines);
    expect(reports.electricity).toMatchObject({ rows: 3, stored: 1, skipped: 2, issues: [[3, 'consumption'], [4, 'consumption_unit'], [4, 'supply']] });
    expect(reports.heating).toMatchObject({ rows: 4, stored: 2, skipped: 2, issues: [[3, 'carrier'], [5, 'quantity_unit']] });

    const csv = (await stats(CLIMATE())).module;
    const pathOne = (await stats(OCEAN())).module;
    expect(rounded(csv)).toEqual(rounded(pathOne));
    expect(rounded(csv)).toMatchObject({ kg_co2eq: 9600, entries: 3, by_scope: { 1: 5600, 2: 4000, 3: 0 } });
    expect(await inexact(CLIMATE())).toEqual([]);
  });

  it('a factor re-upload recalculates the entries of every unit that use it', async () => {
    // Gas at 0.25 kg/kWh: (8,000 + 20,000) kWh × 0.25 = 7,000 kg; electricity unchanged.
    const job = await uploadFactors('heating', `${HEATING_HEADER}\nnatural_gas,0.25,1000,10,,,,test\ndistrict_heating,0.1,1000,,,,,test`);
    expect(job.result).toBe('SUCCESS');
    for (const unit of [OCEAN(), CLIMATE()]) {
      const s = await stats(unit);
      expect(rounded(s.module)).toMatchObject({ kg_co2eq: 11_000, by_scope: { 1: 7000, 2: 4000, 3: 0 }, by_category: { stationary_combustion: 7000 } });
      expect(rounded(s.report.by_scope)).toMatchObject({ 1: 7000, 2: 4000 });
      expect(await inexact(unit)).toEqual([]);
    }
    // The check above does see a stored figure that is off.
    await stack.server.pool.query(
      `UPDATE carbon_report_modules SET stats = jsonb_set(stats, '{by_scope,1}', '1') WHERE module_type = 'buildings' AND carbon_report_id = $1`,
      [ids.report[`CLIMATE-LAB/${YEAR}`]],
    );
    expect(await inexact(CLIMATE())).toMatchObject([{ what: 'by_scope', k: '1', summed: 7000, stored_module: '1' }]);
  });
});

describe('reports that existed before the module', () => {
  it('get its row at the next start, and its page answers again', async () => {
    const pool = stack.server.pool;
    const report = ids.report[`OCEAN-LAB/2024`]!;
    await pool.query(`DELETE FROM carbon_report_modules WHERE carbon_report_id = $1 AND module_type = 'buildings'`, [report]);
    expect((await olga.get(`/api/modules/${OCEAN()}/2024/buildings`)).status).toBe(404);
    await stack.addInstance();
    const { rows } = await pool.query(`SELECT status, stats FROM carbon_report_modules WHERE carbon_report_id = $1 AND module_type = 'buildings'`, [report]);
    expect(rows).toEqual([{ status: 'not_started', stats: {} }]);
    const page = await olga.get(`/api/modules/${OCEAN()}/2024/buildings`);
    expect(page.status).toBe(200);
    expect(page.body.stats).toMatchObject({ kg_co2eq: 0, by_scope: { 1: 0, 2: 0, 3: 0 } });
  });
});

describe('refrigerant factors', () => {
  it('hold pure gases only; a new GWP of a component recalculates the blends that contain it', async () => {
    const leak = await dan.post(path(OCEAN(), 'refrigerant'), { site: 'Kiel', gas: 'r410a', leaked_kg: 2 });
    expect(leak.body.kg_co2eq).toBeCloseTo(4511, 9); // 2 × (0.5 × 771 + 0.5 × 3,740)
    const job = await uploadFactors('refrigerant', 'gas,gwp100,source\nr125,3500,test\nr410a,2000,test');
    expect(job.result).toBe('WARNING');
    expect(job.report.issues).toEqual([
      { row: 3, column: 'gas', reason: 'must be one of: r32, r125, r134a, r143a, r1234yf, sf6', code: 'not_one_of', params: { options: 'r32, r125, r134a, r143a, r1234yf, sf6' }, level: 'error' },
    ]);
    const after = await dan.get(`${path(OCEAN(), 'refrigerant')}/${leak.body.id}`);
    expect(after.body.kg_co2eq).toBeCloseTo(4271, 9); // 2 × (0.5 × 771 + 0.5 × 3,500)
    expect(after.body.emissions[0].meta).toMatchObject({ gas: 'r410a', gwp100: 2135.5 });
  });
});
