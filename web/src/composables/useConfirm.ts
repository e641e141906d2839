// Confirmations through Quasar's Dialog plugin. The plugin (its dialog component brings QInput,
// QOptionGroup and the other fields of a prompt) is its own chunk, installed on the first
// confirmation: screens that never ask one (the login page, a unit's home, its results) do not
// load it.
import { getCurrentInstance, type App } from 'vue';
import { useQuasar, type DialogChainObject, type QDialogOptions, type QVueGlobals } from 'quasar';

/** What app.use(Quasar, { plugins }) calls on each plugin. */
interface QuasarPlugin {
  install(options: { $q: QVueGlobals; parentApp: App }): void;
}

export function useConfirm(): (options: QDialogOptions) => Promise<DialogChainObject> {
  const $q = useQuasar();
  const parentApp = getCurrentInstance()!.appContext.app;
  return async (options) => {
    if (typeof $q.dialog !== 'function') {
      const { Dialog } = await import('./quasarDialog');
      (Dialog as unknown as QuasarPlugin).install({ $q, parentApp });
    }
    return $q.dialog(options);
  };
}
