// The results of a unit's year (GET /api/v1/carbon_reports/{id}/results): its totals broken down
// by module, GHG scope, reporting category and entry type, each with the entries behind it and
// those without a figure; which modules are empty or not validated; and the ratios per FTE, per
// person and per FTE by position category. Computed by bff/src/domain/results/.
import type { ModuleStatus } from './entries';
import type { SurveyBasis } from './extrapolation';
import type { ModuleType } from './types';

/** A figure and what it lacks: `entries` behind it, `without_factor` of them with no figure (no
 * factor for the year), whose emissions `kg_co2eq` therefore does not hold. */
export interface ResultFigure {
  kg_co2eq: number;
  entries: number;
  without_factor: number;
}

/** The key of members without a position category in `by_position`. */
export const UNSPECIFIED_POSITION = 'unspecified';

/** What the members of one position category weigh: their own emission rows (per-FTE estimates)
 * and the rows linked to them by person number (their trips), over their FTE. */
export interface PositionFigure extends ResultFigure {
  /** Members of the category, and the sum of their FTE. */
  head_count: number;
  fte: number;
  /** kg_co2eq / fte; null when the category has no FTE. */
  kg_co2eq_per_fte: number | null;
}

export interface UnitResults {
  report_id: number;
  unit_id: number;
  year: number;
  total: ResultFigure;
  /** Sum of the members' FTE, and the number of members (people). */
  fte: number;
  head_count: number;
  /** Total per FTE and per person; null without FTE or people. */
  kg_co2eq_per_fte: number | null;
  kg_co2eq_per_person: number | null;
  /** Every module of the report, in registry order, with its status. */
  /** A survey module's figures are extrapolated to the unit (`extrapolation` says on what). */
  by_module: Record<string, ResultFigure & { status: ModuleStatus; extrapolation?: SurveyBasis }>;
  /** "1", "2", "3": every scope, zeros included. */
  by_scope: Record<string, ResultFigure>;
  /** Every category the registry's emission types report under, zeros included, in report order. */
  by_category: Record<string, ResultFigure>;
  /** Every entry type, with its module. */
  by_type: Record<string, ResultFigure & { module: ModuleType }>;
  /** Modules without any entry (they count for nothing), and modules not validated yet. */
  modules_empty: ModuleType[];
  modules_not_validated: ModuleType[];
  /** Per position category (and `unspecified`), what its members weigh; `unattributed`: the rest
   * of the total, linked to no member (buildings, equipment, purchases, digital services,
   * unlinked rows). */
  by_position: Record<string, PositionFigure>;
  unattributed: ResultFigure;
}

/** GET /api/v1/carbon_reports/{id}/factor_origins: what the report's total rests on — factors of
 * the library only, an operator's (uploaded or carried over), or none — survey modules
 * extrapolated as in the results. */
export interface FactorOrigins {
  report_id: number;
  library: { kg_co2eq: number; entries: number };
  operator: { kg_co2eq: number; entries: number };
  /** Entries without a figure: not in either kg. */
  without_factor: number;
}
