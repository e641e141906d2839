// The audit trail (migration 0015): who did what and when. Lines are written by the actions
// themselves, on the handle of their own transaction, so that an action that rolls back leaves no
// line and a line never exists without its action. Nothing here updates or deletes a line; the
// database refuses it anyway.
import { csvLine, type AuditAction, type AuditLine, type AuditPage } from '@carbon/shared';
import type { StatementRunner } from '../../db/statement';
import * as q from './sql';

export interface AuditEntry {
  /** users.id of who did it; null for the system. */
  actorId: number | null;
  action: AuditAction;
  unitId?: number | null;
  details?: Record<string, unknown>;
}

export async function writeAudit(db: StatementRunner, entry: AuditEntry): Promise<void> {
  await q.insertAuditLine(db, { actorId: entry.actorId, action: entry.action, unitId: entry.unitId ?? null, details: JSON.stringify(entry.details ?? {}) });
}

export interface AuditFilters {
  action?: AuditAction;
  /** A user id (digits only) or a part of the actor's name or email. */
  actor?: string;
  unitId?: number;
  /** UTC days (YYYY-MM-DD), both included. */
  from?: string;
  to?: string;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterParams(f: AuditFilters): q.AuditFilterParams {
  const actor = f.actor?.trim() || null;
  const byId = actor !== null && /^\d{1,15}$/.test(actor);
  return {
    action: f.action ?? null,
    actorId: byId ? Number(actor) : null,
    actorPattern: actor !== null && !byId ? likePattern(actor) : null,
    unitId: f.unitId ?? null,
    from: f.from ?? null,
    to: f.to ?? null,
  };
}

export async function listAudit(db: StatementRunner, filters: AuditFilters, page: number, pageSize: number): Promise<AuditPage> {
  const { rows } = await q.auditLines(db, { ...filterParams(filters), limit: pageSize, offset: (page - 1) * pageSize });
  return { lines: rows[0]!.lines, total: Number(rows[0]!.total), page, page_size: pageSize };
}

/** The most lines one export holds: the newest, when more match (narrow the dates for older). */
export const AUDIT_EXPORT_MAX_LINES = 100_000;

export const AUDIT_EXPORT_COLUMNS = ['id', 'at', 'action', 'actor_id', 'actor_name', 'actor_email', 'unit_id', 'unit_name', 'details'] as const;

export interface AuditExport {
  fileName: string;
  csv: string;
  /** More lines matched than the file holds. */
  truncated: boolean;
}

export async function exportAudit(db: StatementRunner, filters: AuditFilters, today: string): Promise<AuditExport> {
  const { lines, total } = await listAudit(db, filters, 1, AUDIT_EXPORT_MAX_LINES);
  const out = [csvLine(AUDIT_EXPORT_COLUMNS)];
  for (const l of lines as AuditLine[]) {
    out.push(csvLine([l.id, l.at, l.action, l.actor_id, l.actor_name, l.actor_email, l.unit_id, l.unit_name, JSON.stringify(l.details)]));
  }
  return { fileName: `audit-${today}.csv`, csv: out.join(''), truncated: total > lines.length };
}
