import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';
import { quasar, transformAssetUrls } from '@quasar/vite-plugin';

// `npm run dev --workspace web` proxies the API to a BFF started with `npm start`.
export default defineConfig({
  plugins: [vue({ template: { transformAssetUrls } }), quasar()],
  server: { proxy: { '/api': { target: process.env.BFF_URL ?? 'http://localhost:3000', changeOrigin: false } } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 900 },
});
