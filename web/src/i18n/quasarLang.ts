// Quasar's own words (a table's pagination, its "all rows" choice, its empty state) in the app's
// language: its language pack of the locale, the pagination in the app's words and digit groups.
// Started by the language menu, which every signed-in page loads just after its first render (the
// first screens show no such words, and their JavaScript budgets stay free of this).
import { watch } from 'vue';
import type { QuasarLanguage, QVueGlobals } from 'quasar';
import { formatNumber } from '../utils/format';
import { i18n, type Locale } from '.';

/** Quasar's language of an app (`$q.lang`): the pack in use, and how to set another. Taken from the
 * app rather than imported, so that this chunk shares no Quasar module with the entry. */
export type QuasarLang = QVueGlobals['lang'];

/** Quasar's language pack of each locale: English is Quasar's own default (`set()` with nothing
 * sets it), French is fetched when first needed. */
const QUASAR_PACKS: Record<Locale, (lang: QuasarLang) => Promise<QuasarLanguage>> = {
  en: async (lang) => {
    // Quasar's set() without a pack sets its default, English (its types want one).
    (lang.set as (pack?: QuasarLanguage) => void)();
    return { ...lang };
  },
  fr: async () => (await import('quasar/lang/fr.js')).default,
};

/** Sets Quasar's words to `locale`'s pack, its tables' pagination in the app's own words and digit
 * groups ("1–25 of 1 200"). */
export async function applyQuasarLang(lang: QuasarLang, locale: Locale): Promise<void> {
  const pack = await QUASAR_PACKS[locale](lang);
  if (i18n.global.locale.value !== locale) return; // switched again meanwhile
  // The page may be gone by the time the pack arrives (a component test torn down): Quasar's
  // language setter writes on the document, from a scheduler no caller can catch.
  if (typeof document === 'undefined') return;
  const g = (n: number) => formatNumber(n, locale);
  lang.set({ ...pack, table: { ...pack.table, pagination: (first: number, last: number, total: number) => i18n.global.t('table.pagination', { first: g(first), last: g(last), total: g(total) }) } });
  // Quasar writes its pack's own name (en-US) on the page: the app's locale stays its language.
  document.documentElement.lang = locale;
}

let following = false;

/** From now on, whatever sets the locale (the language menu, a test), Quasar follows; a pack that
 * cannot be fetched leaves Quasar's words as they were. Once per app. */
export function followLocale(lang: QuasarLang): void {
  if (following) return;
  following = true;
  watch(
    () => i18n.global.locale.value as Locale,
    (locale) => void applyQuasarLang(lang, locale).catch(() => {}),
    { immediate: true },
  );
}
