// Buildings' reduction levers: another heating carrier, a renewable electricity contract, and
// less energy used. Each recomputes the unit's own energy rows with the heating or electricity
// formula and the year's factors (leverKit.ts).
import type { LeverContext, LeverDef, LeverParams } from '../leverKit';
import { factorOf, shareOf } from '../leverKit';
import { ELECTRICITY_SUPPLIES, ENERGY_CARRIERS } from './entryTypes';

/** A heat pump runs on electricity, `heat ÷ COP`: without a COP in the factor library (it has
 * none today) the switch cannot be computed, and the lever says so rather than guess one. */
export const HEAT_PUMP = 'heat_pump';
const HEAT_PUMP_COP = 'cop';

function heatPumpCop(ctx: LeverContext): number | undefined {
  return factorOf(ctx, 'heating', { carrier: HEAT_PUMP })?.values[HEAT_PUMP_COP];
}

/** `share_pct` of the heat from carrier `from` supplied by carrier `to`: the same kWh (the
 * stored figure's quantity, in the formula's base unit) with the other carrier's factor. */
export const heatingSwitch: LeverDef = {
  key: 'heating_switch',
  module: 'buildings',
  entryTypes: ['heating'],
  params: [
    { key: 'from', kind: 'select', default: 'natural_gas', options: ENERGY_CARRIERS },
    { key: 'to', kind: 'select', default: 'district_heating', options: [...ENERGY_CARRIERS, HEAT_PUMP] },
    { key: 'share_pct', kind: 'percent', default: 100, min: 0, max: 100 },
  ],
  unsupported: (params, ctx) => {
    if (params.to === HEAT_PUMP) return heatPumpCop(ctx) === undefined ? 'no_heat_pump_factor' : null;
    return factorOf(ctx, 'heating', { carrier: String(params.to) }) ? null : 'no_factor';
  },
  apply: (row, params) => {
    if (row.data.carrier !== params.from || params.to === params.from) return null;
    const e = row.emissions[0];
    if (!e || e.quantity === null || e.quantity_unit !== 'kwh' || row.weight <= 0) return null;
    const kwh = e.quantity / row.weight;
    return [{ share: shareOf(params), type: 'heating', data: { ...row.data, carrier: params.to, quantity: kwh, quantity_unit: 'kwh' } }];
  },
};

const SUPPLIER_SPECIFIC = ELECTRICITY_SUPPLIES[1];

/** The supplier-specific (market-based) row the contract would use: the one named `mix`, or the
 * year's first. The library holds grid mixes only: without an uploaded supplier factor there is
 * nothing to compute with. */
function contractRow(params: LeverParams, ctx: LeverContext) {
  const rows = (ctx.factorSets.electricity ?? []).filter((f) => f.classification.supply === SUPPLIER_SPECIFIC);
  const wanted = String(params.mix ?? '').trim().toLowerCase();
  return wanted ? rows.find((f) => f.classification.mix?.trim().toLowerCase() === wanted) : rows[0];
}

/** `share_pct` of the grid electricity bought under a renewable contract (market-based), next to
 * the location-based figure the results keep. */
export const renewableElectricity: LeverDef = {
  key: 'renewable_electricity',
  module: 'buildings',
  entryTypes: ['electricity'],
  params: [
    { key: 'share_pct', kind: 'percent', default: 100, min: 0, max: 100 },
    { key: 'mix', kind: 'select', default: '' },
  ],
  unsupported: (params, ctx) => (contractRow(params, ctx) ? null : 'no_market_based_factor'),
  apply: (row, params, ctx) => {
    const contract = contractRow(params, ctx);
    if (!contract || row.data.supply === SUPPLIER_SPECIFIC) return null;
    return [{ share: shareOf(params), type: 'electricity', data: { ...row.data, supply: SUPPLIER_SPECIFIC, mix: contract.classification.mix } }];
  },
};

/** Quantity fields of the energy rows. */
const QUANTITY_OF: Record<string, string> = { electricity: 'consumption', heating: 'quantity' };

/** `cut_pct` less electricity and heating used: every energy row's quantity reduced and recomputed. */
export const energyCut: LeverDef = {
  key: 'energy_cut',
  module: 'buildings',
  entryTypes: ['electricity', 'heating'],
  params: [{ key: 'cut_pct', kind: 'percent', default: 10, min: 0, max: 100 }],
  apply: (row, params) => {
    const field = QUANTITY_OF[row.type]!;
    const cut = shareOf(params, 'cut_pct');
    if (cut === 0) return null;
    return [{ share: 1, type: row.type, data: { ...row.data, [field]: Number(row.data[field]) * (1 - cut) } }];
  },
};

export const levers: readonly LeverDef[] = [heatingSwitch, renewableElectricity, energyCut];
