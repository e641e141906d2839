// How an audit line's details read on the audit page: the fields worth showing, in a fixed order,
// each under its label (backoffice.audit.detail.<key>); ids and checksums stay as they are, so
// that a line can be matched with the job console and the uploaded file.
export const AUDIT_DETAIL_KEYS = [
  'file_name',
  'bytes',
  'sha256',
  'module',
  'entry_type',
  'factor_set',
  'year',
  'from_year',
  'to_year',
  'mode',
  'rows_added',
  'rows_removed',
  'rows_skipped',
  'job_id',
  'job_ids',
  'job_type',
  'reason',
  'role',
  'user_name',
  'previous_source',
  'previous_status',
  'address',
  'merged_user',
  'into_user',
  'moved_roles',
  'moved_entries',
  'moved_jobs',
  'moved_uploads',
] as const;
export type AuditDetailKey = (typeof AUDIT_DETAIL_KEYS)[number];

/** The shown fields of `details`, in order: those present and not empty. */
export function auditDetailPairs(details: Record<string, unknown>): { key: AuditDetailKey; value: string }[] {
  const pairs: { key: AuditDetailKey; value: string }[] = [];
  for (const key of AUDIT_DETAIL_KEYS) {
    const v = details[key];
    if (v === null || v === undefined || v === '') continue;
    pairs.push({ key, value: Array.isArray(v) ? v.join(', ') : String(v) });
  }
  return pairs;
}

/** A time of the audit trail or of an account's sign-in as the back office shows times: in UTC,
 * said so, whatever the browser's zone. */
export function formatUtcTime(iso: string, locale: string): string {
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso))} UTC`;
}
