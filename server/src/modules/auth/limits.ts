/**
 * The auth rate limits (docs/contract.md "Abuse limits": keyed first by phone or account; per-IP limits generous because
 * Kenyan mobile users share addresses behind carrier NAT).
 */
import { CODE_RESEND_COOLDOWN_SECONDS } from '@escrow/core/contract/auth';
import type { RateLimitRule } from '../../lib/rate-limit.ts';

/** Requests a minute from one IP address to one auth action: a flood guard, not a brute-force guard. */
export const IP_REQUESTS_PER_MINUTE = 200;
/**
 * Wrong passwords per account (or unknown identifier) **and** address in 15 minutes before that pair is
 * refused (LIMIT_LOGIN_FAILURES): a stranger elsewhere cannot lock the owner out, and the owner can
 * always unlock with the SMS reset. The default; the configured value is passed to the rules below.
 */
export const LOGIN_ATTEMPTS = { limit: 5, windowSeconds: 15 * 60 } as const;
/** Account-wide failures (every address) past which each login waits before its password is checked. */
export const LOGIN_SLOWDOWN = { afterFailures: 10, stepMs: 200, maxDelayMs: 2000 } as const;
/** Codes checked per phone, whatever the code: 5 wrong tries burn one code, this caps guesses across codes. */
export const CODE_CHECKS = { limit: 10, windowSeconds: 15 * 60 } as const;
/** Codes sent per phone and purpose per hour (besides the one-minute cooldown). */
export const CODES_PER_HOUR = 5;

export type AuthAction = 'register' | 'login' | 'send_code' | 'verify_code' | 'forgot_password';

export const ipRule = (action: AuthAction, ip: string): RateLimitRule => ({
  key: `auth:${action}:ip:${ip}`,
  limit: IP_REQUESTS_PER_MINUTE,
  windowSeconds: 60,
});

/** Keyed by the account when it exists, else by what was typed, so unknown accounts are limited alike. */
export const loginAttemptsKey = (account: string) => `auth:login:account:${account}`;
/** Failures of one account from one address: the lock. */
export const loginPairRule = (account: string, ip: string, limit: number = LOGIN_ATTEMPTS.limit): RateLimitRule => ({
  key: `${loginAttemptsKey(account)}:ip:${ip}`,
  limit,
  windowSeconds: LOGIN_ATTEMPTS.windowSeconds,
});
/** Failures of one account from every address: only slows logins down, never locks. */
export const loginAccountRule = (account: string): RateLimitRule => ({
  key: `${loginAttemptsKey(account)}:all`,
  limit: LOGIN_SLOWDOWN.afterFailures,
  windowSeconds: LOGIN_ATTEMPTS.windowSeconds,
});

export const codeChecksRule = (purpose: string, phone: string): RateLimitRule => ({
  key: `auth:code_check:${purpose}:${phone}`,
  ...CODE_CHECKS,
});

export const codeCooldownRule = (purpose: string, phone: string): RateLimitRule => ({
  key: `auth:code_cooldown:${purpose}:${phone}`,
  limit: 1,
  windowSeconds: CODE_RESEND_COOLDOWN_SECONDS,
});

export const codesPerHourRule = (purpose: string, phone: string): RateLimitRule => ({
  key: `auth:code_hourly:${purpose}:${phone}`,
  limit: CODES_PER_HOUR,
  windowSeconds: 3600,
});
