import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';
import { quasar } from '@quasar/vite-plugin';
import { messageParts } from './web/build/messageParts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/src/**/*.test.ts', 'bff/src/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [vue(), quasar(), messageParts()],
        test: {
          name: 'web',
          include: ['web/test/**/*.test.ts'],
          environment: 'happy-dom',
          // Some tests mount every field of every registry type: far below this alone, but a
          // loaded machine can take several times longer than the 5 s default.
          testTimeout: 20_000,
          setupFiles: ['web/test/support/setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['bff/test/**/*.test.ts'],
          // `npm run test:cluster` (vitest.cluster.config.ts): the built artifact behind HAProxy.
          exclude: ['bff/test/cluster/**'],
          environment: 'node',
          globalSetup: ['bff/test/support/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two cores: a couple of files at once, each with its own database.
          maxWorkers: 2,
          pool: 'forks',
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
