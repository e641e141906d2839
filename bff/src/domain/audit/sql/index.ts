// The audit trail's SQL, one statement per file, each wrapped in a typed function.
import { sqlFolder } from '../../../db/statement';
import type { AuditLine } from '@carbon/shared';

const define = sqlFolder(import.meta.url, 'audit');

export const insertAuditLine = define<{ actorId: number | null; action: string; unitId: number | null; details: string }, { id: number }>('insertAuditLine', {
  actorId: 1,
  action: 2,
  unitId: 3,
  details: 4,
});

export interface AuditFilterParams {
  action: string | null;
  actorId: number | null;
  actorPattern: string | null;
  unitId: number | null;
  from: string | null;
  to: string | null;
}

/** `at` comes back as JSON text (ISO 8601) from json_agg. */
export const auditLines = define<AuditFilterParams & { limit: number; offset: number }, { total: number; lines: AuditLine[] }>('auditLines', {
  action: 1,
  actorId: 2,
  actorPattern: 3,
  unitId: 4,
  from: 5,
  to: 6,
  limit: 7,
  offset: 8,
});
