declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}

// One part of the English messages (build/messageParts.ts, src/i18n/parts.ts).
declare module 'virtual:en-messages/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
