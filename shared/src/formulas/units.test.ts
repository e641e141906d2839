// Quantities with units are converted by the factor row's own values (worked cases with numbers
// a fuel factor file could hold), and a missing conversion gives no figure, never a zero.
import { describe, expect, it } from 'vitest';
import type { FactorRow } from '../modules/fields';
import { conversionKey, quantityEmission, toBaseUnit } from './units';

// Natural gas: 0.227 kg CO2e per kWh, 10.5 kWh per m³, 13.1 kWh per kg; no litre conversion.
const gas: FactorRow = { id: 7, classification: { fuel: 'natural_gas' }, values: { kg_co2eq_per_kwh: 0.227, kwh_per_m3: 10.5, kwh_per_kg: 13.1 } };
// Heating oil: 0.324 kg CO2e per kWh, 10 kWh per litre, 11,800 kWh per tonne.
const oil: FactorRow = { id: 8, classification: { fuel: 'heating_oil' }, values: { kg_co2eq_per_kwh: 0.324, kwh_per_litre: 10, kwh_per_tonne: 11_800 } };

describe('toBaseUnit', () => {
  it('names the conversion <base>_per_<unit>', () => {
    expect(conversionKey('kwh', 'm3')).toBe('kwh_per_m3');
  });

  it('multiplies by the row value: 1,200 m³ of gas at 10.5 kWh/m³ is 12,600 kWh', () => {
    expect(toBaseUnit(1200, 'm3', 'kwh', gas.values)).toEqual({ value: 12_600, factor: 10.5 });
  });

  it('needs no conversion for the base unit itself', () => {
    expect(toBaseUnit(500, 'kwh', 'kwh', {})).toEqual({ value: 500, factor: null });
  });

  it('converts nothing without the row value, or with a zero or negative one', () => {
    expect(toBaseUnit(100, 'litre', 'kwh', gas.values)).toEqual({ value: null, reason: 'the factor has no kwh_per_litre: a quantity in litre cannot be converted to kwh' });
    expect(toBaseUnit(100, 'm3', 'kwh', { kwh_per_m3: 0 })).toMatchObject({ value: null });
    expect(toBaseUnit(100, 'm3', 'kwh', { kwh_per_m3: -1 })).toMatchObject({ value: null });
  });
});

describe('quantityEmission', () => {
  const fuel = (quantity: number, unit: string, factor: FactorRow | undefined) => quantityEmission({ quantity, unit, base: 'kwh', valueKey: 'kg_co2eq_per_kwh', factor });

  it('1,200 m³ of natural gas: 12,600 kWh × 0.227 = 2,860.2 kg', () => {
    const e = fuel(1200, 'm3', gas);
    expect(e.kg_co2eq).toBeCloseTo(2860.2, 9);
    expect(e).toMatchObject({ quantity: 12_600, quantity_unit: 'kwh', factor_id: 7 });
    expect(e.meta).toEqual({ quantity: 1200, unit: 'm3', conversion: { key: 'kwh_per_m3', value: 10.5 }, factor: { id: 7, classification: gas.classification, values: gas.values } });
  });

  it('2,000 litres of heating oil: 20,000 kWh × 0.324 = 6,480 kg; 1.5 t: 17,700 kWh → 5,734.8 kg', () => {
    expect(fuel(2000, 'litre', oil).kg_co2eq).toBeCloseTo(6480, 9);
    const tonnes = fuel(1.5, 'tonne', oil);
    expect(tonnes.quantity).toBeCloseTo(17_700, 9);
    expect(tonnes.kg_co2eq).toBeCloseTo(5734.8, 9);
  });

  it('a quantity already in the base unit: 3,000 kWh × 0.227 = 681 kg, no conversion recorded', () => {
    const e = fuel(3000, 'kwh', gas);
    expect(e.kg_co2eq).toBeCloseTo(681, 9);
    expect(e.meta.conversion).toBeNull();
  });

  it('a unit the row cannot convert: no figure (null, not 0), the reason in meta', () => {
    const e = fuel(2000, 'litre', gas);
    expect(e).toMatchObject({ kg_co2eq: null, quantity: null, quantity_unit: 'kwh', factor_id: 7 });
    expect(e.meta.reason).toBe('the factor has no kwh_per_litre: a quantity in litre cannot be converted to kwh');
  });

  it('no factor row, or a row without the emission value: no figure, with the reason', () => {
    expect(fuel(10, 'kwh', undefined)).toMatchObject({ kg_co2eq: null, quantity: null, factor_id: null, meta: { reason: 'no factor applies', factor: null } });
    const partial = fuel(10, 'm3', { id: 9, classification: {}, values: { kwh_per_m3: 10 } });
    expect(partial).toMatchObject({ kg_co2eq: null, quantity: 100, meta: { reason: 'the factor has no kg_co2eq_per_kwh' } });
  });
});
