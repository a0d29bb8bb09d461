import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (pure code, no database), `integration` (the real app on real PostgreSQL,
 * a fresh database per test file) and `browser` (the built client in Chromium against the real server).
 */
export default defineConfig({
  test: {
    projects: [
      {
        // The client's import alias (client/vite.config.ts), for client unit tests.
        resolve: {
          alias: {
            '@': fileURLToPath(new URL('./client/src', import.meta.url)),
            '@chakra-theme': fileURLToPath(new URL('./node_modules/@chakra-ui/react/dist/esm/theme', import.meta.url)),
          },
        },
        test: {
          name: 'unit',
          include: ['packages/core/src/**/*.test.ts', 'server/src/**/*.test.ts', 'client/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['server/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'browser',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          maxWorkers: 1,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
