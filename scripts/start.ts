/**
 * `npm start`: the whole product on one port, on embedded PostgreSQL unless DATABASE_URL is set.
 * Builds the client first when client/dist is missing. Ctrl-C stops PostgreSQL cleanly.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD } from '../server/src/seed/seed.ts';
import { PROJECT_ROOT, startRuntime } from '../server/src/main.ts';
import { DEFAULT_ADMIN_PASSWORD, parseEnv, productionRefusals } from '../server/src/config/env.ts';
import { EmbeddedClusterRunning } from '../server/src/db/embedded-postgres.ts';

const startedAt = performance.now();
let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const refusals = productionRefusals(env);
if (refusals.length > 0) {
  console.error(`Refusing to start with NODE_ENV=production:\n${refusals.map((line) => `  - ${line}`).join('\n')}`);
  process.exit(1);
}

const clientIndex = path.join(PROJECT_ROOT, 'client', 'dist', 'index.html');
if (!existsSync(clientIndex) && !env.CLIENT_DIST_DIR) {
  console.log('Building the web client (first start only)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'client'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The client build failed; the API will start without the web client.');
  }
}

const runtime = await startRuntime({ env }).catch((error: unknown) => {
  // The two ways a second start on one machine fails, said in words with what to do instead.
  if (error instanceof EmbeddedClusterRunning) {
    console.error(`${error.message}
Another \`npm start\` from this checkout is probably still up. Stop it (Ctrl-C in its terminal), or start
this one as a second app node on the same database:
  DATABASE_URL='${error.url('escrow')}' PORT=${env.PORT + 1} npm start`);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Port ${env.PORT} is already in use by another program (perhaps another \`npm start\`).
Start on a free port instead, e.g.:  PORT=${env.PORT + 1} npm start`);
  } else {
    throw error;
  }
  process.exit(1);
});
const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
const line = '─'.repeat(64);
console.log(`
${line}
  Escrow Kenya is ready in ${seconds}s at ${runtime.url}
  API docs:        ${runtime.url}/api/docs
${runtime.config.IS_DEMO ? `  USSD simulator:  ${runtime.url}/ussd-simulator   (dial *384*40#)\n  Demo mode: the M-Pesa, Airtel Money and SMS rails are the built-in mocks; no real money moves.\n  M-Pesa test phones: …1032 cancels, …0001 no funds, …2001 wrong PIN, …1037 no answer\n` : ''}
  Admin login:     0${runtime.adminPhone.slice(3)} / ${env.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD ? `${DEFAULT_ADMIN_PASSWORD} (set ADMIN_PASSWORD)` : '(ADMIN_PASSWORD)'}
${
  // Only the demo accounts that exist: a production start has none (SEED_DEMO_DATA is off there).
  runtime.demoUsers.length > 0
    ? `  Demo logins (password ${DEMO_PASSWORD}):\n${runtime.demoUsers.map((user) => `    0${user.phone.slice(3)}  ${user.firstName} ${user.lastName} (${user.userType})`).join('\n')}\n`
    : ''
}${
  runtime.isEmbeddedDatabase
    ? `
  Database (embedded): ${runtime.databaseUrl}
  Another app node joins it from this checkout:
    DATABASE_URL='${runtime.databaseUrl}' PORT=${runtime.config.PORT + 1} npm start
`
    : ''
}${line}
`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal} received: stopping the server and PostgreSQL…`);
  await runtime.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
