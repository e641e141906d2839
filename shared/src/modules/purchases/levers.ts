// Purchases' reduction lever: less bought, by category. The spend formula is recomputed on the
// smaller amounts with the year's ratios, exchange rates and price indices (leverKit.ts).
import type { LeverDef } from '../leverKit';
import { shareOf } from '../leverKit';
import { PURCHASE_CATEGORIES } from './entryTypes';

/** `cut_pct` less spent in `category` (or in every category: `all`). */
export const purchasesCut: LeverDef = {
  key: 'purchases_cut',
  module: 'purchases',
  entryTypes: ['purchase'],
  params: [
    { key: 'category', kind: 'select', default: 'all', options: ['all', ...PURCHASE_CATEGORIES] },
    { key: 'cut_pct', kind: 'percent', default: 10, min: 0, max: 100 },
  ],
  apply: (row, params) => {
    const cut = shareOf(params, 'cut_pct');
    if (cut === 0 || (params.category !== 'all' && row.data.category !== params.category)) return null;
    return [{ share: 1, type: 'purchase', data: { ...row.data, amount: Number(row.data.amount) * (1 - cut) } }];
  },
};

export const levers: readonly LeverDef[] = [purchasesCut];
