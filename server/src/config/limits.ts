/**
 * Abuse limits (`LIMIT_*` variables, README "Configuration"): how often one account may make the platform
 * text or prompt someone else's phone, and how often a phone may be texted or prompted at all.
 */
import { z } from 'zod';

const count = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

export const limitVariables = {
  /** Transactions one account may create per hour. */
  LIMIT_TRANSACTIONS_PER_HOUR: count(30),
  /** Invitations (SMS naming a phone that has no account as the seller) to one phone per day, all senders together. */
  LIMIT_INVITES_PER_PHONE_PER_DAY: count(5),
  /** Payment prompts (M-Pesa or Airtel Money) one account may start per hour. */
  LIMIT_PAYMENTS_PER_ACCOUNT_PER_HOUR: count(20),
  /** Payment prompts one phone may receive per hour, whoever starts them. */
  LIMIT_PAYMENTS_PER_PHONE_PER_HOUR: count(10),
  /** Accounts registered over USSD per phone per day (a refusal or a failed try counts too). */
  LIMIT_USSD_REGISTRATIONS_PER_PHONE_PER_DAY: count(3),
  /** First-PIN codes sent by SMS to one phone per hour over USSD. */
  LIMIT_USSD_CODES_PER_PHONE_PER_HOUR: count(3),
  /** Release codes the buyer may have sent again for one transaction per hour (each replaces the last). */
  LIMIT_RELEASE_CODE_RESENDS_PER_HOUR: count(3),
  /** Payment links one seller may create per hour. */
  LIMIT_PAYMENT_LINKS_PER_HOUR: count(30),
  /** Wrong passwords in 15 minutes for one account from one address before that pair is locked. */
  LIMIT_LOGIN_FAILURES: count(5),
};

export type LimitSettings = { [K in keyof typeof limitVariables]: z.infer<(typeof limitVariables)[K]> };

interface Rule {
  key: string;
  limit: number;
  windowSeconds: number;
}

const HOUR = 3600;
const DAY = 86_400;

/** The rules each door counts against (lib/rate-limit.ts keeps the counters in PostgreSQL). */
export const abuseRules = {
  transactionsByAccount: (limits: LimitSettings, accountId: string): Rule => ({
    key: `limit:transactions:account:${accountId}`,
    limit: limits.LIMIT_TRANSACTIONS_PER_HOUR,
    windowSeconds: HOUR,
  }),
  invitesToPhone: (limits: LimitSettings, phone: string): Rule => ({
    key: `limit:invites:phone:${phone}`,
    limit: limits.LIMIT_INVITES_PER_PHONE_PER_DAY,
    windowSeconds: DAY,
  }),
  paymentsByAccount: (limits: LimitSettings, accountId: string): Rule => ({
    key: `limit:payments:account:${accountId}`,
    limit: limits.LIMIT_PAYMENTS_PER_ACCOUNT_PER_HOUR,
    windowSeconds: HOUR,
  }),
  releaseCodeResends: (limits: LimitSettings, transactionId: string): Rule => ({
    key: `limit:release-code:transaction:${transactionId}`,
    limit: limits.LIMIT_RELEASE_CODE_RESENDS_PER_HOUR,
    windowSeconds: HOUR,
  }),
  paymentLinksByAccount: (limits: LimitSettings, accountId: string): Rule => ({
    key: `limit:payment-links:account:${accountId}`,
    limit: limits.LIMIT_PAYMENT_LINKS_PER_HOUR,
    windowSeconds: HOUR,
  }),
  paymentsToPhone: (limits: LimitSettings, phone: string): Rule => ({
    key: `limit:payments:phone:${phone}`,
    limit: limits.LIMIT_PAYMENTS_PER_PHONE_PER_HOUR,
    windowSeconds: HOUR,
  }),
};
