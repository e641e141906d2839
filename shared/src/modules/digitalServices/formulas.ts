// Digital services. Cloud and computing bills weigh like purchases (../purchases/formulas.ts: amount
// in euros × kg CO2e per euro of the service kind). Computing by use weighs the electricity the
// work drew at the data centre: hours × the power of a core or a GPU (W, a factor row) ÷ 1000,
// or kWh metered by the provider, times the data centre's PUE (the provider's, else the default
// factor row's), times the grid factor of the country it ran in (formulas/grid.ts). AI services
// weigh their requests × the provider's kg CO2e per request, or × its Wh per request × a grid
// factor. Every figure comes from a factor row
// or from the entry; a missing one gives no figure (null, with the reason), never a zero.
import { GRID_KEY } from '../../formulas/grid';
import { REASON_SEPARATOR, reasonText } from '../../formulas/reasons';
import type { EmissionRow, FactorRow } from '../fields';

/** Value key of the compute set: W drawn per core (CPUs) or per GPU. */
export const WATTS_KEY = 'watts';
/** The module's set of default data-centre PUEs, and its value key and only row's key. */
export const PUE_SET = 'data_centre_pue';
export const PUE_KEY = 'pue';
export const PUE_BASES = ['industry_average'] as const;
/** Value keys of the AI services set: what the provider published per request (prompt), its
 * emissions or its energy. */
export const PER_REQUEST = 'kg_co2eq_per_request';
export const WH_PER_REQUEST = 'wh_per_request';

/** What a computing entry counts: core-hours of a CPU, GPU-hours of a GPU model, or the kWh the
 * provider metered for the servers (before the data centre's overhead). */
export const COMPUTE_RESOURCES = ['cpu_core_any', 'gpu_any', 'gpu_nvidia_a100_pcie_40gb', 'gpu_nvidia_a100_pcie_80gb', 'gpu_nvidia_v100', 'gpu_nvidia_t4', 'metered_kwh'] as const;
export const METERED = 'metered_kwh';
/** The resources counted in hours, each with a power in the compute set. */
export const POWERED_RESOURCES = COMPUTE_RESOURCES.filter((r) => r !== METERED);

const summary = (f: FactorRow | undefined) => (f ? { id: f.id, classification: f.classification, values: f.values } : null);
const finite = (v: number | undefined): v is number => v !== undefined && Number.isFinite(v);

export interface ComputeInput {
  resource: string;
  /** Core-hours, GPU-hours or kWh, as `resource` says. */
  quantity: number;
  /** The provider's PUE, when the entry gives one. */
  pue: number | undefined;
  /** The compute set's rows (power per resource). */
  powers: readonly FactorRow[];
  /** The default PUE row, if any. */
  defaultPue: FactorRow | undefined;
  /** The grid row of the country the work ran in, if any. */
  grid: FactorRow | undefined;
}

/** kWh = (hours × W ÷ 1000, or metered kWh) × PUE; kg = kWh × the grid's kg CO2e per kWh.
 * quantity = the kWh with the PUE (what the data centre drew), when it can be known. */
export function computeUseEmission({ resource, quantity, pue, powers, defaultPue, grid }: ComputeInput): Omit<EmissionRow, 'emission_type'> {
  const power = resource === METERED ? undefined : powers.find((r) => r.classification.resource === resource);
  const watts = power?.values[WATTS_KEY];
  const itKwh = resource === METERED ? quantity : finite(watts) ? (quantity * watts) / 1000 : null;
  const pueUsed = pue ?? defaultPue?.values[PUE_KEY];
  const perKwh = grid?.values[GRID_KEY];
  const meta: Record<string, unknown> = {
    resource,
    quantity,
    watts: watts ?? null,
    it_kwh: itKwh,
    pue: pueUsed ?? null,
    pue_from: pue === undefined ? 'factor' : 'entry',
    power: summary(power),
    default_pue: pue === undefined ? summary(defaultPue) : null,
    grid: summary(grid),
  };
  const reasons = [
    ...(itKwh === null ? [reasonText('no_power', { resource })] : []),
    ...(finite(pueUsed) && pueUsed > 0 ? [] : [reasonText('no_pue')]),
    ...(finite(perKwh) ? [] : [reasonText('no_grid_factor')]),
  ];
  const kwh = itKwh !== null && finite(pueUsed) && pueUsed > 0 ? itKwh * pueUsed : null;
  if (reasons.length || kwh === null || !finite(perKwh)) {
    return { kg_co2eq: null, quantity: kwh, quantity_unit: 'kwh', factor_id: grid?.id ?? null, meta: { ...meta, reason: reasons.join(REASON_SEPARATOR) } };
  }
  return { kg_co2eq: kwh * perKwh, quantity: kwh, quantity_unit: 'kwh', factor_id: grid!.id, meta: { ...meta, kwh, kg_co2eq_per_kwh: perKwh } };
}

/**
 * An AI service by its requests (prompts) in the year, with the figure its provider published per
 * request: kg CO2e per request where it publishes one (a life-cycle assessment), else the energy
 * per request (Wh) × the grid factor of the country given (the world average's without one).
 * quantity = the requests.
 */
export function aiServiceEmission({ requests, service, factors, grid }: { requests: number; service: string; factors: readonly FactorRow[]; grid: FactorRow | undefined }): Omit<EmissionRow, 'emission_type'> {
  const row = factors.find((r) => r.classification.service === service);
  const perRequest = row?.values[PER_REQUEST];
  const wh = row?.values[WH_PER_REQUEST];
  const perKwh = grid?.values[GRID_KEY];
  const base = { quantity: requests, quantity_unit: 'item' };
  const meta = { requests, service, factor: summary(row) };
  if (finite(perRequest)) return { ...base, kg_co2eq: requests * perRequest, factor_id: row!.id, meta: { ...meta, kg_co2eq_per_request: perRequest } };
  if (!finite(wh)) return { ...base, kg_co2eq: null, factor_id: row?.id ?? null, meta: { ...meta, reason: reasonText('no_factor') } };
  const kwh = (requests * wh) / 1000;
  if (!finite(perKwh)) return { ...base, kg_co2eq: null, factor_id: row!.id, meta: { ...meta, kwh, grid: summary(grid), reason: reasonText('no_grid_factor') } };
  return { ...base, kg_co2eq: kwh * perKwh, factor_id: row!.id, meta: { ...meta, wh_per_request: wh, kwh, grid: summary(grid), kg_co2eq_per_kwh: perKwh } };
}
