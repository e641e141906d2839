// Purchases, spend-based: what was paid, turned into euros with the year's exchange rate, brought
// to the euros of the year the ratio is expressed in with a price index, times the kg CO2e per
// euro of the purchase's category (or of its NACRES code, when given and published). Every figure
// comes from a factor row (the ratio, the currency's rate, the price indices); only the euro
// itself needs no rate. A missing rate, ratio or index gives no figure (null, with the reason),
// never a zero.
import { REASON_SEPARATOR, reasonText } from '../../formulas/reasons';
import type { EmissionRow, FactorRow } from '../fields';

/** The currency every monetary ratio is per, and that needs no exchange rate. */
export const BASE_CURRENCY = 'EUR';
/** Currencies a purchase may be paid in: the euro, then those with a rate in the `exchange_rate` set. */
export const CURRENCIES = ['EUR', 'CHF', 'USD', 'GBP'] as const;
/** Value keys of the sets a purchase reads. */
export const PER_EUR = 'kg_co2eq_per_eur';
export const EUR_PER_UNIT = 'eur_per_unit';
/** A ratio's optional value: the year of the euros it is per (2019 for 2019 euros). */
export const CURRENCY_YEAR = 'currency_year';
/** The factor set of exchange rates (currency → euros per unit), declared by the purchases module. */
export const EXCHANGE_RATE_SET = 'exchange_rate';
/** The factor set of a price index (euro area HICP by year), declared by the purchases module: its
 * rows are the index's yearly series, each keyed by the year it is of. */
export const PRICE_INDEX_SET = 'price_index';
export const INDEX_YEAR = 'index_year';
export const HICP = 'hicp';
/** The factor set of ratios by NACRES code (the French research purchase nomenclature). */
export const NACRES_SET = 'purchase_nacres';
export const NACRES_KEY = 'nacres_code';
export const NACRES_PATTERN = /^[A-Za-z]{2}\d{2}$/;

export interface SpendInput {
  amount: number;
  currency: string;
  /** The report's year: the year of the euros paid. */
  year: number;
  /** The monetary ratio row that applies (kg CO2e per euro), if any. */
  ratio: FactorRow | undefined;
  /** The exchange rate set's rows of the year (one per currency). */
  rates: readonly FactorRow[];
  /** The price index set's rows of the year (one per index year). */
  indices: readonly FactorRow[];
}

export interface PurchaseInput extends Omit<SpendInput, 'ratio'> {
  category: string;
  nacresCode: string | undefined;
  /** The purchase set's rows of the year (one per category). */
  ratios: readonly FactorRow[];
  /** The NACRES set's rows of the year (one per code). */
  nacresRatios: readonly FactorRow[];
}

const summary = (f: FactorRow | undefined) => (f ? { id: f.id, classification: f.classification, values: f.values } : null);
const indexRow = (indices: readonly FactorRow[], year: number) => indices.find((r) => r.classification[INDEX_YEAR] === String(year) && (r.values[HICP] ?? 0) > 0);

/**
 * The price index rows that bring euros of `year` to euros of `currencyYear`: the index of the
 * currency year, and the report year's own, else the latest before it (a year's annual average
 * is published the next January: said in the meta). undefined when either is missing.
 */
function indexPair(indices: readonly FactorRow[], year: number, currencyYear: number): { from: FactorRow; to: FactorRow } | undefined {
  const to = indexRow(indices, currencyYear);
  const earlier = indices
    .filter((r) => Number(r.classification[INDEX_YEAR]) <= year && (r.values[HICP] ?? 0) > 0)
    .sort((a, b) => Number(b.classification[INDEX_YEAR]) - Number(a.classification[INDEX_YEAR]));
  const from = indexRow(indices, year) ?? earlier[0];
  return to && from ? { from, to } : undefined;
}

/** Any spend-based figure (a purchase, a cloud bill): kg = amount × eur_per_unit(currency) ×
 * (index of the ratio's currency year ÷ index of the report's year, when the ratio names its
 * currency year) × kg_co2eq_per_eur(ratio); quantity = the amount in euros as paid. */
export function spendEmission({ amount, currency, year, ratio, rates, indices }: SpendInput): Omit<EmissionRow, 'emission_type'> {
  const rate = currency === BASE_CURRENCY ? undefined : rates.find((r) => r.classification.currency === currency);
  const eurPerUnit = currency === BASE_CURRENCY ? 1 : rate?.values[EUR_PER_UNIT];
  const meta: Record<string, unknown> = { amount, currency, ratio: summary(ratio), rate: summary(rate) };
  const validRate = eurPerUnit !== undefined && Number.isFinite(eurPerUnit) && eurPerUnit > 0;
  const eur = validRate ? amount * eurPerUnit : null;
  const perEur = ratio?.values[PER_EUR];
  const currencyYear = ratio?.values[CURRENCY_YEAR];
  const deflate = currencyYear !== undefined && currencyYear !== year ? indexPair(indices, year, currencyYear) : undefined;
  const reasons = [
    ...(validRate ? [] : [reasonText('no_exchange_rate', { currency })]),
    ...(perEur === undefined || !Number.isFinite(perEur) ? [reasonText('no_factor')] : []),
    ...(currencyYear !== undefined && currencyYear !== year && !deflate ? [reasonText('no_price_index', { year: indexRow(indices, currencyYear) ? year : currencyYear })] : []),
  ];
  if (reasons.length || eur === null || perEur === undefined) {
    return { kg_co2eq: null, quantity: eur, quantity_unit: 'eur', factor_id: ratio?.id ?? null, meta: { ...meta, reason: reasons.join(REASON_SEPARATOR) } };
  }
  if (!deflate) return { kg_co2eq: eur * perEur, quantity: eur, quantity_unit: 'eur', factor_id: ratio!.id, meta: { ...meta, eur } };
  const factor = deflate.to.values[HICP]! / deflate.from.values[HICP]!;
  const eurThen = eur * factor;
  return {
    kg_co2eq: eurThen * perEur,
    quantity: eur,
    quantity_unit: 'eur',
    factor_id: ratio!.id,
    meta: {
      ...meta,
      eur,
      currency_year: currencyYear,
      eur_of_currency_year: eurThen,
      price_index_from: summary(deflate.from),
      price_index_to: summary(deflate.to),
    },
  };
}

/** A purchase: the spend figure with its NACRES code's ratio when given and published, else its
 * category's (the meta says which, and that a code was not found). */
export function purchaseEmission({ category, nacresCode, ratios, nacresRatios, ...spend }: PurchaseInput): Omit<EmissionRow, 'emission_type'> {
  const code = nacresCode?.trim().toUpperCase() || undefined;
  const byCode = code ? nacresRatios.find((r) => r.classification[NACRES_KEY] === code) : undefined;
  const ratio = byCode ?? ratios.find((r) => r.classification.category === category);
  const e = spendEmission({ ...spend, ratio });
  return { ...e, meta: { ...e.meta, category, ...(code ? { nacres_code: code, ratio_of: byCode ? 'nacres_code' : 'category' } : {}) } };
}
