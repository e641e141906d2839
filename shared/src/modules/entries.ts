// JSON shapes of the carbon accounting API, shared by the BFF presenters and the web client.
import type { SurveyBasis } from './extrapolation';
import type { LocationKind } from './fields';
import type { GhgScope } from './reporting';
import type { ModuleType } from './types';
import type { UncertaintyClass } from './uncertainty';

export const MODULE_STATUSES = ['not_started', 'in_progress', 'validated'] as const;
export type ModuleStatus = (typeof MODULE_STATUSES)[number];

export interface EmissionView {
  emission_type: string;
  scope: GhgScope;
  category: string;
  kg_co2eq: number | null;
  quantity: number | null;
  quantity_unit: string;
  factor_id: number | null;
  meta: Record<string, unknown>;
}

/** A data entry: its fields at the top level, beside these bookkeeping keys. Travel entries
 * also carry `traveler_person_number`, an alias of `traveler_id`. */
export interface DataEntryView {
  id: number;
  module_type: ModuleType;
  data_entry_type: string;
  /** Sum of its emissions; null when no factor applied. */
  kg_co2eq: number | null;
  emissions: EmissionView[];
  source: string;
  created_at: string;
  updated_at: string;
  [field: string]: unknown;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

export const MAX_PAGE_LIMIT = 500;

export const LIST_ORDERS = ['asc', 'desc'] as const;

/** The query of an entry list (`GET …/{module}/{type}`): page (from 1), page size (at most
 * MAX_PAGE_LIMIT), sort key (a sortable field, `id`, `created_at`, `updated_at` or `kg_co2eq`),
 * order and free text. */
export interface ListQuery {
  page: number;
  limit: number;
  sort?: string;
  order: (typeof LIST_ORDERS)[number];
  q?: string;
}

export interface TypeStats {
  kg_co2eq: number;
  entries: number;
  /** Sum of the emission quantities: km for travel, FTE for members. */
  quantity: number;
  /** Entries with no figure (an emission row whose kg is null: no factor for the year, or none
   * that converts the entry's unit); their emissions are not in kg_co2eq. */
  without_factor: number;
}

/** kg CO2e per GHG Protocol scope ("1", "2", "3") and per reporting category: their sums are
 * the total. */
export interface ReportingStats {
  by_scope: Record<`${GhgScope}`, number>;
  by_category: Record<string, number>;
}

export interface ModuleStats extends ReportingStats {
  kg_co2eq: number;
  entries: number;
  /** Entries without a figure (see TypeStats): when not 0, kg_co2eq is incomplete. */
  without_factor: number;
  by_type: Record<string, TypeStats>;
  /** A survey module's basis (registry `extrapolated`): its kg figures above are extrapolated. */
  extrapolation?: SurveyBasis;
}

/** The sum of a module's emission quantities over its entry types (FTE for the people's module). */
export const quantityOf = (stats: ModuleStats | null | undefined): number => Object.values(stats?.by_type ?? {}).reduce((s, t) => s + t.quantity, 0);

export interface ReportStats extends ReportingStats {
  kg_co2eq: number;
  entries: number;
  /** Entries without a figure over every module: when not 0, kg_co2eq is incomplete. */
  without_factor: number;
  by_module: Record<string, { kg_co2eq: number; entries: number; without_factor: number }>;
}

export interface CarbonReportModuleView {
  id: number;
  module_type: ModuleType;
  status: ModuleStatus;
  /** null for users who may see only their own rows of this module. */
  stats: ModuleStats | null;
  updated_at: string;
}

export interface CarbonReportView {
  id: number;
  unit_id: number;
  /** The unit's directory identity, for lists of many units' reports. */
  unit: { institutional_id: string; name: string };
  year: number;
  /** null unless the user may see every module of the unit in full. */
  stats: (ReportStats & { fte: number; kg_co2eq_per_fte: number | null }) | null;
  modules: CarbonReportModuleView[];
}

/** One unit's row of the institution roll-up (GET /api/v1/rollup?year=): its report's totals,
 * or null figures where the reader may not see every module of the unit in full. */
export interface RollupUnit {
  unit_id: number;
  institutional_id: string;
  name: string;
  report_id: number;
  kg_co2eq: number | null;
  fte: number | null;
  kg_co2eq_per_fte: number | null;
  by_scope: Record<`${GhgScope}`, number> | null;
  entries: number | null;
  without_factor: number | null;
  modules: number;
  validated: number;
}

/** The uncertainty of a total (docs/formulas.md, "Uncertainty of the results"), in two figures:
 * the ± the factors' sources state, which covers only the part of the total computed with a row
 * that states one (so it is never the total's own ±), and a range for the whole total, which takes
 * each other row in its factor set's default uncertainty class. Either way, emissions computed
 * with the same factor row add their uncertainties linearly, different rows in quadrature. */
export interface UncertaintyFigure {
  /** The total it is the uncertainty of: the emissions with a figure. */
  kg_co2eq: number;
  /** What the sources state, over the part of the total they cover. */
  stated: {
    /** The kg computed with a factor row that states an uncertainty. */
    covered_kg: number;
    /** `covered_kg` in % of `kg_co2eq`; null when that is 0. */
    covered_pct: number | null;
    /** σ = sqrt(Σ over those rows (uncertainty_pct / 100 × kg computed with the row)²). */
    sigma_kg: number;
    /** σ in % of `covered_kg` (not of the total); null when nothing is covered. */
    sigma_pct: number | null;
  };
  /** The part of `kg_co2eq` no stated uncertainty covers: its factor row publishes none, or it was
   * computed from several rows or none. Never counted as exact. */
  uncovered_kg: number;
  /** `uncovered_kg` by the default class the whole total's range takes it in. */
  uncovered_by_class: Record<UncertaintyClass, number>;
  /** The whole total: the stated uncertainty where there is one, the factor set's default class
   * elsewhere. `low_kg`–`high_kg` is `kg_co2eq` ± `sigma_kg`, the low end never below 0. */
  whole: {
    sigma_kg: number;
    /** σ in % of `kg_co2eq`; null when that is 0. */
    sigma_pct: number | null;
    low_kg: number;
    high_kg: number;
  };
}

/** GET /api/v1/carbon_reports/{id}/uncertainty: the report total's and each module's. */
export interface ReportUncertainty extends UncertaintyFigure {
  report_id: number;
  by_module: Record<string, UncertaintyFigure>;
}

/** A user's own footprint in a report: the emissions of the rows that carry their person number
 * (their member row, their trips), beside the unit's figure per FTE. */
export interface OwnFootprint {
  person_number: number | null;
  kg_co2eq: number;
  entries: number;
  /** Own entries with no figure (no factor): not counted as zero. */
  without_factor: number;
  /** `not_configured`: own entries of an optional set the year has no row of (a member without
   * per-FTE estimates), which add nothing. */
  by_module: Record<string, { kg_co2eq: number; entries: number; not_configured: number }>;
  /** The unit's total per FTE, an aggregate every member of the unit may see. */
  unit_kg_co2eq_per_fte: number | null;
}

/** The module summary (GET …/{module}). */
export interface ModuleSummary {
  unit_id: number;
  year: number;
  carbon_report_id: number;
  module_id: number;
  module_type: ModuleType;
  status: ModuleStatus;
  stats: ModuleStats | null;
  /** Entries per data entry type (own rows only for users restricted to them). */
  entry_counts: Record<string, number>;
  /** The Path 2 pipeline currently recalculating this module, if any. */
  active_pipeline_id: string | null;
  /** The factor sets its entry types read that the year needs rows of: optional sets (empty by
   * design, members' per-FTE estimates) are left out, so a module reading only those needs none. */
  factor_sets_needed: string[];
  /** Those of them that have no factor for the year: all of them means a year nobody gave factors
   * yet (carry an earlier year's over, or upload them). */
  factor_sets_without_factors: string[];
  /** A survey module (registry `extrapolated`): whether the unit takes anonymous responses this
   * year; null for other modules. */
  anonymous_responses: boolean | null;
}

/** The member list: one headcount dropdown item. */
export interface HeadcountMemberItem {
  person_number: number;
  name: string;
}

export interface LocationItem {
  id: number;
  kind: LocationKind;
  /** IATA code for airports, GeoNames id for places. */
  code: string;
  name: string;
  country_code: string;
  lat: number;
  lon: number;
  population?: number | null;
}

/** `GET /modules/{unit}/{year}/{module}/{type}/choices/{field}`: the values a `factorChoices`
 * field may take from the year's factor rows, each with the values of its `match` keys. */
export interface FieldChoices {
  field: string;
  items: Record<string, string>[];
}
