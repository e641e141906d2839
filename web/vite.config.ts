import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';
import { quasar, transformAssetUrls } from '@quasar/vite-plugin';
import { precompileMessages } from './build/precompileMessages';
import { messageParts } from './build/messageParts';
import { iconCopies } from './build/iconCopies';

// The message files (web/src/i18n/en.ts, fr.ts, backoffice.en.ts, …), compiled at build time.
const MESSAGE_FILES = /\/web\/src\/i18n\/(?:\w+\.)?(?:en|fr)\.ts$/;

// `npm run dev --workspace web` proxies the API to a BFF started with `npm start`.
export default defineConfig(({ command }) => ({
  plugins: [vue({ template: { transformAssetUrls } }), quasar(), precompileMessages(MESSAGE_FILES), messageParts(), iconCopies()],
  // vue-i18n feature flags: Composition API only (no legacy API, no global $t / <i18n-t>
  // components), no devtools in production. Smaller first screen. The build ships messages
  // compiled (build/precompileMessages.ts), so not the message compiler; the dev server keeps it.
  define: {
    // Vue without its Options API: the app, Quasar, pinia and vue-echarts use setup() only.
    __VUE_OPTIONS_API__: 'false',
    __VUE_I18N_FULL_INSTALL__: 'false',
    __VUE_I18N_LEGACY_API__: 'false',
    __INTLIFY_PROD_DEVTOOLS__: 'false',
    __INTLIFY_DROP_MESSAGE_COMPILER__: command === 'build' ? 'true' : 'false',
  },
  server: { proxy: { '/api': { target: process.env.BFF_URL ?? 'http://localhost:3000', changeOrigin: false } } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 900, manifest: true },
}));
