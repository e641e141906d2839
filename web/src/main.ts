import { createApp } from 'vue';
import { createPinia } from 'pinia';
import { Quasar } from 'quasar';
import 'quasar/dist/quasar.css';
import './css/a11y.css';
import App from './App.vue';
import { router } from './router';
import { i18n, loadMessages } from './i18n';
import { useAuthStore } from './stores/auth';
import { onApiError } from './api/client';

const app = createApp(App);
const pinia = createPinia();
app.use(pinia);
app.use(i18n);
// Icons are SVG, set up by the signed-in shell (src/icons.ts): no icon font. The Notify and Dialog
// plugins are installed on the first notification or confirmation (composables/useFeedback.ts).
app.use(Quasar);
app.use(router);

// A session that ends server-side (timeout, logout elsewhere) sends the user back to sign in.
onApiError((err) => {
  const url = err.config?.url ?? '';
  if (err.response?.status === 401 && !url.startsWith('/v1/session')) {
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
