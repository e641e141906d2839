// Typed calls to the audit trail (/api/audit, back-office and administrators) and to access
// management (/api/access, administrators).
import type { AccessOverview, AccessUser, AccountMerge, AuditAction, AuditPage, GrantableRole } from '@carbon/shared';
import { api } from './client';

export interface AuditFilters {
  action?: AuditAction | null;
  actor?: string | null;
  unitId?: number | null;
  /** UTC days, YYYY-MM-DD, both included. */
  from?: string | null;
  to?: string | null;
}

/** The query string the list and the export share (empty filters left out). */
export function auditQuery(f: AuditFilters): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.action) q.action = f.action;
  if (f.actor?.trim()) q.actor = f.actor.trim();
  if (f.unitId) q.unit_id = String(f.unitId);
  if (f.from) q.from = f.from;
  if (f.to) q.to = f.to;
  return q;
}

export async function fetchAudit(filters: AuditFilters, page: number, pageSize: number): Promise<AuditPage> {
  return (await api.get<AuditPage>('/audit', { params: { ...auditQuery(filters), page, page_size: pageSize } })).data;
}

/** Where the browser downloads the CSV of the lines the filters select (a plain link: the
 * session cookie goes with it). */
export function auditExportUrl(filters: AuditFilters): string {
  const q = new URLSearchParams(auditQuery(filters)).toString();
  return `/api/audit/export.csv${q ? `?${q}` : ''}`;
}

export async function fetchAccess(search?: string): Promise<AccessOverview> {
  return (await api.get<AccessOverview>('/access', { params: search?.trim() ? { q: search.trim() } : {} })).data;
}

export interface RoleChange {
  user_id: number;
  role: GrantableRole;
  unit_id: number | null;
  reason: string;
}

export async function grantRole(change: RoleChange): Promise<AccessUser> {
  return (await api.post<AccessUser>('/access/grant', change)).data;
}

export async function revokeRole(change: RoleChange): Promise<AccessUser> {
  return (await api.post<AccessUser>('/access/revoke', change)).data;
}

/** One account merged into another (its roles and history follow; it is removed): the account
 * merged into, after. */
export async function mergeAccounts(merge: AccountMerge): Promise<AccessUser> {
  return (await api.post<AccessUser>('/access/merge', merge)).data;
}
