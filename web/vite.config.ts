import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';
import { quasar, transformAssetUrls } from '@quasar/vite-plugin';

// `npm run dev --workspace web` proxies the API to a BFF started with `npm start`.
export default defineConfig({
  plugins: [vue({ template: { transformAssetUrls } }), quasar()],
  // vue-i18n feature flags: Composition API only (no legacy API, no global $t / <i18n-t>
  // components), no devtools in production. Smaller first screen.
  define: {
    __VUE_I18N_FULL_INSTALL__: 'false',
    __VUE_I18N_LEGACY_API__: 'false',
    __INTLIFY_PROD_DEVTOOLS__: 'false',
  },
  server: { proxy: { '/api': { target: process.env.BFF_URL ?? 'http://localhost:3000', changeOrigin: false } } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 900 },
});
