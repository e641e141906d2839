// Quantities given in a unit (a fuel in m³, litres or kWh): converted to the unit a factor is
// expressed in with the conversion values of the factor row itself (`kwh_per_m3`,
// `kwh_per_litre`…), never with constants of the code: a litre of heating oil and a litre of
// diesel hold different energies, and the operator's factor file says which. A unit the row has
// no conversion for gives no figure (null, with the reason), never a zero.
import { reasonText } from './reasons';
import type { FactorRow } from '../modules/fields';

/** The value key of a factor row converting `unit` into `base`: `<base>_per_<unit>`. */
export const conversionKey = (base: string, unit: string): string => `${base}_per_${unit}`;

export type Conversion = { value: number; factor: number | null } | { value: null; reason: string };

/** `quantity` in `unit`, expressed in `base` with the row's `<base>_per_<unit>` (none needed when
 * the unit is the base). A missing, zero or negative conversion converts nothing. */
export function toBaseUnit(quantity: number, unit: string, base: string, values: Readonly<Record<string, number>>): Conversion {
  if (unit === base) return { value: quantity, factor: null };
  const key = conversionKey(base, unit);
  const per = values[key];
  if (per === undefined || !Number.isFinite(per) || per <= 0) return { value: null, reason: reasonText('no_conversion', { key, unit, base }) };
  return { value: quantity * per, factor: per };
}

export interface QuantityInput {
  quantity: number;
  unit: string;
  /** The unit the factor's emission value is per (`kwh` for `kg_co2eq_per_kwh`). */
  base: string;
  /** The emission value key of the row: kg CO2e per base unit. */
  valueKey: string;
  /** The factor row that applies, if any: holds the emission value and the conversions. */
  factor: FactorRow | undefined;
}

/** An emission row's figures for a quantity: kg CO2e and the quantity in the base unit, or nulls
 * with the reason in `meta.reason`. */
export interface QuantityEmission {
  kg_co2eq: number | null;
  quantity: number | null;
  quantity_unit: string;
  factor_id: number | null;
  meta: {
    quantity: number;
    unit: string;
    conversion: { key: string; value: number } | null;
    factor: Pick<FactorRow, 'id' | 'classification' | 'values'> | null;
    reason?: string;
  };
}

export function quantityEmission({ quantity, unit, base, valueKey, factor }: QuantityInput): QuantityEmission {
  const meta: QuantityEmission['meta'] = { quantity, unit, conversion: null, factor: factor ? { id: factor.id, classification: factor.classification, values: factor.values } : null };
  const none = (reason: string): QuantityEmission => ({ kg_co2eq: null, quantity: null, quantity_unit: base, factor_id: factor?.id ?? null, meta: { ...meta, reason } });
  if (!factor) return none(reasonText('no_factor'));
  const converted = toBaseUnit(quantity, unit, base, factor.values);
  if (converted.value === null) return none(converted.reason);
  if (converted.factor !== null) meta.conversion = { key: conversionKey(base, unit), value: converted.factor };
  const perBase = factor.values[valueKey];
  if (perBase === undefined || !Number.isFinite(perBase)) return { ...none(reasonText('no_value', { key: valueKey })), quantity: converted.value };
  return { kg_co2eq: converted.value * perBase, quantity: converted.value, quantity_unit: base, factor_id: factor.id, meta };
}
