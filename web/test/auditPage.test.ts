// The audit trail in the browser: the query the list and the export share (empty filters left
// out), the details shown for a line (in order, empty ones left out, lists joined), and a label
// for every detail and action in both languages.
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@carbon/shared';
import { auditExportUrl, auditQuery } from '../src/api/access';
import { AUDIT_DETAIL_KEYS, auditDetailPairs } from '../src/utils/audit';
import { i18n } from '../src/i18n';

describe('audit filters', () => {
  it('send only what is set, trimmed', () => {
    expect(auditQuery({ action: null, actor: '  ', unitId: null, from: '', to: '' })).toEqual({});
    expect(auditQuery({ action: 'role_grant', actor: ' olga ', unitId: 4, from: '2025-01-01', to: '2025-01-31' })).toEqual({
      action: 'role_grant',
      actor: 'olga',
      unit_id: '4',
      from: '2025-01-01',
      to: '2025-01-31',
    });
  });

  it('make the export address of the same lines', () => {
    expect(auditExportUrl({})).toBe('/api/audit/export.csv');
    expect(auditExportUrl({ action: 'csv_upload', actor: 'a&b' })).toBe('/api/audit/export.csv?action=csv_upload&actor=a%26b');
  });
});

describe('audit line details', () => {
  it('are shown in a fixed order, without empty values, lists joined', () => {
    const pairs = auditDetailPairs({ job_ids: [4, 5], file_name: 'team.csv', mode: null, sha256: '', rows_added: 0, unknown: 'x' });
    expect(pairs).toEqual([
      { key: 'file_name', value: 'team.csv' },
      { key: 'rows_added', value: '0' },
      { key: 'job_ids', value: '4, 5' },
    ]);
  });

  it('and every action have a label in English and French', () => {
    for (const locale of ['en', 'fr'] as const) {
      for (const key of AUDIT_DETAIL_KEYS) expect(i18n.global.te(`backoffice.audit.detail.${key}`, locale), `${locale} ${key}`).toBe(true);
      for (const action of AUDIT_ACTIONS) expect(i18n.global.te(`backoffice.audit.actions.${action}`, locale), `${locale} ${action}`).toBe(true);
    }
  });
});
