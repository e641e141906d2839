// Equipment's reduction lever: devices kept longer. The device formula spreads a device's
// manufacturing footprint over its lifetime, so a longer lifetime gives each year a smaller share
// (leverKit.ts recomputes the unit's own devices with it).
import type { LeverDef } from '../leverKit';
import { factorOf } from '../leverKit';
import { LIFETIME_KEY } from './formulas';

/** Every device in its lifetime this year kept `years` longer than its entry (or its factor row)
 * says. A device already past its lifetime carries nothing this year: lengthening it would add a
 * share back, which is no reduction, so it is left alone. */
export const equipmentLifetime: LeverDef = {
  key: 'equipment_lifetime',
  module: 'equipment',
  entryTypes: ['device'],
  params: [{ key: 'years', kind: 'number', default: 1, min: 0, max: 20 }],
  apply: (row, params, ctx) => {
    const years = Number(params.years);
    if (!(years > 0) || !row.emissions.some((e) => e.kg > 0)) return null;
    const own = typeof row.data.lifetime_years === 'number' ? row.data.lifetime_years : undefined;
    const lifetime = own ?? factorOf(ctx, 'device', { device_type: String(row.data.device_type) })?.values[LIFETIME_KEY];
    if (lifetime === undefined) return null;
    return [{ share: 1, type: 'device', data: { ...row.data, lifetime_years: lifetime + years } }];
  },
};

export const levers: readonly LeverDef[] = [equipmentLifetime];
