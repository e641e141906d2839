import { createApp } from 'vue';
import { createPinia } from 'pinia';
import { Quasar, Notify, Dialog } from 'quasar';
import iconSet from 'quasar/icon-set/svg-material-icons';
import 'quasar/dist/quasar.css';
import './css/a11y.css';
import App from './App.vue';
import { router } from './router';
import { i18n, loadMessages } from './i18n';
import { useAuthStore } from './stores/auth';
import { api } from './api/client';
import { iconMapFn } from './icons';

const app = createApp(App);
const pinia = createPinia();
app.use(pinia);
app.use(i18n);
// Icons are SVG (src/icons.ts for the app's, Quasar's own from its SVG icon set): no icon font.
app.use(Quasar, { iconSet, plugins: { Notify, Dialog } });
app.config.globalProperties.$q.iconMapFn = iconMapFn;
app.use(router);

// A session that ends server-side (timeout, logout elsewhere) sends the user back to sign in.
api.onError((err) => {
  if (err.response?.status === 401 && !err.config.url.startsWith('/v1/session')) {
    useAuthStore().forget();
    const current = router.currentRoute.value;
    if (!current.meta.public) void router.push({ path: '/login', query: { redirect: current.fullPath } });
  }
});

document.documentElement.lang = i18n.global.locale.value;
// French is its own chunk: the app mounts once the chosen language's messages are in (in English
// if they cannot be fetched).
void loadMessages()
  .catch(() => {})
  .finally(() => app.mount('#app'));
