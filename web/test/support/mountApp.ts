// Mounts a component the way the app runs it: Quasar, the app's own vue-i18n instance (en and fr,
// in `locale`: what the components and the API client's error texts both read), Pinia, and the
// plugins the test adds (a router).
import { mount, type ComponentMountingOptions } from '@vue/test-utils';
import { Quasar, Notify, Dialog } from 'quasar';
import { createPinia, setActivePinia } from 'pinia';
import type { Component } from 'vue';
import { i18n } from '../../src/i18n';

export function mountApp<C extends Component>(component: C, options: ComponentMountingOptions<C> = {}, locale: 'en' | 'fr' = 'en') {
  i18n.global.locale.value = locale;
  const pinia = createPinia();
  setActivePinia(pinia);
  return mount(component, {
    ...options,
    global: { ...options.global, plugins: [[Quasar, { plugins: { Notify, Dialog } }], i18n, pinia, ...(options.global?.plugins ?? [])] },
  } as ComponentMountingOptions<C>);
}

/** Lets pending promises (mocked API calls) settle and Vue re-render. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}
