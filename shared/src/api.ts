// Shapes of the JSON the BFF answers with, shared by the BFF presenters and the SPA client.
import type { ErrorCode, ErrorParamValues } from './errors';
import type { PermissionMap, Role } from './permissions';
import type { EmissionView } from './modules/entries';
import type { ModuleType } from './modules/types';
import type { FactorBoundary } from './modules/csvColumns';
import type { FactorOrigin } from './modules/factorLibrary';

/** An error answer: `detail` in English for API clients and logs; `code` and `params` (see
 * errors.ts) for clients that word it themselves. Each field issue has its own. */
export interface ApiError {
  detail: string;
  code?: ErrorCode;
  params?: ErrorParamValues;
  errors?: { field?: string; row?: number; column?: string; message: string; code?: ErrorCode; params?: ErrorParamValues }[];
}

export interface SessionUser {
  id: number;
  sub: string;
  email: string | null;
  name: string | null;
  person_number: number | null;
}

/** The id of the `<script type="application/json">` block in which the BFF writes the session
 * state into index.html (`{ "session": SessionState | null }`), read once by the SPA at start. */
export const SESSION_STATE_ELEMENT_ID = 'session-state';

export interface SessionState {
  user: SessionUser;
  roles: { role: Role; unit_id: number | null }[];
  permissions: PermissionMap;
  idle_expires_at: string;
  absolute_expires_at: string;
}

export interface UnitSummary {
  id: number;
  institutional_id: string;
  name: string;
  parent_id: number | null;
  is_active: boolean;
  years: number[];
  /** Those of `years` whose report holds entries (a report made ahead by a unit sync has none). */
  years_with_entries: number[];
}

/** A factor as GET /api/factors answers it. */
export interface FactorView {
  id: number;
  /** The factor set it belongs to (an entry type's own set bears the type's name). */
  data_entry_type: string;
  year: number;
  classification: Record<string, string>;
  values: Record<string, number>;
  /** The ± uncertainty its source states, in % of the value; null: none published. */
  uncertainty_pct: number | null;
  /** The year of its source's edition; null: not said. */
  edition?: number | null;
  /** What its value counts (FACTOR_BOUNDARIES); null: not said, or not a matter of boundary. */
  boundary?: FactorBoundary | null;
  /** Shipped in the factor library, uploaded by an operator, or carried over by one. */
  origin?: FactorOrigin;
  source: string;
  last_seen_job_id: number | null;
  /** Contained in the latest successful factor upload of its set and year (true when there was
   * no upload yet: nothing to compare with). */
  in_latest_upload: boolean;
  updated_at: string;
}

/** A factor row as the method reads answer it: what a figure was read from, or a row of the
 * year's sets. Columns the factors table gains later (an uncertainty) come along as they are. */
export interface MethodFactor {
  id: number;
  /** The factor set it belongs to. */
  set: string;
  year: number;
  classification: Record<string, string>;
  values: Record<string, number>;
  source: string;
  uncertainty_pct?: number | null;
  edition?: number | null;
  boundary?: FactorBoundary | null;
  origin?: FactorOrigin;
  [column: string]: unknown;
}

/** One emission row of an entry with the factor rows its figure was read from (those its meta
 * names that still exist; a deleted factor leaves only its copy in meta). */
export interface EmissionExplanation extends EmissionView {
  factors: MethodFactor[];
}

/** GET …/{entry}/emissions: how an entry's emissions were computed. */
export interface EntryEmissions {
  entry_id: number;
  module_type: ModuleType;
  data_entry_type: string;
  year: number;
  kg_co2eq: number | null;
  emissions: EmissionExplanation[];
}

/** GET /api/v1/units/{unit}/years/{year}/factors: every factor set of the registry with its rows
 * for the year (none: no factor for the year). */
export interface YearFactors {
  unit_id: number;
  year: number;
  factor_sets: { name: string; factors: MethodFactor[] }[];
}
