// Commuting's reduction lever: a share of the car commuters taking another mode, or sharing their
// car. The commute formula recomputes the unit's own responses with the new mode (leverKit.ts);
// the survey's extrapolation to the unit applies to the change as to the total.
import type { LeverDef } from '../leverKit';
import { shareOf } from '../leverKit';

const CARPOOL = 'carpool';
const isCar = (mode: unknown) => typeof mode === 'string' && mode.startsWith('car_');

/** `share_pct` of those who commute by car taking `to` instead (or sharing the car with
 * `occupancy` people in all), for the car parts of their commute. */
export const commuteShift: LeverDef = {
  key: 'commute_shift',
  module: 'commuting',
  entryTypes: ['commute'],
  params: [
    { key: 'share_pct', kind: 'percent', default: 20, min: 0, max: 100 },
    { key: 'to', kind: 'select', default: 'bike', options: ['bike', 'ebike', 'bus', 'tram_metro', 'train', CARPOOL] },
    { key: 'occupancy', kind: 'number', default: 2, min: 2, max: 9 },
  ],
  apply: (row, params) => {
    const d = row.data;
    if (!isCar(d.mode) && !isCar(d.second_mode)) return null;
    const data = { ...d };
    if (params.to === CARPOOL) {
      const current = typeof d.occupancy === 'number' ? d.occupancy : 1;
      const occupancy = Math.max(current, Number(params.occupancy));
      if (occupancy === current) return null;
      data.occupancy = occupancy;
    } else {
      if (isCar(d.mode)) data.mode = params.to;
      if (isCar(d.second_mode)) data.second_mode = params.to;
    }
    return [{ share: shareOf(params), type: 'commute', data }];
  },
};

export const levers: readonly LeverDef[] = [commuteShift];
