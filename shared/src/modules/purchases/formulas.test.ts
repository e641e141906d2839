// Purchases, worked by hand: the formula through the registry (so the scope and category come
// from its declaration), with ratios and rates written here as an operator's files could hold them.
import { describe, expect, it } from 'vitest';
import { ENTRY_TYPES, reportEmissions, type EntryData, type FactorRow } from '../../index';

const services: FactorRow = { id: 1, classification: { category: 'services' }, values: { kg_co2eq_per_eur: 0.11 } };
const unclassified: FactorRow = { id: 2, classification: { category: 'unclassified' }, values: { kg_co2eq_per_eur: 0.31 } };
const chf: FactorRow = { id: 10, classification: { currency: 'CHF' }, values: { eur_per_unit: 1.05 } };
const gbpZero: FactorRow = { id: 11, classification: { currency: 'GBP' }, values: { eur_per_unit: 0 } };

const compute = (data: EntryData, rates: FactorRow[] = [chf, gbpZero]) => {
  const t = ENTRY_TYPES.purchase!;
  const factors = [services, unclassified];
  return reportEmissions(t, t.computeEmissions({ data, locations: {}, factors, factorSets: { purchase: factors, exchange_rate: rates }, year: 2025 }))[0]!;
};
const purchase = (category: string, amount: number, currency: string): EntryData => ({ description: 'x', category, amount, currency, purchase_date: '2025-03-01' });

describe('purchase', () => {
  it('12,500 EUR of services: 12,500 × 0.11 = 1,375 kg, scope 3 purchased goods and services; the euro needs no rate', () => {
    const e = compute(purchase('services', 12_500, 'EUR'), []);
    expect(e).toMatchObject({ emission_type: 'purchase', scope: 3, category: 'purchased_goods_services', quantity: 12_500, quantity_unit: 'eur', factor_id: 1 });
    expect(e.kg_co2eq).toBeCloseTo(1375, 9);
    expect(e.meta).toMatchObject({ rate: null, ratio: { id: 1 } });
  });

  it('3,600 CHF unclassified: 3,600 × 1.05 = 3,780 EUR × 0.31 = 1,171.8 kg', () => {
    const e = compute(purchase('unclassified', 3600, 'CHF'));
    expect(e.quantity).toBeCloseTo(3780, 9);
    expect(e.kg_co2eq).toBeCloseTo(1171.8, 9);
    expect(e.meta).toMatchObject({ rate: { id: 10, values: { eur_per_unit: 1.05 } }, eur: 3780 });
  });

  it('USD without a rate for the year: no figure and no euro amount, and why', () => {
    const e = compute(purchase('services', 1000, 'USD'));
    expect(e).toMatchObject({ kg_co2eq: null, quantity: null, factor_id: 1, meta: { reason: 'no exchange rate for USD in the year' } });
  });

  it('a rate of 0 converts nothing: no figure, never 0 kg', () => {
    const e = compute(purchase('services', 1000, 'GBP'));
    expect(e).toMatchObject({ kg_co2eq: null, quantity: null, meta: { reason: 'no exchange rate for GBP in the year' } });
  });

  it('a category without a ratio: the euro amount is known, the figure is not', () => {
    const e = compute(purchase('chemicals', 2000, 'CHF'));
    expect(e).toMatchObject({ kg_co2eq: null, factor_id: null, meta: { reason: 'no factor applies' } });
    expect(e.quantity).toBeCloseTo(2100, 9);
  });

  it('neither: both reasons', () => {
    const e = compute(purchase('chemicals', 2000, 'USD'));
    expect(e).toMatchObject({ kg_co2eq: null, quantity: null, meta: { reason: 'no exchange rate for USD in the year; no factor applies' } });
  });
});

describe('purchase fields', () => {
  it('an amount of 0 or less is refused; any positive amount is taken', async () => {
    const { createSchema } = await import('../schemas');
    const schema = createSchema(ENTRY_TYPES.purchase!);
    for (const amount of [0, -5]) expect(schema.safeParse(purchase('services', amount, 'EUR')).error?.issues[0]).toMatchObject({ path: ['amount'], message: 'must be more than 0' });
    expect(schema.safeParse(purchase('services', 0.01, 'EUR')).success).toBe(true);
    expect(schema.safeParse(purchase('services', 10, 'JPY')).success).toBe(false);
  });
});
