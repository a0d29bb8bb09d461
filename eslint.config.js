import js from '@eslint/js';
import { builtinModules } from 'node:module';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'server/src/generated/**',
      'client/src/lib/openapi/schema.d.ts',
      '.cache/**',
      '.data/**',
      'test-results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The shared core runs in browsers too and knows nothing of the server (docs/adr/0014-shared-core-package.md).
    files: ['packages/core/**/*.ts'],
    ignores: ['packages/core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: builtinModules.map((name) => ({ name, message: 'The core runs in browsers too: use a Web API (globalThis.crypto…).' })),
          patterns: [
            { group: ['node:*'], message: 'The core runs in browsers too: use a Web API (globalThis.crypto…).' },
            {
              group: ['@prisma/*', 'prisma', 'pg', 'fastify', 'fastify-*', '@fastify/*', '@trpc/*', 'graphile-worker', 'react', 'react-*'],
              message: 'The core is pure: the database, the web framework and the UI belong to the server or the client.',
            },
            {
              group: [
                '@escrow/server',
                '@escrow/server/*',
                '@escrow/client',
                '@escrow/client/*',
                '**/server/**',
                '**/client/**',
                '../../../*',
              ],
              message: 'The core imports only itself and pure libraries; the server and the client import it, not the reverse.',
            },
          ],
        },
      ],
    },
  },
);
