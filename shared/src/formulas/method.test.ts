// What the "how was this computed" view reads from an emission row: the reasons of a missing
// figure as codes (every text a formula writes reads back, joined ones too), and the factor rows
// its meta names (one, several per-FTE rows, a ratio and a rate, a blend's components).
import { describe, expect, it } from 'vitest';
import { ENTRY_TYPES, factorIdsOf, NO_FIGURE_REASONS, reasonsOf, reasonText, type EntryData, type FactorRow, type ResolvedLocation } from '../index';

const compute = (type: string, data: EntryData, factors: FactorRow[], factorSets: Record<string, FactorRow[]> = {}, locations: Record<string, ResolvedLocation> = {}) =>
  ENTRY_TYPES[type]!.computeEmissions({ data, locations, factors, factorSets: { [type]: factors, ...factorSets }, year: 2025 });

describe('reasons of a missing figure', () => {
  it.each(Object.keys(NO_FIGURE_REASONS) as (keyof typeof NO_FIGURE_REASONS)[])('%s reads back as its code and params', (code) => {
    const params = { key: 'kwh_per_m3', unit: 'm3', base: 'kwh', currency: 'USD', gas: 'r125', resource: 'gpu_nvidia_t4', year: '2026' };
    const [read] = reasonsOf(reasonText(code, params));
    expect(read!.code).toBe(code);
    for (const [k, v] of Object.entries(read!.params)) expect(params[k as keyof typeof params]).toBe(v);
  });

  it('reads what the formulas write: a unit without a conversion, a purchase lacking rate and ratio, a blend component', () => {
    const gas = compute('heating', { site: 'A', carrier: 'natural_gas', quantity: 10, quantity_unit: 'litre' }, [{ id: 1, classification: { carrier: 'natural_gas' }, values: { kg_co2eq_per_kwh: 0.2 } }])[0]!;
    expect(reasonsOf(gas.meta.reason as string)).toEqual([{ code: 'no_conversion', params: { key: 'kwh_per_litre', unit: 'litre', base: 'kwh' } }]);
    const bought = compute('purchase', { description: 'x', category: 'chemicals', amount: 10, currency: 'USD', purchase_date: '2025-01-01' }, [], { exchange_rate: [] })[0]!;
    expect(reasonsOf(bought.meta.reason as string)).toEqual([
      { code: 'no_exchange_rate', params: { currency: 'USD' } },
      { code: 'no_factor', params: {} },
    ]);
    const leak = compute('refrigerant', { site: 'A', gas: 'r410a', leaked_kg: 1 }, [{ id: 3, classification: { gas: 'r32' }, values: { gwp100: 771 } }])[0]!;
    expect(reasonsOf(leak.meta.reason as string)).toEqual([{ code: 'no_gwp', params: { gas: 'r125' } }]);
  });

  it('keeps a text no formula writes as it is, and reads nothing from no reason', () => {
    expect(reasonsOf('the moon was full')).toEqual([{ code: 'unknown', params: { text: 'the moon was full' } }]);
    expect(reasonsOf(undefined)).toEqual([]);
  });
});

describe('factor rows an emission names', () => {
  const gva: ResolvedLocation = { id: 501, kind: 'airport', code: 'GVA', name: 'Geneva', country_code: 'CH', lat: 46.238, lon: 6.109 };
  const jfk: ResolvedLocation = { id: 502, kind: 'airport', code: 'JFK', name: 'New York', country_code: 'US', lat: 40.64, lon: -73.779 };

  it('a plane trip: its factor, not its location ids', () => {
    const [e] = compute('plane', { origin: 'GVA', destination: 'JFK', cabin_class: 'economy', number_of_trips: 1, round_trip: false }, [{ id: 7, classification: { band: 'long', cabin_class: 'economy' }, values: { kg_co2eq_per_km: 0.152 } }], {}, { origin: gva, destination: jfk });
    expect(factorIdsOf(e!)).toEqual([7]);
  });

  it('a member: every per-FTE row; a purchase: ratio and rate; a blend: each component', () => {
    const member = compute('member', { user_institutional_id: '1', name: 'A', fte: 1 }, [
      { id: 21, classification: { category: 'food' }, values: { kg_co2eq_per_fte: 100 } },
      { id: 22, classification: { category: 'commuting' }, values: { kg_co2eq_per_fte: 50 } },
    ])[0]!;
    expect(factorIdsOf(member).sort()).toEqual([21, 22]);
    const bought = compute('purchase', { description: 'x', category: 'services', amount: 10, currency: 'CHF', purchase_date: '2025-01-01' }, [{ id: 31, classification: { category: 'services' }, values: { kg_co2eq_per_eur: 0.11 } }], {
      exchange_rate: [{ id: 32, classification: { currency: 'CHF' }, values: { eur_per_unit: 1.05 } }],
    })[0]!;
    expect(factorIdsOf(bought).sort()).toEqual([31, 32]);
    const leak = compute('refrigerant', { site: 'A', gas: 'r410a', leaked_kg: 1 }, [
      { id: 41, classification: { gas: 'r32' }, values: { gwp100: 771 } },
      { id: 42, classification: { gas: 'r125' }, values: { gwp100: 3740 } },
    ])[0]!;
    expect(leak.factor_id).toBeNull();
    expect(factorIdsOf(leak).sort()).toEqual([41, 42]);
  });

  it('no factor: none', () => {
    expect(factorIdsOf(compute('member', { user_institutional_id: '1', name: 'A', fte: 1 }, [])[0]!)).toEqual([]);
  });
});
