// English and French; the choice persists in localStorage.
// English ships with the app (it is also every lookup's fallback), in parts (src/i18n/parts.ts):
// the entry carries the core messages, the signed-in layout and pages add theirs as their code
// loads (shellMessages.ts, pageMessages.ts), the API client the refusal codes' words with the
// first failed answer (errorMessages.ts). French and the back-office
// messages (each locale's, under `backoffice`) are separate chunks loaded when needed: French
// when chosen, the back-office messages before a route whose meta asks for them
// (`backofficeMessages`: the back office and the module pages' upload flow). The build compiles
// every message file (web/build/precompileMessages.ts). Quasar's own words follow the locale too
// (quasarLang.ts).
import { createI18n } from 'vue-i18n';
import type en from './en';
import core from 'virtual:en-messages/core';

export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
const STORAGE_KEY = 'carbon.locale';

type Loader = () => Promise<{ default: object }>;

// English's main messages are in from the start (the core) or come with the code that shows them.
const MAIN: Record<Locale, Loader> = { en: () => Promise.resolve({ default: {} }), fr: () => import('./fr') };
const BACKOFFICE: Record<Locale, Loader> = { en: () => import('./backoffice.en'), fr: () => import('./backoffice.fr') };

function initialLocale(): Locale {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved === 'en' || saved === 'fr') return saved;
  return navigator.language?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

export const i18n = createI18n({
  legacy: false,
  locale: initialLocale(),
  fallbackLocale: 'en',
  // French is merged in when loaded. A copy of English: merging the other parts and the
  // back-office messages in must not change the imported module.
  messages: { en: { ...core } as typeof en, fr: {} as typeof en },
  missingWarn: false,
  fallbackWarn: false,
});

/** What has been merged into the message tree (or is being fetched), by part and locale. */
const loaded = new Map<string, Promise<void>>([['main.en', Promise.resolve()]]);
let backofficeWanted = false;

function load(part: 'main' | 'backoffice', locale: Locale): Promise<void> {
  const key = `${part}.${locale}`;
  let done = loaded.get(key);
  if (!done) {
    done = (part === 'main' ? MAIN : BACKOFFICE)[locale]().then((m) => {
      i18n.global.mergeLocaleMessage(locale, (part === 'main' ? { ...m.default } : { backoffice: m.default }) as typeof en);
    });
    // A failed fetch (network) is tried again next time.
    done.catch(() => loaded.delete(key));
    loaded.set(key, done);
  }
  return done;
}

/** Merges a part of the English messages in (src/i18n/shellMessages.ts, pageMessages.ts). */
export function addEnglish(messages: object): void {
  i18n.global.mergeLocaleMessage('en', messages as typeof en);
}

let codes: Promise<unknown> | undefined;
/** The words of the server's refusal codes (src/i18n/errorMessages.ts), fetched once. */
export function loadErrorMessages(): Promise<void> {
  codes ??= import('./errorMessages');
  // A failed fetch (network) is tried again next time; meanwhile a refusal keeps the server's words.
  return codes.then(
    () => undefined,
    () => {
      codes = undefined;
    },
  );
}

/** The messages the current locale needs so far (English too: the fallback of every lookup). */
export function loadMessages(locale: Locale = i18n.global.locale.value as Locale): Promise<void> {
  const locales: Locale[] = locale === 'en' ? ['en'] : ['en', locale];
  return Promise.all(locales.flatMap((l) => [load('main', l), ...(backofficeWanted ? [load('backoffice', l)] : [])])).then(() => undefined);
}

/** The back-office messages, from now on in every locale the user picks. */
export function loadBackofficeMessages(): Promise<void> {
  backofficeWanted = true;
  return loadMessages();
}

export async function setLocale(locale: Locale): Promise<void> {
  await loadMessages(locale);
  i18n.global.locale.value = locale;
  localStorage.setItem(STORAGE_KEY, locale);
  document.documentElement.lang = locale;
}
