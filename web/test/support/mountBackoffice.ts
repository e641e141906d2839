// Mounts a back-office component as the app runs it: Quasar (Notify, Dialog), the app's own
// vue-i18n instance (src/i18n/index.ts, back-office messages included) in `locale`, Pinia. Also a stand-in EventSource
// so that the events store's one stream can be driven from a test.
import { mount, type ComponentMountingOptions } from '@vue/test-utils';
import { Quasar, Notify, Dialog } from 'quasar';
import { createPinia, setActivePinia } from 'pinia';
import type { Component } from 'vue';
import { i18n } from '../../src/i18n';
import { applyQuasarLang } from '../../src/i18n/quasarLang';

export function mountBackoffice<C extends Component>(component: C, options: ComponentMountingOptions<C> = {}, locale: 'en' | 'fr' = 'en') {
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

export class StreamStandIn {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: StreamStandIn[] = [];
  readyState = StreamStandIn.CONNECTING;
  private readonly listeners = new Map<string, ((ev: Event) => void)[]>();
  constructor(readonly url: string) {
    StreamStandIn.instances.push(this);
  }
  addEventListener(type: string, fn: (ev: Event) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close(): void {
    this.readyState = StreamStandIn.CLOSED;
  }
  emit(type: string, data?: unknown): void {
    const ev = data === undefined ? new Event(type) : new MessageEvent(type, { data: JSON.stringify(data) });
    for (const fn of this.listeners.get(type) ?? []) fn(ev);
  }
}

/** Lets pending promises settle, timers of `ms` fire, and Vue re-render. */
export async function settle(ms = 0): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  if (ms) await new Promise((r) => setTimeout(r, ms));
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}
