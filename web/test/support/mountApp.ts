// Mounts a component the way the app runs it: Quasar, vue-i18n (en and fr), Pinia.
import { mount, type ComponentMountingOptions } from '@vue/test-utils';
import { Quasar, Notify, Dialog } from 'quasar';
import { createI18n } from 'vue-i18n';
import { createPinia, setActivePinia } from 'pinia';
import type { Component } from 'vue';
import en from '../../src/i18n/en';
import fr from '../../src/i18n/fr';

export function mountApp<C extends Component>(component: C, options: ComponentMountingOptions<C> = {}, locale: 'en' | 'fr' = 'en') {
  const i18n = createI18n({ legacy: false, locale, fallbackLocale: 'en', messages: { en, fr }, missingWarn: false, fallbackWarn: false });
  const pinia = createPinia();
  setActivePinia(pinia);
  return mount(component, {
    ...options,
    global: { ...options.global, plugins: [[Quasar, { plugins: { Notify, Dialog } }], i18n, pinia] },
  } as ComponentMountingOptions<C>);
}

/** Lets pending promises (mocked API calls) settle and Vue re-render. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}
