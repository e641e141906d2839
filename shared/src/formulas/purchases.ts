// Purchases, spend-based: what was paid, turned into euros with the year's exchange rate, times
// the kg CO2e per euro of the purchase's category. Every figure comes from a factor row (the
// category's ratio, the currency's rate); only the euro itself needs no rate. A missing rate or
// ratio gives no figure (null, with the reason), never a zero.
import { REASON_SEPARATOR, reasonText } from './reasons';
import type { EmissionRow, FactorRow } from '../modules/fields';

/** The currency every monetary ratio is per, and that needs no exchange rate. */
export const BASE_CURRENCY = 'EUR';
/** Currencies a purchase may be paid in: the euro, then those with a rate in the `exchange_rate` set. */
export const CURRENCIES = ['EUR', 'CHF', 'USD', 'GBP'] as const;
/** Value keys of the two sets a purchase reads. */
export const PER_EUR = 'kg_co2eq_per_eur';
export const EUR_PER_UNIT = 'eur_per_unit';
/** The factor set of exchange rates (currency → euros per unit), declared by the purchases module. */
export const EXCHANGE_RATE_SET = 'exchange_rate';

export interface SpendInput {
  amount: number;
  currency: string;
  /** The monetary ratio row that applies (kg CO2e per euro), if any. */
  ratio: FactorRow | undefined;
  /** The exchange rate set's rows of the year (one per currency). */
  rates: readonly FactorRow[];
}

export interface PurchaseInput extends Omit<SpendInput, 'ratio'> {
  category: string;
  /** The purchase set's rows of the year (one per category). */
  ratios: readonly FactorRow[];
}

const summary = (f: FactorRow | undefined) => (f ? { id: f.id, classification: f.classification, values: f.values } : null);

/** Any spend-based figure (a purchase, a cloud bill): kg = amount × eur_per_unit(currency) ×
 * kg_co2eq_per_eur(ratio); quantity = the amount in euros. */
export function spendEmission({ amount, currency, ratio, rates }: SpendInput): Omit<EmissionRow, 'emission_type'> {
  const rate = currency === BASE_CURRENCY ? undefined : rates.find((r) => r.classification.currency === currency);
  const eurPerUnit = currency === BASE_CURRENCY ? 1 : rate?.values[EUR_PER_UNIT];
  const meta = { amount, currency, ratio: summary(ratio), rate: summary(rate) };
  const validRate = eurPerUnit !== undefined && Number.isFinite(eurPerUnit) && eurPerUnit > 0;
  const eur = validRate ? amount * eurPerUnit : null;
  const perEur = ratio?.values[PER_EUR];
  const reasons = [
    ...(validRate ? [] : [reasonText('no_exchange_rate', { currency })]),
    ...(perEur === undefined || !Number.isFinite(perEur) ? [reasonText('no_factor')] : []),
  ];
  if (reasons.length || eur === null || perEur === undefined) {
    return { kg_co2eq: null, quantity: eur, quantity_unit: 'eur', factor_id: ratio?.id ?? null, meta: { ...meta, reason: reasons.join(REASON_SEPARATOR) } };
  }
  return { kg_co2eq: eur * perEur, quantity: eur, quantity_unit: 'eur', factor_id: ratio!.id, meta: { ...meta, eur } };
}

/** A purchase: the spend figure with its category's ratio. */
export function purchaseEmission({ category, ratios, ...spend }: PurchaseInput): Omit<EmissionRow, 'emission_type'> {
  const e = spendEmission({ ...spend, ratio: ratios.find((r) => r.classification.category === category) });
  return { ...e, meta: { ...e.meta, category } };
}
