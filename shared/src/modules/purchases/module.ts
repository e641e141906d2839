// The module's light descriptor, which the catalogue (../catalogue.ts) lists: no entry type and
// no formula, so that screens listing modules stay small. Its entry types are in entryTypes.ts.
// Only the names of its sets come from the formulas (constants: the bundler keeps no code of them).
import { BASE_CURRENCY, CURRENCIES, CURRENCY_YEAR, EUR_PER_UNIT, EXCHANGE_RATE_SET, HICP, INDEX_YEAR, NACRES_KEY, NACRES_SET, PER_EUR, PRICE_INDEX_SET } from './formulas';
import type { ModuleDef } from '../fields';

export const purchasesModule: ModuleDef<'purchases'> = {
  type: 'purchases',
  slug: 'purchases',
  i18nKey: 'modules.purchases.title',
  entryTypes: ['purchase'],
  // The unit's purchases, not any one person's.
  ownRows: [],
  summary: 'emissions',
  factorSets: [
    {
      name: EXCHANGE_RATE_SET,
      i18nKey: `modules.purchases.factorSets.${EXCHANGE_RATE_SET}`,
      keys: ['currency'],
      values: [EUR_PER_UNIT],
      // The euro needs no rate; the others are the currencies a purchase may be paid in.
      options: { currency: CURRENCIES.filter((c) => c !== BASE_CURRENCY) },
      uncertaintyClass: 'low',
    },
    {
      // A price index's yearly series (euro area HICP): the same rows in every year's set.
      name: PRICE_INDEX_SET,
      i18nKey: `modules.purchases.factorSets.${PRICE_INDEX_SET}`,
      keys: [INDEX_YEAR],
      values: [HICP],
      patterns: { [INDEX_YEAR]: { pattern: /^(19|20)\d{2}$/, hint: 'must be a year (2019)' } },
      coverage: { yearKey: INDEX_YEAR },
      // A published statistical index: it moves an amount by a few % at most.
      uncertaintyClass: 'low',
    },
    {
      name: NACRES_SET,
      i18nKey: `modules.purchases.factorSets.${NACRES_SET}`,
      keys: [NACRES_KEY],
      values: [PER_EUR],
      optionalValues: [CURRENCY_YEAR],
      patterns: { [NACRES_KEY]: { pattern: /^[A-Z]{2}\d{2}$/, hint: 'must be a NACRES code in capitals: two letters and two digits (NB13)' } },
      // Monetary ratios, as the categories'.
      uncertaintyClass: 'high',
    },
  ],
};
