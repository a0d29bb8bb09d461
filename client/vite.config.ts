import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(__dirname, 'src') },
      // The files of Chakra's default theme one by one, for the public pages' system (src/app/theme.ts).
      { find: '@chakra-theme', replacement: path.resolve(__dirname, '../node_modules/@chakra-ui/react/dist/esm/theme') },
      // zod without its eval probe, which the content security policy reports (src/lib/zod-without-eval.ts).
      { find: /^zod$/, replacement: path.resolve(__dirname, 'src/lib/zod-without-eval.ts') },
    ],
  },
  server: {
    port: 5173,
    fs: { allow: [path.resolve(__dirname, '..')] },
    proxy: {
      '/api': 'http://localhost:3000',
      '/trpc': 'http://localhost:3000',
      '/mock': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/measure-budgets.ts follows the home page's chunks through the manifest.
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry loads anyway goes into one chunk: without this, modules the lazy pages
          // share with the entry become dozens of tiny chunks, each gzipped apart (the budget in docs/ARCHITECTURE.md "Conventions").
          groups: [{ name: 'app-shell', tags: ['$initial'] }],
        },
      },
    },
  },
});
