// Mounts a component the way the app runs it: Quasar, the app's own vue-i18n instance (en and fr,
// in `locale`: what the components and the API client's error texts both read), Pinia, and the
// plugins the test adds (a router).
import { mount, type ComponentMountingOptions } from '@vue/test-utils';
import { Quasar, Notify, Dialog } from 'quasar';
import { createPinia, setActivePinia } from 'pinia';
import type { Component } from 'vue';
import { i18n } from '../../src/i18n';
import { applyQuasarLang } from '../../src/i18n/quasarLang';

export function mountApp<C extends Component>(component: C, options: ComponentMountingOptions<C> = {}, locale: 'en' | 'fr' = 'en') {
  i18n.global.locale.value = locale;
  const pinia = createPinia();
  setActivePinia(pinia);
  const wrapper = mount(component, {
    ...options,
    global: { ...options.global, plugins: [[Quasar, { plugins: { Notify, Dialog } }], i18n, pinia, ...(options.global?.plugins ?? [])] },
  } as ComponentMountingOptions<C>);
  // Quasar's first install sets its default (English) words: its pack follows the locale again,
  // as it does in the app, where Quasar is installed before any pack arrives.
  void applyQuasarLang(wrapper.vm.$q.lang, locale);
  return wrapper;
}

/** Lets pending promises (mocked API calls) settle and Vue re-render. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}
