// Notifications and confirmations through Quasar's Notify and Dialog plugins. The plugins (the
// dialog component brings QInput, QOptionGroup and the other fields of a prompt) are their own
// chunk, installed on the first notification or confirmation: the first screens (the login page,
// a unit's home, its results) do not load them before they need one.
import { getCurrentInstance, type App } from 'vue';
import { useQuasar, type DialogChainObject, type QDialogOptions, type QNotifyCreateOptions, type QVueGlobals } from 'quasar';

/** What app.use(Quasar, { plugins }) calls on each plugin. */
interface QuasarPlugin {
  install(options: { $q: QVueGlobals; parentApp: App }): void;
}

let installing: Promise<void> | null = null;

function usePlugins(): () => Promise<void> {
  const $q = useQuasar();
  const parentApp = getCurrentInstance()!.appContext.app;
  return () => {
    // Installed already (app.use in the component tests), or installed here once.
    if (typeof $q.notify === 'function' && typeof $q.dialog === 'function') return Promise.resolve();
    installing ??= import('./quasarFeedback').then(({ Dialog, Notify }) => {
      for (const plugin of [Dialog, Notify]) (plugin as unknown as QuasarPlugin).install({ $q, parentApp });
    });
    installing.catch(() => (installing = null));
    return installing;
  };
}

export function useConfirm(): (options: QDialogOptions) => Promise<DialogChainObject> {
  const $q = useQuasar();
  const ready = usePlugins();
  return async (options) => {
    await ready();
    return $q.dialog(options);
  };
}

/** Shows the notification as soon as the plugin is in (at once after the first time). */
export function useNotify(): (options: QNotifyCreateOptions) => void {
  const $q = useQuasar();
  const ready = usePlugins();
  return (options) => {
    if (typeof $q.notify === 'function') $q.notify(options);
    else void ready().then(() => $q.notify(options));
  };
}
