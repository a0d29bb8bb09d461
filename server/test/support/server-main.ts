/**
 * A server process for the fault tests (server/test/faults.int.test.ts): the real app, job worker
 * included as in production, on DATABASE_URL and PORT (loopback only), with the Daraja and Africa's
 * Talking mocks calling back to it. Prints READY once it listens. Run with `node --import tsx`.
 */
import { buildApp } from '../../src/app.ts';
import { parseEnv, resolveConfig } from '../../src/config/env.ts';

const databaseUrl = process.env.DATABASE_URL;
const port = Number(process.env.PORT);
const jwtSecret = process.env.JWT_SECRET;
const callbackSecret = process.env.MPESA_CALLBACK_SECRET;
if (!databaseUrl || !port || !jwtSecret || !callbackSecret) {
  console.error('server-main: DATABASE_URL, PORT, JWT_SECRET and MPESA_CALLBACK_SECRET are required');
  process.exit(2);
}

// Behind a load balancer (server/test/support/cluster.ts) the callbacks and the mocks go through it.
const base = process.env.PUBLIC_BASE_URL ?? `http://127.0.0.1:${port}`;
const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'warn', JOB_POLL_INTERVAL_MS: '50', ...process.env });
const config = resolveConfig(env, { databaseUrl, jwtSecret, callbackSecret, port });
const app = await buildApp(
  { ...config, PUBLIC_BASE_URL: base, MPESA_BASE_URL: `${base}/mock/daraja`, SMS_BASE_URL: `${base}/mock/africastalking` },
  { startJobs: true },
);
await app.listen({ port, host: '127.0.0.1' });
console.log('READY');

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().finally(() => process.exit(0));
  });
}
