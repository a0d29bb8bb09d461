import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

/**
 * The theme script (color-mode.js) written into each page's head, so the first paint waits for no second
 * request. The server's content security policy allows it by its hash, which it reads off the built shell
 * (server/src/plugins/inline-script-hashes.ts).
 */
function inlineColorModeScript(): Plugin {
  const script = readFileSync(path.resolve(__dirname, 'color-mode.js'), 'utf8');
  return {
    name: 'inline-color-mode-script',
    transformIndexHtml: (html) => html.replace('<!--color-mode-script-->', () => `<script>${script}</script>`),
  };
}

export default defineConfig({
  plugins: [react(), inlineColorModeScript()],
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
