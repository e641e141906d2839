// A server refusal in the user's language: the message of its code (`errors.codes.<code>`, see
// shared/src/errors.ts) with its params, numbers and dates in the app's locale. The server's
// English text is the fallback for a code this app does not know (an older app, a newer server).
import { isErrorCode } from '@carbon/shared';
import { i18n } from '../i18n';
import { formatDate, formatNumber } from './format';

/** Params that are amounts (grouped digits); years, ids, line and person numbers are not. */
const AMOUNT_PARAMS = new Set(['minimum', 'maximum', 'max', 'count']);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function localParams(params: unknown, locale: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!params || typeof params !== 'object') return out;
  for (const [k, v] of Object.entries(params as Record<string, unknown>)) {
    if (typeof v === 'number' && AMOUNT_PARAMS.has(k)) out[k] = formatNumber(v, locale);
    else if (typeof v === 'string' && ISO_DATE.test(v)) out[k] = formatDate(v, locale);
    else out[k] = String(v);
  }
  return out;
}

/** The words for `code` with `params` in the app's language, or `fallback` for an unknown code. */
export function codedText(code: unknown, params: unknown, fallback: string): string {
  const g = i18n.global;
  const key = `errors.codes.${String(code)}`;
  if (!isErrorCode(code) || !g.te(key, 'en')) return fallback;
  return g.t(key, localParams(params, g.locale.value));
}

/** One issue of a unit directory sync's report, as the job stores it. */
export interface DirectoryIssue {
  institutional_id?: string;
  field?: string;
  message?: string;
  code?: string;
  params?: Record<string, string | number>;
}

/** "<unit>: <field>: <why>", the why in the app's language from its code (the server's English
 * message, which names the field itself, for an issue without a known code). */
export function directoryIssueText(i: DirectoryIssue): string {
  const message = i.message ?? '';
  const why = codedText(i.code, i.params, message);
  return [i.institutional_id, ...(why === message ? [message] : [i.field, why])].filter(Boolean).join(': ');
}
