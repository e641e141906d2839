// The printable report's words, in English or French: those it shares with the web app
// (shared/src/messages/: module, scope and category names, statuses, units; each module's from its
// folder), so that the report reads as the screens, and its own (report.<locale>.ts there). Only
// plain message files are read here; their syntax is the small part of vue-i18n's they use:
// `{name}` placeholders and `a | b` plural forms.
import { COMMON_EN } from '@carbon/shared/messages/common.en';
import { COMMON_FR } from '@carbon/shared/messages/common.fr';
import { MODULE_MESSAGES_EN } from '@carbon/shared/messages/modules.en';
import { MODULE_MESSAGES_FR } from '@carbon/shared/messages/modules.fr';
import reportEn from '@carbon/shared/messages/report.en';
import reportFr from '@carbon/shared/messages/report.fr';

export const REPORT_LOCALES = ['en', 'fr'] as const;
export type ReportLocale = (typeof REPORT_LOCALES)[number];

/** The words the report shares with the web app, under the keys the web app's messages give them. */
const appWords = (common: typeof COMMON_EN, modules: typeof MODULE_MESSAGES_EN) => ({ ...common, modules: modules.modules });

export interface ReportText {
  locale: ReportLocale;
  app: ReturnType<typeof appWords>;
  report: typeof reportEn;
}

const TEXTS: Record<ReportLocale, ReportText> = {
  en: { locale: 'en', app: appWords(COMMON_EN, MODULE_MESSAGES_EN), report: reportEn },
  fr: { locale: 'fr', app: appWords(COMMON_FR, MODULE_MESSAGES_FR), report: reportFr },
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
