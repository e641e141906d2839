// Digital services, worked by hand: each formula through the registry (so the scope and category
// come from its declaration), with factor rows written here as an operator's files could hold them
// (round values of the kind the factor library holds: a services ratio, Green Algorithms' powers, Uptime's PUE).
import { describe, expect, it } from 'vitest';
import { ENTRY_TYPES, reasonsOf, reportEmissions, type EntryData, type FactorRow } from '../../index';

const row = (id: number, classification: Record<string, string>, values: Record<string, number>): FactorRow => ({ id, classification, values });
const compute = row(1, { service_kind: 'compute' }, { kg_co2eq_per_eur: 0.11 });
const usd = row(10, { currency: 'USD' }, { eur_per_unit: 0.886469 });
const core = row(20, { resource: 'cpu_core_any' }, { watts: 12 });
const a100 = row(21, { resource: 'gpu_nvidia_a100_pcie_40gb' }, { watts: 250 });
const pue = row(30, { basis: 'industry_average' }, { pue: 1.56 });
const de = row(40, { supply: 'location_based', mix: 'DE' }, { kg_co2eq_per_kwh: 0.363 });
const fr = row(41, { supply: 'location_based', mix: 'FR' }, { kg_co2eq_per_kwh: 0.048 });
// A supplier's contract named like a country is no grid mix.
const contract = row(42, { supply: 'supplier_specific', mix: 'US' }, { kg_co2eq_per_kwh: 0.01 });

const run = (type: string, data: EntryData, own: FactorRow[], others: Record<string, FactorRow[]> = {}) => {
  const t = ENTRY_TYPES[type]!;
  return reportEmissions(t, t.computeEmissions({ data, locations: {}, factors: own, factorSets: { [type]: own, ...others }, year: 2025 }))[0]!;
};
const reasons = (meta: Record<string, unknown>) => reasonsOf(meta.reason as string).map((r) => r.code);

describe('cloud spend', () => {
  const spend = (service_kind: string, amount: number, currency: string, rates: FactorRow[] = [usd]) =>
    run('cloud_spend', { description: 'x', provider: 'P', service_kind, amount, currency }, [compute], { exchange_rate: rates });

  it('1,000 EUR of compute: 1,000 × 0.11 = 110 kg, scope 3 purchased goods and services', () => {
    const e = spend('compute', 1000, 'EUR');
    expect(e).toMatchObject({ emission_type: 'cloud_spend', scope: 3, category: 'purchased_goods_services', quantity: 1000, quantity_unit: 'eur', factor_id: 1 });
    expect(e.kg_co2eq).toBeCloseTo(110, 9);
    expect(e.meta).toMatchObject({ service_kind: 'compute', provider: 'P', rate: null, ratio: { id: 1 } });
  });

  it('2,000 USD of compute at 0.886469 EUR per USD: 1,772.938 EUR × 0.11 = 195.02318 kg', () => {
    const e = spend('compute', 2000, 'USD');
    expect(e.quantity).toBeCloseTo(1772.938, 9);
    expect(e.kg_co2eq).toBeCloseTo(195.02318, 9);
  });

  it('a service kind without a ratio, or a currency without a rate: no figure, with the reasons', () => {
    expect(spend('storage', 1000, 'EUR')).toMatchObject({ kg_co2eq: null, quantity: 1000, factor_id: null });
    expect(reasons(spend('storage', 1000, 'EUR').meta)).toEqual(['no_factor']);
    const noRate = spend('compute', 1000, 'USD', []);
    expect(noRate).toMatchObject({ kg_co2eq: null, quantity: null });
    expect(reasons(noRate.meta)).toEqual(['no_exchange_rate']);
  });
});

describe('computing by use', () => {
  const use = (resource: string, quantity: number, grid_country: string, extra: EntryData = {}, sets: Record<string, FactorRow[]> = {}) =>
    run('compute_use', { description: 'x', resource, quantity, grid_country, ...extra }, [core, a100], { electricity: [de, fr, contract], data_centre_pue: [pue], ...sets });

  it('50,000 core-hours at 12 W with the provider PUE 1.2 in DE: 600 kWh × 1.2 = 720 kWh × 0.363 = 261.36 kg', () => {
    const e = use('cpu_core_any', 50_000, 'DE', { pue: 1.2 });
    expect(e).toMatchObject({ emission_type: 'compute_use', scope: 3, category: 'purchased_goods_services', quantity_unit: 'kwh', factor_id: 40 });
    expect(e.quantity).toBeCloseTo(720, 9);
    expect(e.kg_co2eq).toBeCloseTo(261.36, 9);
    expect(e.meta).toMatchObject({ watts: 12, it_kwh: 600, pue: 1.2, pue_from: 'entry', default_pue: null, power: { id: 20 } });
  });

  it('2,000 GPU-hours of an A100 40 GB (250 W), default PUE 1.56, in France: 500 kWh × 1.56 = 780 kWh × 0.048 = 37.44 kg', () => {
    const e = use('gpu_nvidia_a100_pcie_40gb', 2000, ' fr ');
    expect(e.quantity).toBeCloseTo(780, 9);
    expect(e.kg_co2eq).toBeCloseTo(37.44, 9);
    expect(e.meta).toMatchObject({ watts: 250, it_kwh: 500, pue: 1.56, pue_from: 'factor', default_pue: { id: 30 }, grid: { id: 41 } });
  });

  it('3,500 kWh metered in DE: with the provider PUE 1.1, 3,850 kWh × 0.363 = 1,397.55 kg; without, 5,460 kWh × 0.363 = 1,981.98 kg', () => {
    const withPue = use('metered_kwh', 3500, 'DE', { pue: 1.1 });
    expect(withPue.quantity).toBeCloseTo(3850, 9);
    expect(withPue.kg_co2eq).toBeCloseTo(1397.55, 9);
    expect(withPue.meta).toMatchObject({ watts: null, it_kwh: 3500, power: null });
    const without = use('metered_kwh', 3500, 'DE');
    expect(without.quantity).toBeCloseTo(5460, 9);
    expect(without.kg_co2eq).toBeCloseTo(1981.98, 9);
  });

  it('a country without a grid mix (a contract named like it does not count): the kWh, no figure, and why', () => {
    const e = use('cpu_core_any', 1000, 'US', { pue: 1.5 });
    expect(e).toMatchObject({ kg_co2eq: null, factor_id: null });
    expect(e.quantity).toBeCloseTo(18, 9);
    expect(reasons(e.meta)).toEqual(['no_grid_factor']);
  });

  it('a GPU without a power row: no figure and no kWh, and why', () => {
    const e = use('gpu_nvidia_t4', 100, 'DE');
    expect(e).toMatchObject({ kg_co2eq: null, quantity: null, meta: { it_kwh: null } });
    expect(reasonsOf(e.meta.reason as string)).toEqual([{ code: 'no_power', params: { resource: 'gpu_nvidia_t4' } }]);
  });

  it('no PUE from the entry nor a default row: no figure, never the servers’ kWh alone', () => {
    const e = use('metered_kwh', 100, 'DE', {}, { data_centre_pue: [] });
    expect(e).toMatchObject({ kg_co2eq: null, quantity: null, meta: { pue: null } });
    expect(reasons(e.meta)).toEqual(['no_pue']);
  });
});

describe('AI services by their requests', () => {
  const ai = (service: string, requests: number, own: FactorRow[], grid_country?: string) => run('ai_service', { description: 'x', service, requests, ...(grid_country ? { grid_country } : {}) }, own, { electricity: [de, fr, world] });
  const world = row(43, { supply: 'location_based', mix: 'RoW' }, { kg_co2eq_per_kwh: 0.473 });
  const perRequest = row(50, { service: 'mistral_le_chat_text' }, { kg_co2eq_per_request: 0.00114 });
  const energy = row(51, { service: 'google_gemini_text' }, { wh_per_request: 0.24 });

  it('a published kg per request: 100,000 requests × 0.00114 = 114 kg, whatever the grid; scope 3 purchased services', () => {
    const e = ai('mistral_le_chat_text', 100_000, [perRequest, energy], 'DE');
    expect(e).toMatchObject({ emission_type: 'ai_service', scope: 3, category: 'purchased_goods_services', quantity: 100_000, factor_id: 50 });
    expect(e.kg_co2eq).toBeCloseTo(114, 9);
  });

  it('a published energy per request: 100,000 × 0.24 Wh = 24 kWh × the grid of the country (France 0.048) = 1.152 kg', () => {
    const e = ai('google_gemini_text', 100_000, [perRequest, energy], 'FR');
    expect(e.kg_co2eq).toBeCloseTo(1.152, 9);
    expect(e.meta).toMatchObject({ kwh: 24, grid: { id: 41 } });
  });

  it('no country: the world average grid (24 kWh × 0.473 = 11.352 kg), said in the meta by the row it read', () => {
    const e = ai('google_gemini_text', 100_000, [energy]);
    expect(e.kg_co2eq).toBeCloseTo(11.352, 9);
    expect(e.meta).toMatchObject({ grid: { id: 43, classification: { mix: 'RoW' } } });
  });

  it('a country without a grid row of its own reads the world average and says for which country', () => {
    const e = ai('google_gemini_text', 1000, [energy], 'BR');
    expect(e.meta).toMatchObject({ grid: { id: 43 }, world_average_for: 'BR' });
  });

  it('a service without a published figure: no figure, the requests counted, and why', () => {
    const e = ai('openai_chatgpt_text', 12, [perRequest]);
    expect(e).toMatchObject({ kg_co2eq: null, quantity: 12, factor_id: null });
    expect(reasons(e.meta)).toEqual(['no_factor']);
  });
});
