/**
 * `npm run budgets` (issue 7): the home page's performance budgets, measured on the built client.
 *
 * 1. Initial JavaScript ≤ 200 kB gzip: the script and modulepreload tags of dist/index.html plus the
 *    home route's lazy chunk and its static imports (from Vite's manifest), each gzipped.
 * 2. Largest Contentful Paint ≤ 2.5 s: the home page served from client/dist by a small static server
 *    on localhost (the same file rules as server/src/plugins/static-client.ts), loaded in headless
 *    Chromium with a cold cache; the median of several runs, read with a PerformanceObserver for
 *    'largest-contentful-paint'. The JavaScript the browser actually fetched is reported too.
 *
 * Options: --build (run `npm run build -w client` first), --runs N (default 5), --dist DIR (another build
 * output), --json.
 * Exits 1 when a budget is exceeded.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { resolveChromium } from './lib/chromium.ts';
import { projectRoot } from './lib/paths.ts';

const JS_BUDGET_BYTES = 200 * 1000;
const LCP_BUDGET_MS = 2500;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const runs = Number(option('--runs') ?? 5);
const distDir = path.resolve(option('--dist') ?? path.join(projectRoot, 'client', 'dist'));
const asJson = args.includes('--json');

function gzipSize(file: string): number {
  return gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The files of a chunk and everything it imports statically (what the browser must fetch before it runs). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

export function measureInitialJs() {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const fromHtml = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g)) fromHtml.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)) fromHtml.add(match[1]!);
  if (fromHtml.size === 0) throw new Error('dist/index.html has no module scripts: is the build complete?');

  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile))
    throw new Error('client/dist/.vite/manifest.json is missing: build.manifest must be on in client/vite.config.ts');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const homeKey = Object.keys(manifest).find((key) => key.endsWith('src/pages/home.tsx'));
  if (!homeKey) throw new Error('The home page chunk (src/pages/home.tsx) is not in the manifest');
  const homeFiles = staticClosure(manifest, homeKey);

  const files = new Set([...fromHtml, ...homeFiles]);
  const sizes = [...files].map((file) => ({ file, gzip: gzipSize(file), raw: statSync(path.join(distDir, file)).size }));
  sizes.sort((a, b) => b.gzip - a.gzip);
  const entryGzip = sizes.filter((entry) => fromHtml.has(entry.file)).reduce((sum, entry) => sum + entry.gzip, 0);
  const totalGzip = sizes.reduce((sum, entry) => sum + entry.gzip, 0);
  return { files: sizes, entryGzip, totalGzip };
}

/** Serves client/dist like the real server: hashed assets, prerendered <route>/index.html, else the shell. */
function serveDist(): Promise<Server> {
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.html': 'text/html',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
  };
  const server = createServer((request, response) => {
    const url = decodeURIComponent((request.url ?? '/').split('?')[0]!);
    const candidates = [url, path.join(url, 'index.html'), 'index.html'];
    const file = candidates
      .map((candidate) => path.join(distDir, candidate))
      .find((candidate) => {
        return candidate.startsWith(distDir) && existsSync(candidate) && statSync(candidate).isFile();
      })!;
    response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function measureLcp(baseUrl: string, runCount: number) {
  const { executablePath, args } = await resolveChromium();
  const browser = await chromium.launch({ executablePath, headless: true, args });
  const samples: { lcp: number; element: string; jsFetched: number }[] = [];
  try {
    for (let run = 0; run < runCount; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const scripts: Promise<number>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script')
          scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
      });
      await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
      // Runs in the page (a string, because this script is type-checked without the DOM library).
      const lcp = await page.evaluate<{ lcp: number; element: string }>(`new Promise((resolve) => {
        let last = { lcp: Number.NaN, element: '' };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const element = entry.element;
            last = { lcp: entry.startTime, element: element ? element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') : '' };
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        // LCP candidates stop once the page has settled; give late paints a moment.
        setTimeout(() => resolve(last), 1000);
      })`);
      const jsFetched = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
      samples.push({ ...lcp, jsFetched });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const sorted = [...samples].sort((a, b) => a.lcp - b.lcp);
  return { samples, median: sorted[Math.floor(sorted.length / 2)]! };
}

async function main() {
  if (args.includes('--build') || !existsSync(path.join(distDir, 'index.html'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'client'], { cwd: projectRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('client build failed');
  }
  const js = measureInitialJs();
  const server = await serveDist();
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let lcp: Awaited<ReturnType<typeof measureLcp>>;
  try {
    lcp = await measureLcp(baseUrl, runs);
  } finally {
    server.close();
  }
  const jsOk = js.totalGzip <= JS_BUDGET_BYTES;
  const lcpOk = lcp.median.lcp <= LCP_BUDGET_MS;

  if (asJson) {
    console.log(JSON.stringify({ js, lcp, budgets: { jsBytes: JS_BUDGET_BYTES, lcpMs: LCP_BUDGET_MS }, ok: jsOk && lcpOk }, null, 2));
  } else {
    console.log('Home page initial JavaScript (gzip -9):');
    for (const entry of js.files) console.log(`  ${kb(entry.gzip).padStart(9)}  ${entry.file}`);
    console.log(
      `  index.html tags only: ${kb(js.entryGzip)}; with the home route: ${kb(js.totalGzip)}  budget ${kb(JS_BUDGET_BYTES)}  ${jsOk ? 'OK' : 'OVER'}`,
    );
    console.log(`  JavaScript fetched by Chromium while loading /: ${kb(lcp.median.jsFetched)} (gzip of each response)`);
    console.log(`Largest Contentful Paint of / (${runs} cold loads, localhost, 1280×800):`);
    console.log(`  samples: ${lcp.samples.map((sample) => `${Math.round(sample.lcp)} ms`).join(', ')}; element ${lcp.median.element}`);
    console.log(`  median ${Math.round(lcp.median.lcp)} ms  budget ${LCP_BUDGET_MS} ms  ${lcpOk ? 'OK' : 'OVER'}`);
  }
  if (!jsOk || !lcpOk) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
