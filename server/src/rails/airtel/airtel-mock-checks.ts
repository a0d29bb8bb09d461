/**
 * What the Airtel Money mock refuses, and how, kept apart from what it does (airtel-mock.ts): client
 * credentials, bearer tokens (signed, not stored: any server process with the same client secret
 * accepts them until they expire, 180 seconds like Airtel's), the X-Country / X-Currency headers and the
 * request bodies. Each check answers a refusal with a status and body, or null.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AIRTEL_COUNTRY, AIRTEL_CURRENCY } from './airtel-client.ts';

export interface AirtelRefusal {
  status: number;
  body: unknown;
}

export const ACCESS_TOKEN_TTL_SECONDS = 180;

const sameText = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Airtel's envelope for a refused request. */
export function refusal(status: number, responseCode: string, message: string): AirtelRefusal {
  return {
    status,
    body: { status: { code: String(status), message, result_code: 'ESB000001', response_code: responseCode, success: false } },
  };
}

const sign = (secret: string, expiresAt: number) =>
  createHmac('sha256', `airtel-mock-token:${secret}`).update(String(expiresAt)).digest('base64url').slice(0, 32);

export function issueAccessToken(secret: string, issuedAt: Date) {
  const expiresAt = Math.floor(issuedAt.getTime() / 1000) + ACCESS_TOKEN_TTL_SECONDS;
  return {
    access_token: `${expiresAt.toString(36)}.${sign(secret, expiresAt)}`,
    expires_in: String(ACCESS_TOKEN_TTL_SECONDS),
    token_type: 'bearer',
  };
}

/** `POST /auth/oauth2/token` with the configured client id and secret and grant_type client_credentials. */
export function checkTokenRequest(
  body: Record<string, unknown>,
  credentials: { clientId: string; clientSecret: string },
): AirtelRefusal | null {
  if (body.grant_type !== 'client_credentials')
    return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Unsupported grant type' } };
  if (
    !sameText(String(body.client_id ?? ''), credentials.clientId) ||
    !sameText(String(body.client_secret ?? ''), credentials.clientSecret)
  ) {
    return { status: 401, body: { error: 'invalid_client', error_description: 'Client authentication failed' } };
  }
  return null;
}

/** Every endpoint but the token: a live bearer token this mock issued, and Kenya's country and currency. */
export function checkAuthorisedRequest(
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  now: Date,
): AirtelRefusal | null {
  const token = /^Bearer (\S+)$/i.exec(String(headers.authorization ?? ''))?.[1] ?? '';
  const [expiry, signature] = token.split('.');
  const expiresAt = parseInt(expiry ?? '', 36);
  if (!signature || !Number.isFinite(expiresAt) || !sameText(signature, sign(secret, expiresAt)) || expiresAt * 1000 <= now.getTime()) {
    return { status: 401, body: { error: 'invalid_token', error_description: 'Access token is invalid or has expired' } };
  }
  if (headers['x-country'] !== AIRTEL_COUNTRY) return refusal(400, 'DP00800001000', 'X-Country header is missing or not supported');
  if (headers['x-currency'] !== AIRTEL_CURRENCY) return refusal(400, 'DP00800001000', 'X-Currency header is missing or not supported');
  return null;
}

export interface CheckedTransfer {
  id: string;
  msisdn: string;
  amount: number;
}

const object = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
/** A Kenyan mobile number without the country code: nine digits starting 7 or 1. */
const kenyanMsisdn = /^[17]\d{8}$/;

function transfer(msisdn: unknown, transaction: Record<string, unknown>, codePrefix: string): CheckedTransfer | AirtelRefusal {
  const amount = typeof transaction.amount === 'number' ? transaction.amount : Number(transaction.amount);
  if (typeof msisdn !== 'string' || !kenyanMsisdn.test(msisdn))
    return refusal(400, `${codePrefix}012`, 'Invalid msisdn: send the number without the country code');
  if (!Number.isSafeInteger(amount) || amount < 1) return refusal(400, `${codePrefix}004`, 'Invalid amount');
  if (typeof transaction.id !== 'string' || !transaction.id || transaction.id.length > 64)
    return refusal(400, `${codePrefix}005`, 'Invalid transaction id');
  return { id: transaction.id, msisdn, amount };
}

/** `POST /merchant/v1/payments/`: reference, subscriber { country, currency, msisdn }, transaction { amount, country, currency, id }. */
export function checkCollectionRequest(body: Record<string, unknown>): CheckedTransfer | AirtelRefusal {
  const subscriber = object(body.subscriber);
  const transaction = object(body.transaction);
  if (typeof body.reference !== 'string' || !body.reference) return refusal(400, 'DP00800001000', 'Invalid reference');
  if (subscriber.country !== AIRTEL_COUNTRY || transaction.country !== AIRTEL_COUNTRY)
    return refusal(400, 'DP00800001000', 'Invalid country');
  if (subscriber.currency !== AIRTEL_CURRENCY || transaction.currency !== AIRTEL_CURRENCY)
    return refusal(400, 'DP00800001000', 'Invalid currency');
  return transfer(subscriber.msisdn, transaction, 'DP00800001');
}

/** `POST /standard/v1/disbursements/`: payee { msisdn }, reference, pin (encrypted), transaction { amount, id }. */
export function checkDisbursementRequest(body: Record<string, unknown>, encryptedPin: string): CheckedTransfer | AirtelRefusal {
  if (typeof body.reference !== 'string' || !body.reference) return refusal(400, 'DP00900001000', 'Invalid reference');
  if (!sameText(String(body.pin ?? ''), encryptedPin)) return refusal(400, 'DP00900001002', 'Incorrect PIN');
  return transfer(object(body.payee).msisdn, object(body.transaction), 'DP00900001');
}

export const isRefusal = (value: CheckedTransfer | AirtelRefusal): value is AirtelRefusal => 'status' in value && 'body' in value;
