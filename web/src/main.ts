import { createApp } from 'vue';
import { createPinia } from 'pinia';
import { Quasar, Notify, Dialog } from 'quasar';
import iconSet from 'quasar/icon-set/svg-material-icons';
import 'quasar/dist/quasar.css';
import './css/a11y.css';
import App from './App.vue';
import { router } from './router';
import { i18n } from './i18n';
import { useAuthStore } from './stores/auth';
import { api } from './api/client';
import { iconMapFn } from './icons';

const app = createApp(App);
const pinia = createPinia();
app.use(pinia);
app.use(i18n);
// Icons are SVG (src/icons.ts for the app's, Quasar's own from its SVG icon set): no icon font.
app.use(Quasar, { iconSet, config: { iconMapFn }, plugins: { Notify, Dialog } });
app.use(router);

// A session that ends server-side (timeout, logout elsewhere) sends the user back to sign in.
api.interceptors.response.use(undefined, (err: { response?: { status?: number }; config?: { url?: string } }) => {
  const url = err.config?.url ?? '';
  if (err.response?.status === 401 && !url.startsWith('/v1/session')) {
    useAuthStore().forget();
    const current = router.currentRoute.value;
    if (!current.meta.public) void router.push({ path: '/login', query: { redirect: current.fullPath } });
  }
  return Promise.reject(err);
});

document.documentElement.lang = i18n.global.locale.value;
app.mount('#app');
