// /api/audit: the audit trail, read only (back-office and administrators: `audit` view).
// GET /?action&actor&unit_id&from&to&page&page_size → one page, newest first;
// GET /export.csv?action&actor&unit_id&from&to → the matching lines as CSV.
// No route changes or removes a line: the trail is append-only (migration 0015).
import { Router } from 'express';
import type { Pool } from '../useCases/deps';
import { exportAudit, listAudit, type AuditFilters } from '../domain/audit';
import { requireBackoffice } from '../policies';
import { parseInput } from '../core/validate';
import { auditFilterSchema, auditPageSchema } from './audit.schema';

const filtersOf = (q: { action?: AuditFilters['action']; actor?: string; unit_id?: number; from?: string; to?: string }): AuditFilters => ({
  action: q.action,
  actor: q.actor,
  unitId: q.unit_id,
  from: q.from,
  to: q.to,
});

export function auditRoutes(pool: Pool): Router {
  const r = Router();
  r.use(requireBackoffice('audit', 'view'));
  r.get('/', async (req, res) => {
    const q = parseInput(auditPageSchema, req.query, 'query');
    res.json(await listAudit(pool, filtersOf(q), q.page, q.page_size));
  });
  // UTF-8 with a BOM so spreadsheets pick the encoding, as the report export.
  r.get('/export.csv', async (req, res) => {
    const q = parseInput(auditFilterSchema, req.query, 'query');
    const file = await exportAudit(pool, filtersOf(q), new Date().toISOString().slice(0, 10));
    if (file.truncated) res.setHeader('X-Audit-Truncated', 'true');
    res.type('text/csv; charset=utf-8').attachment(file.fileName).send(`\ufeff${file.csv}`);
  });
  return r;
}
