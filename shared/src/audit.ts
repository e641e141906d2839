// The audit trail's vocabulary, shared by the BFF (which writes and serves the lines) and the SPA
// (which filters and words them). One action kind per thing an auditor asks about.
export const AUDIT_ACTIONS = [
  'sign_in',
  'csv_upload',
  'csv_ingest',
  'factor_upload',
  'factor_carry_over',
  'carry_forward',
  'recalculation',
  'job_recover',
  'module_validate',
  'module_reopen',
  'survey_anonymity',
  'unit_sync',
  'role_grant',
  'role_revoke',
  'user_merge',
  'target_set',
  'scenario_save',
  'scenario_delete',
  'plan_adopt',
  'plan_action_add',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One line of GET /api/audit. `details` depends on the action (docs/operations.md, "Reading the
 * audit trail"). */
export interface AuditLine {
  id: number;
  at: string;
  actor_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  action: AuditAction;
  unit_id: number | null;
  unit_name: string | null;
  details: Record<string, unknown>;
}

export interface AuditPage {
  lines: AuditLine[];
  total: number;
  page: number;
  page_size: number;
}

/** Roles an administrator grants and revokes on the access page. */
export const GRANTABLE_ROLES = ['principal', 'backoffice'] as const;
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

/** Where a role comes from: the unit directory (unit sync) or an administrator (this page). */
export type RoleSource = 'directory' | 'manual';

export interface AccessRole {
  role: 'standard' | 'principal' | 'backoffice' | 'admin';
  unit_id: number | null;
  unit_name: string | null;
  source: RoleSource;
  /** The unit directory lists this person as principal of the unit (so a revocation here would
   * not hold: it is refused). */
  in_directory: boolean;
}

export interface AccessUser {
  id: number;
  /** The identity provider the account signs in with: a person whose provider changed its issuer
   * has an account per issuer. */
  iss: string;
  name: string | null;
  email: string | null;
  person_number: number | null;
  /** Its last sign-in (null: never, e.g. an account created from the directory or by a test). */
  last_login_at: string | null;
  /** The other accounts with the same person number or email: most likely the same person under
   * another issuer, to merge (POST /api/access/merge). */
  same_person: number[];
  roles: AccessRole[];
}

/** POST /api/access/merge: `from_user_id` is merged into `into_user_id`, with a reason. */
export interface AccountMerge {
  from_user_id: number;
  into_user_id: number;
  reason: string;
}

/** A principal named by the unit directory who has not signed in yet: the role waits for them. */
export interface WaitingPrincipal {
  person_number: number;
  unit_id: number;
  unit_name: string;
}

export interface AccessOverview {
  users: AccessUser[];
  /** More users match than the answer lists: a search narrows them. */
  more: boolean;
  waiting: WaitingPrincipal[];
}
