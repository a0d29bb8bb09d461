/**
 * The content security policy's allowance for the client's own inline scripts: the SHA-256 of each plain
 * `<script>` in the built shell (the theme script the build writes into every page's head, client/vite.config.ts).
 * Every page is made from that shell, so its hashes cover them all; no other inline script runs. Scripts
 * with a `type` or a `src` (JSON-LD, modules) need no hash.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const PLAIN_INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(PLAIN_INLINE_SCRIPT)].map(([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
}

/** The hashes for the build in `distDir`; none when there is no build (an API-only process). */
export function builtShellScriptHashes(distDir: string): string[] {
  const shell = ['shell.html', 'index.html'].map((file) => path.join(distDir, file)).find((file) => existsSync(file));
  return shell ? inlineScriptHashes(readFileSync(shell, 'utf8')) : [];
}
