import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtShellScriptHashes, inlineScriptHashes } from './inline-script-hashes.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inline script hashes', () => {
  it('hashes each plain inline script exactly as written, and nothing with a src or a type', () => {
    const theme = "\n(function () { document.documentElement.classList.add('light'); })();\n";
    const html = `<head><script>${theme}</script><script type="application/ld+json">{"a":1}</script><script type="module" src="/assets/x.js"></script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(theme)]);
  });

  it('reads the built shell, and allows nothing when there is no build', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
    expect(builtShellScriptHashes(dist)).toEqual([]);
    writeFileSync(path.join(dist, 'shell.html'), '<script>one()</script><script>two()</script>');
    expect(builtShellScriptHashes(dist)).toEqual([sha256('one()'), sha256('two()')]);
  });
});
