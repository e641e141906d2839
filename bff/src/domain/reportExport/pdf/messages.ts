// The printable report's words, in English or French: the web app's own messages (web/src/i18n/),
// so module, scope and category names, statuses and units read as on screen, and the report's
// texts sit beside every other text of the product in both languages. Only those plain message
// files are read here; their syntax is the small part of vue-i18n's they use: `{name}`
// placeholders and `a | b` plural forms.
import en from '../../../../../web/src/i18n/en';
import fr from '../../../../../web/src/i18n/fr';
import reportEn from '../../../../../web/src/i18n/report.en';
import reportFr from '../../../../../web/src/i18n/report.fr';

export const REPORT_LOCALES = ['en', 'fr'] as const;
export type ReportLocale = (typeof REPORT_LOCALES)[number];

export interface ReportText {
  locale: ReportLocale;
  app: typeof en;
  report: typeof reportEn;
}

const TEXTS: Record<ReportLocale, ReportText> = {
  en: { locale: 'en', app: en, report: reportEn },
  fr: { locale: 'fr', app: fr, report: reportFr },
};

export const reportText = (locale: ReportLocale): ReportText => TEXTS[locale];

/** A message with its `{name}` placeholders filled (unknown ones are left as written). */
export function fill(message: string, params: Record<string, string | number> = {}): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The plural form for `n` of an `a | b` (one, other) or `a | b | c` (zero, one, other) message,
 * as vue-i18n picks it, filled with `n` and `params`. */
export function plural(message: string, n: number, params: Record<string, string | number> = {}): string {
  const forms = message.split('|').map((f) => f.trim());
  const index = forms.length >= 3 ? Math.min(n, 2) : forms.length === 2 ? (n === 1 ? 0 : 1) : 0;
  return fill(forms[Math.min(index, forms.length - 1)]!, { n, ...params });
}
