// The method views for lab users: how an entry's emissions were computed
// (GET …/{entry}/emissions: each emission row with the factor rows its figure was read from) and
// the factor rows of a unit's report year (GET /api/v1/units/{unit}/years/{year}/factors), with
// figures worked by hand from the factor library's rows for 2025 and the stored coordinates, and who may read
// them: whoever may read the entry; for the year's factors, whoever has a role in the unit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntryEmissions, YearFactors } from '@carbon/shared';
import { startTestStack, type TestStack } from './support/stack';
import { addMember, as, demoIds, type DemoIds } from './support/carbon';
import type { TestClient } from './support/httpClient';

let stack: TestStack;
let ids: DemoIds;
let alice: TestClient;
const YEAR = 2025;
const C = () => ids.unit['CLIMATE-LAB']!;
const entries = (type: string) => `/api/modules/${C()}/${YEAR}/${type}`;
const made: Record<string, number> = {};

/** Great-circle distance on a sphere of 6,371 km, as docs/formulas.md states it. */
function haversineKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** The stored coordinates of the two ends of a trip, by location id. */
async function ends(locationIds: number[]) {
  const { rows } = await stack.server.pool.query<{ lat: number; lon: number }>('SELECT lat, lon FROM locations WHERE id = ANY ($1) ORDER BY array_position($1, id)', [locationIds]);
  return rows as [{ lat: number; lon: number }, { lat: number; lon: number }];
}

async function create(path: string, body: Record<string, unknown>): Promise<number> {
  const res = await alice.post(entries(path), body);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

const explain = async (c: TestClient, path: string, id: number) => c.get(`${entries(path)}/${id}/emissions`);
const explained = async (path: string, id: number) => {
  const res = await explain(alice, path, id);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as EntryEmissions;
};

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  alice = await as(stack, 'alice');
  await addMember(alice, C(), YEAR, 100001, 'Alice Martin', 1);
  await addMember(alice, C(), YEAR, 100002, 'Bob Keller', 1);
  made.plane = await create('professional-travel/plane', { origin: 'GVA', destination: 'JFK', round_trip: true, traveler_id: 100001 });
  made.bobPlane = await create('professional-travel/plane', { origin: 'ZRH', destination: 'CDG', traveler_id: 100002 });
  made.train = await create('professional-travel/train', { origin: 'Lausanne', destination: 'Paris', traveler_id: 100001 });
  made.electricity = await create('buildings/electricity', { site: 'Main', consumption: 2, consumption_unit: 'mwh', supply: 'location_based', mix: 'DE' });
  // A mix that is no country code and has no row of its own: no factor (a country code without a
  // row would read the world average).
  made.noFactor = await create('buildings/electricity', { site: 'Annex', consumption: 500, supply: 'location_based', mix: 'Atlantis' });
  // A propane row (test values) that converts kilograms but not litres, in place of the library's.
  await stack.server.pool.query(`DELETE FROM factors WHERE data_entry_type = 'heating' AND year = $1 AND classification->>'carrier' = 'propane'`, [YEAR]);
  await stack.server.pool.query(
    `INSERT INTO factors (data_entry_type, year, classification, "values", source) VALUES ('heating', $1, '{"carrier": "propane"}', '{"kg_co2eq_per_kwh": 0.2, "kwh_per_kg": 12}', 'test row')`,
    [YEAR],
  );
  made.propane = await create('buildings/heating', { site: 'Main', carrier: 'propane', quantity: 100, quantity_unit: 'litre' });
  made.server = await create('equipment/devices', { description: 'Servers', device_type: 'server', count: 2, acquisition_year: YEAR, lifetime_years: 5, power_w: 400, hours_per_year: 1000, grid_country: 'DE' });
}, 120_000);
afterAll(() => stack?.stop());

describe('how an entry was computed', () => {
  it('a plane trip: GVA–JFK and back, one way = great circle + 95 km, long band, × 0.1517 kg/km of ADEME', async () => {
    const body = await explained('professional-travel/plane', made.plane!);
    expect(body).toMatchObject({ entry_id: made.plane, module_type: 'professional_travel', data_entry_type: 'plane', year: YEAR });
    const [e] = body.emissions;
    const [gva, jfk] = await ends(e!.meta.location_ids as number[]);
    const oneWay = haversineKm(gva, jfk) + 95;
    expect(oneWay).toBeGreaterThan(3500);
    expect(e).toMatchObject({ emission_type: 'plane', scope: 3, category: 'business_travel', quantity_unit: 'km', meta: { legs: 2, band: 'long', cabin_class: 'economy' } });
    expect(e!.meta.one_way_km as number).toBeCloseTo(oneWay, 6);
    expect(e!.quantity!).toBeCloseTo(2 * oneWay, 4);
    expect(e!.kg_co2eq!).toBeCloseTo(2 * oneWay * 0.1517, 4);
    expect(body.kg_co2eq!).toBeCloseTo(2 * oneWay * 0.1517, 4);
    expect(e!.factors).toEqual([
      {
        id: e!.factor_id,
        set: 'plane',
        year: YEAR,
        classification: { band: 'long', cabin_class: 'economy' },
        values: { kg_co2eq_per_km: 0.1517 },
        // No uncertainty published for the long-haul row (the short-haul one has 70 %).
        uncertainty_pct: null,
        // The library's row: ADEME's 2023 edition, applied to 2025.
        edition: 2023,
        boundary: 'with_upstream',
        origin: 'library',
        source: expect.stringMatching(/^ADEME Base Carbone \/ Base Empreinte, air passenger transport, element 28134, contrails included/),
      },
    ]);
  });

  it('a train trip: Lausanne–Paris, great circle × 1.2, across the border France’s 0.0023 kg/km', async () => {
    const [e] = (await explained('professional-travel/train', made.train!)).emissions;
    const [lausanne, paris] = await ends(e!.meta.location_ids as number[]);
    const km = haversineKm(lausanne, paris) * 1.2;
    expect(e).toMatchObject({ emission_type: 'train', scope: 3, meta: { factor_country: 'FR', legs: 1 } });
    expect(e!.quantity!).toBeCloseTo(km, 4);
    expect(e!.kg_co2eq!).toBeCloseTo(km * 0.0023, 6);
    expect(e!.factors).toMatchObject([{ set: 'train', year: YEAR, classification: { country: 'FR' }, values: { kg_co2eq_per_km: 0.0023 }, source: expect.stringMatching(/^ADEME Base Empreinte, element 43256 \(TGV\)/) }]);
  });

  it('electricity: 2 MWh × 1,000 kWh per MWh × 0.34414 kg/kWh of the German grid = 688.28 kg, with the conversion used', async () => {
    const [e] = (await explained('buildings/electricity', made.electricity!)).emissions;
    expect(e).toMatchObject({ emission_type: 'electricity', scope: 2, category: 'purchased_electricity', quantity: 2000, quantity_unit: 'kwh' });
    expect(e!.kg_co2eq!).toBeCloseTo(688.28, 9);
    expect(e!.meta).toMatchObject({ quantity: 2, unit: 'mwh', conversion: { key: 'kwh_per_mwh', value: 1000 }, supply: 'location_based', mix: 'DE' });
    expect(e!.factors).toHaveLength(1);
    expect(e!.factors[0]).toMatchObject({ set: 'electricity', year: YEAR, classification: { supply: 'location_based', mix: 'DE' }, values: { kg_co2eq_per_kwh: 0.34414, kwh_per_mwh: 1000 } });
    expect(e!.factors[0]!.source).toMatch(/^Ember, Yearly Electricity Data/);
  });

  it('a device: embodied 2 × 1,300 kg / 5 years = 520 kg (EcoInfo), use 2 × 400 W × 1,000 h = 800 kWh × 0.34414 = 275.312 kg (the grid row)', async () => {
    const body = await explained('equipment/devices', made.server!);
    const [embodied, use] = body.emissions;
    expect(embodied).toMatchObject({ emission_type: 'device_embodied', scope: 3, category: 'capital_goods', quantity_unit: 'item', meta: { count: 2, lifetime_years: 5, lifetime_from: 'entry', share: 0.2, kg_co2eq_per_device: 1300 } });
    expect(embodied!.kg_co2eq!).toBeCloseTo(520, 9);
    expect(embodied!.quantity!).toBeCloseTo(0.4, 9);
    expect(embodied!.factors).toMatchObject([{ set: 'device', classification: { device_type: 'server' }, values: { kg_co2eq_per_device: 1300, lifetime_years: 5 } }]);
    expect(embodied!.factors[0]!.source).toMatch(/^EcoInfo \(CNRS\)/);
    expect(use).toMatchObject({ emission_type: 'device_use', scope: 2, category: 'purchased_electricity', quantity: 800, quantity_unit: 'kwh', meta: { power_w: 400, hours_per_year: 1000, grid_country: 'DE' } });
    expect(use!.kg_co2eq!).toBeCloseTo(275.312, 9);
    expect(use!.factors).toMatchObject([{ set: 'electricity', classification: { supply: 'location_based', mix: 'DE' }, values: { kg_co2eq_per_kwh: 0.34414 } }]);
    expect(body.kg_co2eq!).toBeCloseTo(795.312, 9);
  });

  it('without a factor: no figure, no factor row, and the reason; with a factor that cannot convert the unit: the row and why', async () => {
    const none = await explained('buildings/electricity', made.noFactor!);
    expect(none.kg_co2eq).toBeNull();
    expect(none.emissions).toMatchObject([{ kg_co2eq: null, factor_id: null, factors: [], meta: { reason: 'no factor applies', mix: 'Atlantis' } }]);
    const propane = await explained('buildings/heating', made.propane!);
    expect(propane.emissions).toMatchObject([{ emission_type: 'fuel_combustion', kg_co2eq: null, meta: { quantity: 100, unit: 'litre', reason: 'the factor has no kwh_per_litre: a quantity in litre cannot be converted to kwh' } }]);
    expect(propane.emissions[0]!.factors).toMatchObject([{ set: 'heating', classification: { carrier: 'propane' }, values: { kg_co2eq_per_kwh: 0.2, kwh_per_kg: 12 }, source: 'test row' }]);
  });

  it('is the same through the report-addressed path', async () => {
    const byReport = await alice.get(`/api/v1/carbon_reports/${ids.report[`CLIMATE-LAB/${YEAR}`]}/modules/buildings/data-entry/${made.electricity}/emissions`);
    expect(byReport.status).toBe(200);
    expect(byReport.body).toEqual(await explained('buildings/electricity', made.electricity!));
  });

  it('is for whoever may read the entry: a standard user their own trip only, no other unit’s principal; unknown entries and units are 404', async () => {
    const bob = await as(stack, 'bob');
    expect((await explain(bob, 'professional-travel/plane', made.bobPlane!)).status).toBe(200);
    const colleague = await explain(bob, 'professional-travel/plane', made.plane!);
    expect(colleague.status).toBe(403);
    expect(colleague.body.code).toBe('not_your_entry');
    expect((await explain(bob, 'buildings/electricity', made.electricity!)).status).toBe(403);
    const dan = await as(stack, 'dan');
    expect((await explain(dan, 'professional-travel/plane', made.plane!)).status).toBe(403);
    expect((await explain(dan, 'equipment/devices', made.server!)).status).toBe(403);
    expect((await (await as(stack, 'olga')).get(`${entries('equipment/devices')}/${made.server}/emissions`)).status).toBe(200);
    // an entry of another type than the path's, an unknown entry, an unknown unit
    expect((await explain(alice, 'professional-travel/train', made.plane!)).status).toBe(404);
    expect((await explain(alice, 'professional-travel/plane', 99999999)).status).toBe(404);
    expect((await alice.get(`/api/modules/987654/${YEAR}/professional-travel/plane/${made.plane}/emissions`)).status).toBe(404);
  });
});

describe('the factors of a unit’s year', () => {
  const path = (unit: number, year = YEAR) => `/api/v1/units/${unit}/years/${year}/factors`;

  it('lists every factor set with its rows for the year, the sets without any empty', async () => {
    const res = await alice.get(path(C()));
    expect(res.status).toBe(200);
    const body = res.body as YearFactors;
    expect(body).toMatchObject({ unit_id: C(), year: YEAR });
    const sets = Object.fromEntries(body.factor_sets.map((s) => [s.name, s.factors]));
    expect(Object.keys(sets).sort()).toEqual([
      'ai_service', 'cloud_spend', 'commute', 'compute_use', 'data_centre_pue', 'device', 'electricity', 'exchange_rate', 'heating', 'member', 'plane',
      'price_index', 'purchase', 'purchase_nacres', 'refrigerant', 'road_sea', 'train',
    ]);
    // no per-FTE factor ships: the headcount has no factor for the year
    expect(sets.member).toEqual([]);
    // an AI service's factor is per request, one row per service its publisher measured
    expect(sets.ai_service!.map((f) => f.classification.service).sort()).toEqual(['google_gemini_text', 'mistral_le_chat_text', 'openai_chatgpt_text']);
    expect(sets.plane).toHaveLength(9);
    expect(sets.plane!.every((f) => f.year === YEAR && f.set === 'plane' && f.source.length > 0)).toBe(true);
    expect(sets.plane!.find((f) => f.classification.band === 'medium' && f.classification.cabin_class === 'business')!.values).toEqual({ kg_co2eq_per_km: 0.280795 });
    // exchange rates are the year's own: 2025's
    expect(sets.exchange_rate!.find((f) => f.classification.currency === 'USD')!.values).toEqual({ eur_per_unit: 0.884969 });
  });

  it('is for whoever has a role in the unit: its standard users and the back office; not another unit’s people; unknown unit or year without a report is 404', async () => {
    expect((await (await as(stack, 'bob')).get(path(C()))).status).toBe(200);
    expect((await (await as(stack, 'olga')).get(path(C()))).status).toBe(200);
    expect((await (await as(stack, 'dan')).get(path(C()))).status).toBe(403);
    expect((await (await as(stack, 'carol')).get(path(C()))).status).toBe(403);
    expect((await alice.get(path(987654))).status).toBe(404);
    const noReport = await alice.get(path(C(), 2031));
    expect(noReport.status).toBe(404);
    expect(noReport.body).toMatchObject({ code: 'no_report_for_year', params: { year: 2031 } });
  });
});
