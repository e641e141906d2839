// `npm run test:cluster`: the cluster test alone (bff/test/cluster/), against the built artifact
// (`npm run build` first); `npm test` runs it after the end-to-end tests.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'cluster',
    include: ['bff/test/cluster/**/*.test.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
