/**
 * `npm run budgets`: the public pages against their performance, accessibility and SEO goals, measured
 * the way a phone on a slow network meets the product.
 *
 * 1. Home page initial JavaScript ≤ 150 kB gzip: the module scripts and modulepreload tags of the home
 *    page's HTML plus the chunks they import statically (Vite's manifest), each gzipped.
 * 2. Lighthouse (the npm package, its default mobile preset: simulated slow 4G and 4× CPU slowdown) on
 *    every public route of client/src/app/public-routes.ts, served by the real server (started here on a
 *    fresh embedded database with the built client, or `--url` for one already running): Performance
 *    ≥ 90, LCP ≤ 2.5 s, Accessibility, Best Practices and SEO 100. Pages that ask not to be indexed
 *    (login, signup) may fail the one SEO audit about that.
 * 3. No public page fetches the admin dashboard's code (its chunks, from the manifest).
 *
 * Options: --build (run `npm run build` first), --runs N (Lighthouse runs per route, median; default 1),
 * --routes /,/pricing (a subset), --url BASE (measure a running server), --dist DIR (another build
 * output), --js-only (the JavaScript budget alone, in a second), --json, --report-only GOALS (comma-separated
 * goals of `GOAL_KINDS` that are printed when missed but do not fail the run). Exits 1 when a goal is missed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { PUBLIC_ROUTES, type PublicRoute } from '../client/src/app/public-routes.ts';
import { parseEnv } from '../server/src/config/env.ts';
import { startRuntime } from '../server/src/main.ts';
import { resolveChromium } from './lib/chromium.ts';
import { projectRoot } from './lib/paths.ts';

export const GOALS = {
  homeInitialJsGzipBytes: 150 * 1000,
  performance: 90,
  lcpMs: 2500,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
} as const;

/**
 * The goals by kind, for `--report-only`: `initial-js` (the home page's JavaScript), `speed` (Performance
 * score and LCP: they vary with the machine's load), `audits` (Accessibility, Best Practices and SEO
 * audits), `admin-code` (no admin chunk fetched by a public page).
 */
export const GOAL_KINDS = ['initial-js', 'speed', 'audits', 'admin-code'] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];

export interface MissedGoal {
  kind: GoalKind;
  text: string;
}

/** The SEO audit a page fails by design when it asks search engines not to index it. */
const NOINDEX_AUDIT = 'is-crawlable';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: build.manifest must be on in client/vite.config.ts`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The files of the chunks at `keys` and everything they import statically. */
function staticClosure(manifest: Manifest, keys: Iterable<string>): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/** What the home page's HTML makes the browser fetch before the page can run, gzipped file by file. */
export function measureInitialJs(distDir: string) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifest = readManifest(distDir);
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const fromHtml = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g)) fromHtml.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)) fromHtml.add(match[1]!);
  if (fromHtml.size === 0) throw new Error('dist/index.html has no module scripts: is the build complete?');
  const files = staticClosure(
    manifest,
    [...fromHtml].map((file) => keyOfFile.get(file) ?? file),
  );
  for (const file of fromHtml) files.add(file);
  const sizes = [...files].map((file) => ({ file, gzip: gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length }));
  sizes.sort((a, b) => b.gzip - a.gzip);
  return { files: sizes, totalGzip: sizes.reduce((sum, entry) => sum + entry.gzip, 0) };
}

/**
 * Chunks only the admin dashboard needs: reachable from admin modules, and not from the entry or the
 * public pages (lazy sections of those included) without passing through the signed-in dashboard.
 */
export function adminOnlyFiles(distDir: string): Set<string> {
  const manifest = readManifest(distDir);
  const isPrivate = (key: string) => key.endsWith('src/pages/dashboard.tsx');
  const publicFiles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || isPrivate(key) || publicFiles.has(chunk.file)) return;
    publicFiles.add(chunk.file);
    for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  const adminKeys = Object.keys(manifest).filter((key) => key.includes('src/features/admin/'));
  return new Set([...staticClosure(manifest, adminKeys)].filter((file) => !publicFiles.has(file)));
}

export interface RouteResult {
  path: string;
  performance: number;
  lcpMs: number;
  /** The other metrics of the performance score, to tell what pulled it down. */
  fcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Failing audits of the categories that must score 100 (the noindex audit of a noindex page excepted). */
  failingAudits: string[];
  scriptsFetched: string[];
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function summarise(route: PublicRoute, lhr: LighthouseResult): RouteResult {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
  const failingAudits: string[] = [];
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score === 1) continue;
      if (ref.id === NOINDEX_AUDIT && !route.indexable) continue;
      const items = (audit.details as { items?: unknown[] } | undefined)?.items ?? [];
      failingAudits.push(`${id}: ${ref.id} (${audit.title})${items.length ? ` ${JSON.stringify(items).slice(0, 400)}` : ''}`);
    }
  }
  const requests =
    (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
  return {
    path: route.path,
    performance: score('performance'),
    lcpMs: metric('largest-contentful-paint'),
    fcpMs: metric('first-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    speedIndexMs: metric('speed-index'),
    cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN) * 1000) / 1000,
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    failingAudits,
    scriptsFetched: requests
      .filter((request) => request.resourceType === 'Script')
      .map((request) => new URL(request.url).pathname.slice(1)),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Lighthouse sometimes loses the trace of a load (NO_NAVSTART, NO_FCP on a busy machine): measure again. */
async function auditPage(url: string, port: number, attempts = 3): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' };
    if (!error) return result!.lhr;
    if (attempt >= attempts) throw new Error(`Lighthouse on ${url}: ${error.message} (${error.code})`);
  }
}

/** Lighthouse's mobile preset on each route, `runs` times, one Chromium for all of them. */
export async function runLighthouse(baseUrl: string, routes: PublicRoute[], runs: number): Promise<RouteResult[]> {
  const { executablePath, args: chromiumArgs } = await resolveChromium();
  const chrome = await chromeLauncher.launch({ chromePath: executablePath, chromeFlags: ['--headless=new', ...chromiumArgs] });
  const results: RouteResult[] = [];
  try {
    for (const route of routes) {
      const samples: RouteResult[] = [];
      for (let run = 0; run < runs; run++) {
        samples.push(summarise(route, await auditPage(`${baseUrl}${route.path}`, chrome.port)));
      }
      // The run with the median Performance score, its figures together, but the goals' two numbers are
      // each the median of all runs: one slow run on a busy machine decides nothing.
      const performance = median(samples.map((sample) => sample.performance));
      const typical = samples.find((sample) => sample.performance === performance)!;
      results.push({ ...typical, lcpMs: median(samples.map((sample) => sample.lcpMs)) });
    }
  } finally {
    chrome.kill();
  }
  return results;
}

export function missedGoals(result: RouteResult, adminFiles: Set<string>): MissedGoal[] {
  const missed: MissedGoal[] = [];
  if (result.performance < GOALS.performance)
    missed.push({ kind: 'speed', text: `Performance ${result.performance} < ${GOALS.performance}` });
  if (!(result.lcpMs <= GOALS.lcpMs)) missed.push({ kind: 'speed', text: `LCP ${result.lcpMs} ms > ${GOALS.lcpMs} ms` });
  missed.push(...result.failingAudits.map((text) => ({ kind: 'audits' as const, text })));
  const admin = result.scriptsFetched.filter((file) => adminFiles.has(file));
  if (admin.length > 0) missed.push({ kind: 'admin-code', text: `fetched admin code: ${admin.join(', ')}` });
  return missed;
}

function parseReportOnly(value: string | undefined): Set<GoalKind> {
  const kinds = (value ?? '').split(',').filter(Boolean);
  const unknown = kinds.filter((kind) => !(GOAL_KINDS as readonly string[]).includes(kind));
  if (unknown.length) throw new Error(`--report-only: unknown goal ${unknown.join(', ')} (known: ${GOAL_KINDS.join(', ')})`);
  return new Set(kinds as GoalKind[]);
}

/** The product as `npm start` runs it, on a throw-away embedded database, serving `distDir`. */
async function startProduct(distDir: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'escrow-budgets-'));
  const env = parseEnv({
    ...process.env,
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    JOBS_ENABLED: 'false',
    CLIENT_DIST_DIR: distDir,
    DATABASE_URL: undefined,
  });
  const runtime = await startRuntime({ env, dataDir, say: () => {} });
  return {
    url: runtime.url.replace('localhost', '127.0.0.1'),
    async stop() {
      await runtime.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function printInitialJs(js: ReturnType<typeof measureInitialJs>) {
  console.log(`Home page initial JavaScript (gzip -9), goal ≤ ${kb(GOALS.homeInitialJsGzipBytes)}:`);
  for (const entry of js.files) console.log(`  ${kb(entry.gzip).padStart(9)}  ${entry.file}`);
  console.log(`  total ${kb(js.totalGzip)}  ${js.totalGzip <= GOALS.homeInitialJsGzipBytes ? 'OK' : 'OVER'}`);
}

async function main() {
  const distDir = path.resolve(option('--dist') ?? path.join(projectRoot, 'client', 'dist'));
  const runs = Number(option('--runs') ?? 1);
  const reportOnly = parseReportOnly(option('--report-only'));
  const only = option('--routes')?.split(',');
  const routes = only ? PUBLIC_ROUTES.filter((route) => only.includes(route.path)) : PUBLIC_ROUTES;
  if (args.includes('--build') || !existsSync(path.join(distDir, 'index.html'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('client build failed');
  }

  const js = measureInitialJs(distDir);
  const adminFiles = adminOnlyFiles(distDir);
  if (args.includes('--js-only')) {
    printInitialJs(js);
    if (js.totalGzip > GOALS.homeInitialJsGzipBytes && !reportOnly.has('initial-js')) process.exitCode = 1;
    return;
  }
  const given = option('--url');
  const product = given ? { url: given.replace(/\/+$/, ''), stop: async () => {} } : await startProduct(distDir);
  let results: RouteResult[];
  try {
    results = await runLighthouse(product.url, routes, runs);
  } finally {
    await product.stop();
  }

  const jsOk = js.totalGzip <= GOALS.homeInitialJsGzipBytes;
  const missed = results.map((result) => ({ path: result.path, missed: missedGoals(result, adminFiles) }));
  const ok = jsOk && missed.every((entry) => entry.missed.length === 0);
  const blocking =
    (!jsOk && !reportOnly.has('initial-js')) || missed.some((entry) => entry.missed.some((goal) => !reportOnly.has(goal.kind)));

  if (args.includes('--json')) {
    console.log(JSON.stringify({ goals: GOALS, js, results, missed, ok, blocking }, null, 2));
  } else {
    printInitialJs(js);
    console.log(`\nLighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile preset, ${product.url}:\n`);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log('| route | Performance | LCP | FCP | TBT | Speed Index | CLS | Accessibility | Best Practices | SEO |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const result of results) {
      console.log(
        `| \`${result.path}\` | ${result.performance} | ${seconds(result.lcpMs)} | ${seconds(result.fcpMs)} | ${result.tbtMs} ms | ${seconds(result.speedIndexMs)} | ${result.cls} | ${result.accessibility} | ${result.bestPractices} | ${result.seo} |`,
      );
    }
    for (const entry of missed) {
      if (entry.missed.length) console.log(`\n${entry.path} misses: ${entry.missed.map((goal) => goal.text).join('; ')}`);
    }
    const notBlocking = reportOnly.size ? ` (${[...reportOnly].join(', ')}: reported, not blocking)` : '';
    console.log(`\n${ok ? 'All goals met.' : blocking ? 'Goals missed.' : `Only goals that do not block were missed${notBlocking}.`}`);
  }
  if (blocking) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
