// Buildings and energy, worked by hand: each entry type's formula through the registry (so the
// scope and category come from its declaration), with the factor values written here.
import { describe, expect, it } from 'vitest';
import { ENTRY_TYPES, emissionTypeFor, reportEmissions, type EntryData, type FactorRow } from '../../index';
import { compositionOf, refrigerantGwp } from './refrigerants';

const compute = (type: string, data: EntryData, factors: FactorRow[]) => {
  const t = ENTRY_TYPES[type]!;
  return reportEmissions(t, t.computeEmissions({ data, year: 2025, locations: {}, factors, factorSets: { [type]: factors } }));
};

describe('electricity', () => {
  // A grid mix of 0.363 kg CO2e/kWh with 1,000 kWh per MWh, and a supplier's contract at 0.012.
  const grid: FactorRow = { id: 1, classification: { supply: 'location_based', mix: 'DE' }, values: { kg_co2eq_per_kwh: 0.363, kwh_per_mwh: 1000 } };
  const contract: FactorRow = { id: 2, classification: { supply: 'supplier_specific', mix: 'Hydro Plus' }, values: { kg_co2eq_per_kwh: 0.012 } };
  const factors = [grid, contract];

  it('12,000 kWh on the German grid: 12,000 × 0.363 = 4,356 kg, scope 2 purchased electricity', () => {
    const [e] = compute('electricity', { site: 'Lab', consumption: 12_000, consumption_unit: 'kwh', supply: 'location_based', mix: 'DE' }, factors);
    expect(e).toMatchObject({ emission_type: 'electricity', scope: 2, category: 'purchased_electricity', quantity: 12_000, quantity_unit: 'kwh', factor_id: 1 });
    expect(e!.kg_co2eq).toBeCloseTo(4356, 9);
  });

  it('35 MWh: 35 × 1,000 = 35,000 kWh × 0.363 = 12,705 kg; the country is matched in any case', () => {
    const [e] = compute('electricity', { site: 'Lab', consumption: 35, consumption_unit: 'mwh', supply: 'location_based', mix: 'de' }, factors);
    expect(e!.quantity).toBeCloseTo(35_000, 9);
    expect(e!.kg_co2eq).toBeCloseTo(12_705, 9);
    expect(e!.meta).toMatchObject({ conversion: { key: 'kwh_per_mwh', value: 1000 } });
  });

  it('supplier-specific: 50,000 kWh × 0.012 = 600 kg; the same name on the grid side finds nothing', () => {
    const [e] = compute('electricity', { site: 'Lab', consumption: 50_000, consumption_unit: 'kwh', supply: 'supplier_specific', mix: 'Hydro Plus' }, factors);
    expect(e!.kg_co2eq).toBeCloseTo(600, 9);
    expect(e!.factor_id).toBe(2);
    const [none] = compute('electricity', { site: 'Lab', consumption: 50_000, consumption_unit: 'kwh', supply: 'location_based', mix: 'Hydro Plus' }, factors);
    expect(none).toMatchObject({ kg_co2eq: null, factor_id: null, meta: { reason: 'no factor applies' } });
  });

  it('MWh with a factor that has no kWh per MWh: no figure, and why', () => {
    const [e] = compute('electricity', { site: 'Lab', consumption: 2, consumption_unit: 'mwh', supply: 'supplier_specific', mix: 'Hydro Plus' }, factors);
    expect(e).toMatchObject({ kg_co2eq: null, quantity: null, meta: { reason: 'the factor has no kwh_per_mwh: a quantity in mwh cannot be converted to kwh' } });
  });
});

describe('heating and fuels', () => {
  // Values a factor file could hold, per kWh with the conversions of each carrier's own row.
  const gas: FactorRow = { id: 10, classification: { carrier: 'natural_gas' }, values: { kg_co2eq_per_kwh: 0.1829, kwh_per_m3: 11.1832 } };
  const oil: FactorRow = { id: 11, classification: { carrier: 'heating_oil' }, values: { kg_co2eq_per_kwh: 0.2468, kwh_per_litre: 10.3 } };
  const propane: FactorRow = { id: 12, classification: { carrier: 'propane' }, values: { kg_co2eq_per_kwh: 0.2145, kwh_per_litre: 7.1, kwh_per_kg: 13.8 } };
  const pellets: FactorRow = { id: 13, classification: { carrier: 'wood_pellets' }, values: { kg_co2eq_per_kwh: 0.0105, kwh_per_tonne: 4800, kwh_per_kg: 4.8 } };
  const chips: FactorRow = { id: 14, classification: { carrier: 'wood_chips' }, values: { kg_co2eq_per_kwh: 0.0107, kwh_per_tonne: 3500 } };
  const district: FactorRow = { id: 15, classification: { carrier: 'district_heating' }, values: { kg_co2eq_per_kwh: 0.17, kwh_per_mwh: 1000 } };
  const factors = [gas, oil, propane, pellets, chips, district];
  const heat = (carrier: string, quantity: number, quantity_unit: string) => compute('heating', { site: 'Lab', carrier, quantity, quantity_unit }, factors)[0]!;

  it('natural gas, 8,500 m³: 8,500 × 11.1832 = 95,057.2 kWh × 0.1829 = 17,385.96188 kg, scope 1 stationary combustion', () => {
    const e = heat('natural_gas', 8500, 'm3');
    expect(e).toMatchObject({ emission_type: 'fuel_combustion', scope: 1, category: 'stationary_combustion', factor_id: 10 });
    expect(e.quantity).toBeCloseTo(95_057.2, 6);
    expect(e.kg_co2eq).toBeCloseTo(17_385.96188, 6);
  });

  it('heating oil, 2,000 litres: 20,600 kWh × 0.2468 = 5,084.08 kg', () => {
    expect(heat('heating_oil', 2000, 'litre').kg_co2eq).toBeCloseTo(5084.08, 6);
  });

  it('propane, 300 kg: 4,140 kWh × 0.2145 = 888.03 kg', () => {
    expect(heat('propane', 300, 'kg').kg_co2eq).toBeCloseTo(888.03, 6);
  });

  it('wood pellets, 6 t: 28,800 kWh × 0.0105 = 302.4 kg; wood chips, 10 t: 35,000 kWh × 0.0107 = 374.5 kg', () => {
    expect(heat('wood_pellets', 6, 'tonne').kg_co2eq).toBeCloseTo(302.4, 6);
    expect(heat('wood_chips', 10, 'tonne').kg_co2eq).toBeCloseTo(374.5, 6);
  });

  it('district heating, 40 MWh: 40,000 kWh × 0.17 = 6,800 kg, scope 2 purchased heat', () => {
    const e = heat('district_heating', 40, 'mwh');
    expect(e).toMatchObject({ emission_type: 'district_heating', scope: 2, category: 'purchased_heat' });
    expect(e.kg_co2eq).toBeCloseTo(6800, 6);
  });

  it('a unit the carrier cannot be read in (gas in litres): no figure, and why; no row for the carrier: none either', () => {
    expect(heat('natural_gas', 100, 'litre')).toMatchObject({ kg_co2eq: null, meta: { reason: 'the factor has no kwh_per_litre: a quantity in litre cannot be converted to kwh' } });
    const none = compute('heating', { site: 'Lab', carrier: 'wood_chips', quantity: 1, quantity_unit: 'tonne' }, [gas])[0]!;
    expect(none).toMatchObject({ kg_co2eq: null, emission_type: 'fuel_combustion', scope: 1, meta: { reason: 'no factor applies' } });
  });

  it('the emission type follows the carrier, as declared in the registry', () => {
    const types = ENTRY_TYPES.heating!.emissionTypes;
    expect(emissionTypeFor(types, { carrier: 'district_heating' })).toBe('district_heating');
    for (const c of ['natural_gas', 'heating_oil', 'propane', 'wood_pellets', 'wood_chips']) expect(emissionTypeFor(types, { carrier: c })).toBe('fuel_combustion');
  });
});

describe('refrigerant leaks', () => {
  // GWP-100 of the components (the AR6 values the default factors hold).
  const gwp = (id: number, gas: string, gwp100: number): FactorRow => ({ id, classification: { gas }, values: { gwp100 } });
  const factors = [gwp(20, 'r32', 771), gwp(21, 'r125', 3740), gwp(22, 'r134a', 1530), gwp(23, 'r143a', 5810), gwp(24, 'r1234yf', 0.501), gwp(25, 'sf6', 25200)];
  const leak = (gas: string, leaked_kg: number, rows = factors) => compute('refrigerant', { site: 'Lab', gas, leaked_kg }, rows)[0]!;

  it('R-134a, 0.8 kg: 0.8 × 1,530 = 1,224 kg, scope 1 fugitive emissions, its own row', () => {
    const e = leak('r134a', 0.8);
    expect(e).toMatchObject({ emission_type: 'refrigerant', scope: 1, category: 'fugitive_emissions', quantity: 0.8, quantity_unit: 'kg', factor_id: 22 });
    expect(e.kg_co2eq).toBeCloseTo(1224, 9);
  });

  it('R-410A (R-32/125 50/50): GWP 0.5 × 771 + 0.5 × 3,740 = 2,255.5; 1.2 kg → 2,706.6 kg', () => {
    const e = leak('r410a', 1.2);
    expect(e.meta.gwp100).toBeCloseTo(2255.5, 9);
    expect(e.kg_co2eq).toBeCloseTo(2706.6, 9);
    expect(e.factor_id).toBeNull();
  });

  it('R-404A (R-125/143a/134a 44/52/4): 1,645.6 + 3,021.2 + 61.2 = 4,728; R-407C (R-32/125/134a 23/25/52): 177.33 + 935 + 795.6 = 1,907.93', () => {
    expect(refrigerantGwp('r404a', factors)).toMatchObject({ gwp: expect.closeTo(4728, 9) });
    expect(refrigerantGwp('r407c', factors)).toMatchObject({ gwp: expect.closeTo(1907.93, 9) });
    for (const blend of ['r410a', 'r404a', 'r407c']) expect(Object.values(compositionOf(blend)).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('a blend with a component missing gives no figure, and names the component', () => {
    const e = leak('r404a', 1, factors.filter((f) => f.classification.gas !== 'r143a'));
    expect(e).toMatchObject({ kg_co2eq: null, quantity: 1, meta: { reason: 'no factor gives the GWP of r143a' } });
  });
});
