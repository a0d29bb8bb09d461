/**
 * The server process of `npm run bench` (scripts/bench.ts): the real app on DATABASE_URL and PORT
 * (loopback), job worker on as in production, plus `GET /bench/bare` — a constant JSON answer with no
 * database, auth or validation — so the benchmark can compare every endpoint with what Fastify itself
 * costs in the same process. Logs as production does (LOG_LEVEL from the environment, default info,
 * gathered in batches to stdout, which the bench sends to a file). Prints READY on stderr when it
 * listens; SIGTERM closes it (and writes the CPU profile when started with --cpu-prof).
 *
 * The same script, started with BENCH_PUBLIC_BASE_URL (the product's address) and JOBS_ENABLED=false, is the
 * bench's stand-in for Safaricom and Africa's Talking: the product's rails point at it (BENCH_RAILS_URL), and
 * its mocks call back to the product, so the product's process does only the product's work, as in
 * production where those services are not in our process.
 */
import { buildApp } from '../../server/src/app.ts';
import { parseEnv, resolveConfig } from '../../server/src/config/env.ts';

const databaseUrl = process.env.DATABASE_URL;
const port = Number(process.env.PORT);
const jwtSecret = process.env.JWT_SECRET;
const callbackSecret = process.env.MPESA_CALLBACK_SECRET;
if (!databaseUrl || !port || !jwtSecret || !callbackSecret) {
  console.error('bench-server: DATABASE_URL, PORT, JWT_SECRET and MPESA_CALLBACK_SECRET are required');
  process.exit(2);
}

const base = `http://127.0.0.1:${port}`;
const railsBase = process.env.BENCH_RAILS_URL ?? base;
const env = parseEnv({ NODE_ENV: 'production', ...process.env });
const config = resolveConfig(env, { databaseUrl, jwtSecret, callbackSecret, port });
const app = await buildApp({
  ...config,
  PUBLIC_BASE_URL: process.env.BENCH_PUBLIC_BASE_URL ?? base,
  MPESA_BASE_URL: `${railsBase}/mock/daraja`,
  SMS_BASE_URL: `${railsBase}/mock/africastalking`,
});
app.get('/bench/bare', async () => ({ success: true, message: 'bare', data: { ok: true } }));
await app.listen({ port, host: '127.0.0.1' });
process.stderr.write('READY\n');

process.once('SIGTERM', () => {
  void app.close().finally(() => process.exit(0));
});
