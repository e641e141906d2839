// English and French; the choice persists in localStorage.
import { createI18n } from 'vue-i18n';
import en from './en';
import fr from './fr';
import backofficeEn from './backoffice.en';
import backofficeFr from './backoffice.fr';

export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
const STORAGE_KEY = 'carbon.locale';

function initialLocale(): Locale {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved === 'en' || saved === 'fr') return saved;
  return navigator.language?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

export const i18n = createI18n({
  legacy: false,
  locale: initialLocale(),
  fallbackLocale: 'en',
  // The back-office messages live in their own files, under `backoffice`.
  messages: { en: { ...en, backoffice: backofficeEn }, fr: { ...fr, backoffice: backofficeFr } },
  missingWarn: false,
  fallbackWarn: false,
});

export function setLocale(locale: Locale): void {
  i18n.global.locale.value = locale;
  localStorage.setItem(STORAGE_KEY, locale);
  document.documentElement.lang = locale;
}
