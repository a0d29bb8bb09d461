/**
 * Configuration, validated once at boot (docs/contract.md "Configuration"). A bad value stops the server
 * with a message naming the variable instead of failing later.
 */
import { isIP } from 'node:net';
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { limitVariables } from './limits.ts';

/** The admin password the README documents for demos; production refuses to start with it. */
export const DEFAULT_ADMIN_PASSWORD = 'Admin@2026!';

const splitList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * How long a request to a payment rail is waited for (rails/http.ts). A rail is asked what became of a
 * request (STK_RECONCILE_AFTER_SECONDS, PAYOUT_RECONCILE_AFTER_SECONDS) only once the request itself can no
 * longer be on its way: asked sooner, the rail may answer that it has no such request while it is still in
 * flight, and a payout is then sent again (the payee paid twice), or a payment failed while its prompt is
 * about to reach the phone.
 */
export const RAIL_REQUEST_TIMEOUT_SECONDS = 15;

/**
 * The settings that must outlast a rail request, each with its refusal. The test suites shorten them
 * against the built-in mocks, which answer in milliseconds, to see reconciliation within a test.
 */
function timingIssues(env: Env): string[] {
  if (env.NODE_ENV === 'test') return [];
  return (['STK_RECONCILE_AFTER_SECONDS', 'PAYOUT_RECONCILE_AFTER_SECONDS'] as const)
    .filter((name) => env[name] < RAIL_REQUEST_TIMEOUT_SECONDS)
    .map(
      (name) =>
        `${name}: must be at least ${RAIL_REQUEST_TIMEOUT_SECONDS} (seconds), the time a rail request is waited for: asked sooner, the rail may not know a request still on its way, and a payment is failed or a payout sent twice`,
    );
}

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
  ADMIN_PHONE: z.string().default('0700000001'),
  ADMIN_PASSWORD: z.string().min(8).default(DEFAULT_ADMIN_PASSWORD),
  SEED_DEMO_DATA: booleanFromString.optional(),
  PUBLIC_BASE_URL: z.string().url().optional(),
  MPESA_BASE_URL: z.string().url().optional(),
  MPESA_CONSUMER_KEY: z.string().default('mock-consumer-key'),
  MPESA_CONSUMER_SECRET: z.string().default('mock-consumer-secret'),
  MPESA_SHORTCODE: z.string().default('174379'),
  MPESA_PASSKEY: z.string().default('bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919'),
  MPESA_B2C_SHORTCODE: z.string().default('600000'),
  MPESA_INITIATOR_NAME: z.string().default('testapi'),
  MPESA_SECURITY_CREDENTIAL: z.string().default('mock-security-credential'),
  /** Secret path segment of the callback URLs handed to Daraja, so strangers cannot post fake callbacks. */
  MPESA_CALLBACK_SECRET: z.string().min(16).optional(),
  /** Airtel Money (Airtel Africa's open API); unset AIRTEL_BASE_URL = the built-in mock at /mock/airtel. */
  AIRTEL_BASE_URL: z.string().url().optional(),
  AIRTEL_CLIENT_ID: z.string().default('mock-airtel-client-id'),
  AIRTEL_CLIENT_SECRET: z.string().default('mock-airtel-client-secret'),
  /** The disbursement PIN, encrypted with Airtel's public key (their API takes it so). */
  AIRTEL_ENCRYPTED_PIN: z.string().default('mock-airtel-encrypted-pin'),
  /** Secret path segment of the collection callback URL registered with Airtel, so strangers cannot post fake callbacks. */
  AIRTEL_CALLBACK_SECRET: z.string().min(16).optional(),
  /** Secret path segment of the Africa's Talking callbacks (USSD, SMS delivery reports). */
  AT_CALLBACK_SECRET: z.string().min(16).optional(),
  /** Addresses or CIDRs allowed to call the gateway callbacks (Daraja, Africa's Talking); unset = any. */
  GATEWAY_ALLOWED_IPS: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      for (const entry of splitList(value)) {
        if (!isAddressOrCidr(entry)) ctx.addIssue({ code: 'custom', message: `not an IP address or CIDR: ${entry}` });
      }
    }),
  /** `true` lets NODE_ENV=production run on the built-in mocks (a staging demo). */
  ALLOW_MOCK_RAILS: booleanFromString.default(false),
  MPESA_MOCK_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1500),
  /** How long the mock's "never answers" customer (…1037) takes before STK query reports 1037. */
  MPESA_MOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  SMS_BASE_URL: z.string().url().optional(),
  SMS_USERNAME: z.string().default('sandbox'),
  SMS_API_KEY: z.string().default('mock-api-key'),
  SMS_SENDER_ID: z.string().default('ESCROW'),
  /** The buyer's inspection window after dispatch for Standard and Lipa Mdogo Mdogo (docs/adr/0011-standard-and-protected.md). */
  INSPECTION_WINDOW_SECONDS: z.coerce.number().int().min(0).default(259_200),
  /** The longer inspection window Protected Escrow buys (7 days). */
  PROTECTED_INSPECTION_WINDOW_SECONDS: z.coerce.number().int().min(0).default(604_800),
  /** How long to wait for an STK callback before asking Daraja with an STK query. */
  STK_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(1).default(90),
  /** How long a B2C payout may wait for its result before a Transaction Status query asks Daraja. */
  PAYOUT_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(1).default(300),
  JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(20).default(500),
  JOBS_ENABLED: booleanFromString.default(true),
  /** Jobs one node runs at once. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  /** A node whose job workers have not said they are alive for this long is dead: its jobs are retaken. */
  JOB_WORKER_DEAD_AFTER_SECONDS: z.coerce.number().min(1).default(30),
  /** How long the admin dashboard reuses a whole-table aggregate (0 = always recompute). */
  ADMIN_STATS_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CLIENT_DIST_DIR: z.string().optional(),
  /** Set when a load balancer sets X-Forwarded-For: a hop count (1) or a list of proxy addresses. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value): boolean | number | string => {
      if (value === undefined || value === '' || value === 'false') return false;
      if (value === 'true') return true;
      return /^\d+$/.test(value) ? Number(value) : value;
    }),
  CORS_ORIGINS: z.string().optional(),
  /** Bearer token for GET /metrics; unset, the route does not exist. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ...limitVariables,
});

export type Env = z.infer<typeof envSchema>;

/** Configuration the app runs with: env plus values the launcher resolved (database, secrets, URLs). */
export interface AppConfig extends Env {
  DATABASE_URL: string;
  JWT_SECRET: string;
  PUBLIC_BASE_URL: string;
  MPESA_BASE_URL: string;
  SMS_BASE_URL: string;
  MPESA_CALLBACK_SECRET: string;
  AT_CALLBACK_SECRET: string;
  AIRTEL_BASE_URL: string;
  AIRTEL_CALLBACK_SECRET: string;
  /** A rail is the built-in mock: the mocks and the USSD simulator are served, and nothing real moves. */
  IS_DEMO: boolean;
}

/** Demo mode: either rail is left on the built-in mock. Decided from the environment, before any default. */
export const isDemoMode = (env: Pick<Env, 'MPESA_BASE_URL' | 'SMS_BASE_URL' | 'AIRTEL_BASE_URL'>) =>
  !env.MPESA_BASE_URL || !env.SMS_BASE_URL || !env.AIRTEL_BASE_URL;

/**
 * What stops `NODE_ENV=production` from starting, one line per setting; checked before anything is
 * opened or connected (docs/SECURITY.md "Production checklist").
 */
export function productionRefusals(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const refusals: string[] = [];
  if (!env.DATABASE_URL) refusals.push('DATABASE_URL is not set: production needs its own PostgreSQL (the embedded one is for demos).');
  if (!env.JWT_SECRET) refusals.push('JWT_SECRET is not set: give a random secret of at least 32 characters.');
  if (env.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD) {
    refusals.push('ADMIN_PASSWORD is unset or the documented demo default: choose the admin password.');
  }
  if (isDemoMode(env)) {
    const names = (list: (string | false)[]) =>
      list
        .filter(Boolean)
        .join(', ')
        .replace(/, ([^,]*)$/, ' and $1');
    const mocks = names([
      !env.MPESA_BASE_URL && 'MPESA_BASE_URL',
      !env.SMS_BASE_URL && 'SMS_BASE_URL',
      !env.AIRTEL_BASE_URL && 'AIRTEL_BASE_URL',
    ]);
    const realMoney = names([!!env.MPESA_BASE_URL && 'MPESA_BASE_URL', !!env.AIRTEL_BASE_URL && 'AIRTEL_BASE_URL']);
    if (realMoney) {
      // Demo mode mounts every mock: beside a real money rail, the SMS mock's public inbox hands anyone the
      // codes that reset a real account's password, and a mock money rail funds escrows with money that
      // never came, paid out for real on the other rail. No ALLOW_MOCK_RAILS makes that a staging demo.
      refusals.push(
        `${mocks} unset while ${realMoney} ${realMoney.includes(' and ') ? 'are' : 'is'} real: demo mode would serve the mocks (every SMS code readable by anyone) beside real money; set every rail for real, or none for a staging demo.`,
      );
    } else if (!env.ALLOW_MOCK_RAILS) {
      refusals.push(
        `${mocks} unset: the rails are the built-in mocks (no real money or SMS); set ALLOW_MOCK_RAILS=true for a staging demo.`,
      );
    }
  }
  if (env.MPESA_BASE_URL || env.SMS_BASE_URL || env.AIRTEL_BASE_URL) {
    // A real gateway is handed `${PUBLIC_BASE_URL}/…` callback URLs (Daraja and Airtel take https only), and
    // payment links sent to buyers are built on it: the localhost default reaches nobody.
    const base = env.PUBLIC_BASE_URL ? new URL(env.PUBLIC_BASE_URL) : undefined;
    if (!base || base.protocol !== 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(base.hostname)) {
      refusals.push(
        'PUBLIC_BASE_URL is not the public https address of this deployment: real rails call back to it and payment links are built on it.',
      );
    }
  }
  if (env.MPESA_BASE_URL) {
    for (const name of MPESA_CREDENTIALS) {
      if (env[name] === envDefault(name)) refusals.push(`${name} is not set: the real M-Pesa rail (MPESA_BASE_URL) needs it.`);
    }
    if (!env.MPESA_CALLBACK_SECRET)
      refusals.push('MPESA_CALLBACK_SECRET is not set: the real M-Pesa rail needs a secret callback path (16+ characters).');
  }
  if (env.AIRTEL_BASE_URL) {
    for (const name of AIRTEL_CREDENTIALS) {
      if (env[name] === envDefault(name)) refusals.push(`${name} is not set: the real Airtel Money rail (AIRTEL_BASE_URL) needs it.`);
    }
    if (!env.AIRTEL_CALLBACK_SECRET)
      refusals.push('AIRTEL_CALLBACK_SECRET is not set: the real Airtel Money rail needs a secret callback path (16+ characters).');
  }
  if (env.SMS_BASE_URL) {
    for (const name of SMS_CREDENTIALS) {
      if (env[name] === envDefault(name)) refusals.push(`${name} is not set: the real SMS rail (SMS_BASE_URL) needs it.`);
    }
    if (!env.AT_CALLBACK_SECRET)
      refusals.push("AT_CALLBACK_SECRET is not set: the real Africa's Talking rail needs a secret callback path (16+ characters).");
  }
  return refusals;
}

const MPESA_CREDENTIALS = ['MPESA_CONSUMER_KEY', 'MPESA_CONSUMER_SECRET', 'MPESA_PASSKEY', 'MPESA_SECURITY_CREDENTIAL'] as const;
const SMS_CREDENTIALS = ['SMS_API_KEY'] as const;
const AIRTEL_CREDENTIALS = ['AIRTEL_CLIENT_ID', 'AIRTEL_CLIENT_SECRET', 'AIRTEL_ENCRYPTED_PIN'] as const;
const envDefault = (name: keyof Env) => (envSchema.shape[name] as z.ZodType).safeParse(undefined).data;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable (`FOO=`, or compose's `${FOO:-}`) means unset.
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(given);
  const invalid = (lines: string[]) => new Error(`Invalid configuration:\n${lines.map((line) => `  ${line}`).join('\n')}`);
  if (!result.success) throw invalid(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  const timing = timingIssues(result.data);
  if (timing.length > 0) throw invalid(timing);
  return result.data;
}

/** Fills the defaults that depend on other values (the port, the server's own mocks). */
export function resolveConfig(
  env: Env,
  resolved: {
    databaseUrl: string;
    jwtSecret: string;
    callbackSecret: string;
    atCallbackSecret?: string;
    airtelCallbackSecret?: string;
    port?: number;
  },
): AppConfig {
  const mpesaCallbackSecret = env.MPESA_CALLBACK_SECRET ?? resolved.callbackSecret;
  const port = resolved.port ?? env.PORT;
  const base = env.PUBLIC_BASE_URL ?? `http://localhost:${port}`;
  return {
    ...env,
    PORT: port,
    DATABASE_URL: resolved.databaseUrl,
    JWT_SECRET: env.JWT_SECRET ?? resolved.jwtSecret,
    MPESA_CALLBACK_SECRET: mpesaCallbackSecret,
    // Launchers that keep no second secret (tests, benchmarks) get one derived from the first.
    AT_CALLBACK_SECRET:
      env.AT_CALLBACK_SECRET ??
      resolved.atCallbackSecret ??
      createHmac('sha256', mpesaCallbackSecret).update('africastalking').digest('base64url').slice(0, 32),
    AIRTEL_CALLBACK_SECRET:
      env.AIRTEL_CALLBACK_SECRET ??
      resolved.airtelCallbackSecret ??
      createHmac('sha256', mpesaCallbackSecret).update('airtel').digest('base64url').slice(0, 32),
    IS_DEMO: isDemoMode(env),
    PUBLIC_BASE_URL: base,
    MPESA_BASE_URL: env.MPESA_BASE_URL ?? `${base}/mock/daraja`,
    SMS_BASE_URL: env.SMS_BASE_URL ?? `${base}/mock/africastalking`,
    AIRTEL_BASE_URL: env.AIRTEL_BASE_URL ?? `${base}/mock/airtel`,
  };
}
