/**
 * Configuration, validated once at boot (CONTRACT.md "Configuration"). A bad value stops the server
 * with a message naming the variable instead of failing later.
 */
import { z } from 'zod';

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const envSchema = z
  .object({
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
    ADMIN_PASSWORD: z.string().min(8).default('Admin@2026!'),
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
    MPESA_MOCK_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1500),
    /** How long the mock's "never answers" customer (…1037) takes before STK query reports 1037. */
    MPESA_MOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
    SMS_BASE_URL: z.string().url().optional(),
    SMS_USERNAME: z.string().default('sandbox'),
    SMS_API_KEY: z.string().default('mock-api-key'),
    SMS_SENDER_ID: z.string().default('ESCROW'),
    INSPECTION_WINDOW_SECONDS: z.coerce.number().int().min(0).default(259_200),
    /** How long to wait for an STK callback before asking Daraja with an STK query. */
    STK_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(1).default(90),
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
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'JWT_SECRET is required when NODE_ENV=production' });
    }
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
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** Fills the defaults that depend on other values (the port, the server's own mocks). */
export function resolveConfig(
  env: Env,
  resolved: { databaseUrl: string; jwtSecret: string; callbackSecret: string; port?: number },
): AppConfig {
  const port = resolved.port ?? env.PORT;
  const base = env.PUBLIC_BASE_URL ?? `http://localhost:${port}`;
  return {
    ...env,
    PORT: port,
    DATABASE_URL: resolved.databaseUrl,
    JWT_SECRET: env.JWT_SECRET ?? resolved.jwtSecret,
    MPESA_CALLBACK_SECRET: env.MPESA_CALLBACK_SECRET ?? resolved.callbackSecret,
    PUBLIC_BASE_URL: base,
    MPESA_BASE_URL: env.MPESA_BASE_URL ?? `${base}/mock/daraja`,
    SMS_BASE_URL: env.SMS_BASE_URL ?? `${base}/mock/africastalking`,
  };
}
