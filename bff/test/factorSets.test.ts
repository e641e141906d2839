// Factor sets shared between entry types, quantities in units, and several emission rows per
// entry, on modules known to the registry only (bff/test/support/sharedSetProbe.ts): a device
// reads its own set, an exchange-rate set that is no entry type's, and the electricity set of
// another module's entry type. Uploading a set recalculates exactly the entry types that use it;
// units are validated like selects and converted by the factor row's own values; each emission
// row carries its scope and category into the stats. Also GET /api/registry.
import './support/sharedSetProbe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryTypesUsingSet, registryProblems, serializeRegistry } from '@carbon/shared';
import { as, demoIds } from './support/carbon';
import { CSV, jobRow, pipelineJobs, settled, upload } from './support/pipeline';
import { startTestStack, type TestStack } from './support/stack';

let stack: TestStack;
let unit: number;
const YEAR = 2025;
const devices = () => `/api/modules/${unit}/${YEAR}/probe-lab/device`;
const fuels = () => `/api/modules/${unit}/${YEAR}/probe-energy/fuel`;

beforeAll(async () => {
  stack = await startTestStack();
  unit = (await demoIds(stack.server.pool)).unit['CLIMATE-LAB']!;
});
afterAll(() => stack?.stop());

/** Uploads a factor file and waits for everything it starts; answers the recalculated types. */
async function uploadFactors(path: string, csv: string) {
  const olga = await as(stack, 'olga');
  const res = await olga.post(`/api/sync/factors/${path}?year=${YEAR}`, csv, CSV);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  await settled(stack.server.pool);
  const jobs = await pipelineJobs(stack.server.pool, res.body.pipeline_id);
  return { job: jobs[0], recalculated: jobs.filter((j) => j.job_type === 'emission_recalc').map((j) => `${j.module_type}/${j.data_entry_type}`) };
}

async function summary(module: string) {
  const olga = await as(stack, 'olga');
  const res = await olga.get(`/api/modules/${unit}/${YEAR}/${module}`);
  expect(res.status).toBe(200);
  return res.body.stats;
}

const emissionsOf = (entry: { emissions: { emission_type: string }[] }) => Object.fromEntries(entry.emissions.map((e) => [e.emission_type, e]));

describe('factor sets shared between entry types', () => {
  it('are declared in the registry, which follows its rules', () => {
    expect(registryProblems()).toEqual([]);
    expect(entryTypesUsingSet('probe_power').map((t) => t.type)).toEqual(['probe_power', 'probe_device']);
    expect(entryTypesUsingSet('probe_rates').map((t) => t.type)).toEqual(['probe_device']);
  });

  it('are uploaded per set, under the module that lists them, with optional value columns', async () => {
    const power = await uploadFactors('probe-energy/power', 'country,kg_co2eq_per_kwh,source\nCH,0.1,test\nFR,0.05,test');
    expect(power.job).toMatchObject({ result: 'SUCCESS', data_entry_type: 'probe_power', module_type: 'probe_energy' });
    const fuel = await uploadFactors('probe-energy/probe_fuel', 'fuel,kg_co2eq_per_kwh,kwh_per_m3,kwh_per_litre,source\ngas,0.2,10,,test\noil,0.3,,10,test\ngas2,,,,test');
    expect(fuel.job.result).toBe('WARNING');
    expect(fuel.job.report.issues).toEqual([
      { row: 4, column: 'fuel', reason: 'must be one of: gas, oil', code: 'not_one_of', params: { options: 'gas, oil' }, level: 'error' },
      { row: 4, column: 'kg_co2eq_per_kwh', reason: 'is required', code: 'required', params: {}, level: 'error' },
    ]);
    expect((await uploadFactors('probe-lab/device', 'kind,kg_co2eq_per_eur,source\nlaptop,0.5,test\nfreezer,0.3,test')).job.result).toBe('SUCCESS');
    const rates = await uploadFactors('probe-lab/probe_rates', 'currency,eur_per_unit,source\nEUR,1,test\nCHF,1.05,test');
    expect(rates.job).toMatchObject({ result: 'SUCCESS', data_entry_type: 'probe_rates', module_type: 'probe_lab' });

    const olga = await as(stack, 'olga');
    const listed = await olga.get(`/api/factors?module=probe-lab&year=${YEAR}`);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((f: { data_entry_type: string; classification: object }) => [f.data_entry_type, f.classification])).toEqual([
      ['probe_device', { kind: 'laptop' }],
      ['probe_device', { kind: 'freezer' }],
      ['probe_rates', { currency: 'EUR' }],
      ['probe_rates', { currency: 'CHF' }],
    ]);
    expect(Object.keys(listed.body.latest_upload_job_id)).toEqual(['probe_device', 'probe_rates']);
    const one = await olga.get(`/api/factors?module=probe-lab&set=probe_rates&year=${YEAR}`);
    expect(one.body.items).toHaveLength(2);
    expect((await olga.get(`/api/factors?module=probe-lab&set=probe_power&year=${YEAR}`)).status).toBe(422);
    const unknown = await olga.post(`/api/sync/factors/probe-lab/nope?year=${YEAR}`, 'x\n', CSV);
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('The probe-lab module has no factor set nope (it has: probe_device, probe_rates).');
  });

  it('feed a Path 1 write: one entry, two emission rows in two scopes, with their reporting categories', async () => {
    const alice = await as(stack, 'alice');
    // 1,000 CHF × 1.05 EUR/CHF × 0.5 kg/EUR = 525 kg embodied; 200 kWh × 0.1 kg/kWh (CH) = 20 kg.
    const res = await alice.post(devices(), { kind: 'laptop', price: 1000, currency: 'CHF', yearly_kwh: 200 });
    expect(res.status).toBe(201);
    expect(res.body.kg_co2eq).toBe(545);
    const rows = emissionsOf(res.body);
    expect(rows.embodied).toMatchObject({ scope: 3, category: 'capital_goods', kg_co2eq: 525, quantity: 1050, quantity_unit: 'EUR' });
    expect(rows.use_phase).toMatchObject({ scope: 2, category: 'purchased_electricity', kg_co2eq: 20, quantity: 200 });
    // A currency without a rate: no figure, and the reason.
    const usd = await alice.post(devices(), { kind: 'freezer', price: 100, currency: 'USD' });
    expect(usd.body.emissions).toEqual([expect.objectContaining({ emission_type: 'embodied', kg_co2eq: null, quantity: null, meta: expect.objectContaining({ reason: 'no exchange rate for USD' }) })]);

    expect(await summary('probe-lab')).toMatchObject({
      kg_co2eq: 545,
      entries: 2,
      by_scope: { 1: 0, 2: 20, 3: 525 },
      by_category: { purchased_electricity: 20, capital_goods: 525 },
    });
  });

  it('an upload of the exchange-rate set recalculates the entry type that uses it, and nothing else', async () => {
    const rates = await uploadFactors('probe-lab/probe_rates', 'currency,eur_per_unit,source\nEUR,1,test\nCHF,1.1,test\nUSD,0.9,test');
    expect(rates.recalculated).toEqual(['probe_lab/probe_device']);
    // 1,000 × 1.1 × 0.5 = 550; the freezer now has a rate: 100 × 0.9 × 0.3 = 27.
    expect(await summary('probe-lab')).toMatchObject({ kg_co2eq: 597, by_scope: { 1: 0, 2: 20, 3: 577 }, by_category: { purchased_electricity: 20, capital_goods: 577 } });
  });

  it("an upload of another module's entry type's set recalculates that type and every type using it, in both modules", async () => {
    const alice = await as(stack, 'alice');
    expect((await alice.post(`/api/modules/${unit}/${YEAR}/probe-energy/power`, { country: 'FR', kwh: 1000 })).body.kg_co2eq).toBe(50);
    const power = await uploadFactors('probe-energy/power', 'country,kg_co2eq_per_kwh,source\nCH,0.2,test\nFR,0.05,test');
    expect(power.recalculated.sort()).toEqual(['probe_energy/probe_power', 'probe_lab/probe_device']);
    // The laptop's use phase: 200 kWh × 0.2 = 40; the French meter is unchanged.
    expect(await summary('probe-lab')).toMatchObject({ kg_co2eq: 617, by_scope: { 2: 40, 3: 577 } });
    expect(await summary('probe-energy')).toMatchObject({ kg_co2eq: 50, by_scope: { 1: 0, 2: 50, 3: 0 }, by_category: { stationary_combustion: 0, purchased_electricity: 50 } });
  });
});

describe('quantities with units', () => {
  it('are validated like a select (any case), and converted by the factor row: m³ of gas, litres of oil, kWh', async () => {
    const alice = await as(stack, 'alice');
    const bad = await alice.post(fuels(), { fuel: 'gas', amount: 5, amount_unit: 'tonne' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toContainEqual(expect.objectContaining({ field: 'amount_unit', message: 'must be one of: kwh, m3, litre' }));
    // 1,000 m³ × 10 kWh/m³ × 0.2 = 2,000 kg; 500 l × 10 kWh/l × 0.3 = 1,500 kg; 100 kWh × 0.2 = 20 kg.
    const gas = await alice.post(fuels(), { fuel: 'gas', amount: 1000, amount_unit: 'M3' });
    expect(gas.status).toBe(201);
    expect(gas.body).toMatchObject({ amount_unit: 'm3', kg_co2eq: 2000 });
    expect(gas.body.emissions[0]).toMatchObject({ scope: 1, category: 'stationary_combustion', quantity: 10_000, quantity_unit: 'kwh', meta: { conversion: { key: 'kwh_per_m3', value: 10 } } });
    expect((await alice.post(fuels(), { fuel: 'oil', amount: 500, amount_unit: 'litre' })).body.kg_co2eq).toBe(1500);
    expect((await alice.post(fuels(), { fuel: 'gas', amount: 100 })).body).toMatchObject({ amount_unit: 'kwh', kg_co2eq: 20 });
  });

  it('a unit the factor row has no conversion for gives no figure, never zero, with the reason', async () => {
    const alice = await as(stack, 'alice');
    const res = await alice.post(fuels(), { fuel: 'gas', amount: 300, amount_unit: 'litre' });
    expect(res.status).toBe(201);
    expect(res.body.kg_co2eq).toBeNull();
    expect(res.body.emissions[0]).toMatchObject({ kg_co2eq: null, quantity: null, meta: { reason: 'the factor has no kwh_per_litre: a quantity in litre cannot be converted to kwh' } });
    expect(await summary('probe-energy')).toMatchObject({ kg_co2eq: 3570, entries: 5, by_scope: { 1: 3520, 2: 50 }, by_type: { probe_fuel: { kg_co2eq: 3520, entries: 4, quantity: 15_100 } } });
  });

  it('a CSV row with a unit not allowed is a row error; the others are stored and weighed', async () => {
    const alice = await as(stack, 'alice');
    const res = await upload(alice, { module: 'probe-energy', type: 'fuel', year: YEAR, unit_id: unit }, 'fuel,amount,unit\ngas,10,kWh\noil,1,barrel\noil,2,m3');
    expect(res.status).toBe(202);
    await settled(stack.server.pool);
    const job = await jobRow(stack.server.pool, res.body.job_id);
    expect(job.result).toBe('WARNING');
    expect(job.report.issues).toEqual([{ row: 3, column: 'unit', reason: 'must be one of: kwh, m3, litre', code: 'not_one_of', params: { options: 'kwh, m3, litre' }, level: 'error' }]);
    // gas 10 kWh: 2 kg; oil in m³ has no conversion: no figure.
    expect(await summary('probe-energy')).toMatchObject({ kg_co2eq: 3572, entries: 7, by_scope: { 1: 3522 } });
  });
});

describe('GET /api/registry', () => {
  it('answers the registry the web app bundles, serialised the same way, to signed-in users only', async () => {
    const bob = await as(stack, 'bob');
    const res = await bob.get('/api/registry');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(serializeRegistry())));
    expect(res.body.factorSets.find((s: { name: string }) => s.name === 'probe_rates')).toMatchObject({ module: 'probe_lab', keys: ['currency'], values: ['eur_per_unit'], columns: ['currency', 'eur_per_unit', 'uncertainty_pct', 'edition', 'boundary', 'source'], optionalColumns: ['uncertainty_pct', 'edition', 'boundary'] });
    const device = res.body.entryTypes.find((t: { type: string }) => t.type === 'probe_device');
    expect(device.factorSets).toEqual(['probe_device', 'probe_rates', 'probe_power']);
    expect(device.emissionTypes).toEqual([
      { type: 'embodied', scope: 3, category: 'capital_goods' },
      { type: 'use_phase', scope: 2, category: 'purchased_electricity' },
    ]);
    const unitField = res.body.entryTypes.find((t: { type: string }) => t.type === 'probe_fuel').fields.find((f: { key: string }) => f.key === 'amount_unit');
    expect(unitField).toMatchObject({ type: 'unit', units: { allowed: ['kwh', 'm3', 'litre'], base: 'kwh' } });
    expect(res.body.entryTypes.find((t: { type: string }) => t.type === 'member').fields[0].pattern).toBe('^[1-9][0-9]{0,11}$');
    expect((await stack.client().get('/api/registry')).status).toBe(401);
  });
});
