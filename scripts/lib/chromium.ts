/**
 * Which Chromium the browser tests, `npm run budgets` (Lighthouse) and the axe checks drive, so that
 * `npm install && npm test` works on a machine with no browser installed:
 *
 * 1. `CHROMIUM_PATH`, when set (it must exist);
 * 2. a system Chromium or Chrome (Debian's /usr/bin/chromium …);
 * 3. the Chromium shipped inside the `@sparticuz/chromium` npm package (a devDependency: the browser is
 *    in the package itself, nothing is downloaded; the first call unpacks it to the temp folder).
 *
 * `CHROMIUM_BUNDLED=1` skips 1 and 2, to check the fallback on a machine that has a system browser.
 */
import { existsSync } from 'node:fs';

export interface ChromiumLaunch {
  executablePath: string;
  /** Command-line switches this binary needs, headless mode excluded (each caller picks its own). */
  args: string[];
  source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium';
}

const SYSTEM_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** Switches for a browser run as root in a container, without a GPU or background chatter. */
const COMMON_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/**
 * The package's switches (made for AWS Lambda) minus the ones that would make the browser lie about the
 * site, so tests and audits see the same-origin policy and mixed-content blocking of a real browser, and
 * minus `--single-process`, with which closing one browser context closes the whole browser.
 */
const BUNDLED_ARGS_DROPPED = [
  /^--single-process$/,
  /^--disable-web-security$/,
  /^--allow-running-insecure-content$/,
  /^--disable-site-isolation-trials$/,
  /^--headless/,
];

let bundled: Promise<ChromiumLaunch> | undefined;

async function bundledChromium(): Promise<ChromiumLaunch> {
  const { default: sparticuz } = await import('@sparticuz/chromium');
  // No WebGL in the tests: skips unpacking SwiftShader.
  sparticuz.setGraphicsMode = false;
  const executablePath = await sparticuz.executablePath();
  const args = sparticuz.args.filter((arg) => !BUNDLED_ARGS_DROPPED.some((dropped) => dropped.test(arg)));
  return { executablePath, args: [...new Set([...COMMON_ARGS, ...args])], source: '@sparticuz/chromium' };
}

export async function resolveChromium(env: NodeJS.ProcessEnv = process.env): Promise<ChromiumLaunch> {
  if (env.CHROMIUM_BUNDLED !== '1' && env.CHROMIUM_BUNDLED !== 'true') {
    if (env.CHROMIUM_PATH) {
      if (!existsSync(env.CHROMIUM_PATH)) throw new Error(`CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist`);
      return { executablePath: env.CHROMIUM_PATH, args: COMMON_ARGS, source: 'CHROMIUM_PATH' };
    }
    const system = SYSTEM_BROWSERS.find((candidate) => existsSync(candidate));
    if (system) return { executablePath: system, args: COMMON_ARGS, source: 'system' };
  }
  bundled ??= bundledChromium();
  return bundled;
}
