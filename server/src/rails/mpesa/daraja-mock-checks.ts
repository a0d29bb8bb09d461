/**
 * What the Daraja mock refuses, and how, kept apart from what it does (daraja-mock.ts): as strict as
 * Daraja where Daraja refuses (credentials, access tokens, TransactionType, CommandID, AccountReference)
 * and as lenient where it accepts (numbers or numeric strings for BusinessShortCode, PartyA, PartyB,
 * PhoneNumber, Amount). Each check answers a refusal with Daraja's own status and body, or null.
 *
 * Access tokens are signed, not stored: any server process with the same consumer secret accepts the
 * tokens another one issued, until they expire (Daraja: 3599 seconds).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { stkPassword } from './daraja-client.ts';

export interface DarajaRefusal {
  status: number;
  body: { requestId: string; errorCode: string; errorMessage: string };
}

export const ACCESS_TOKEN_TTL_SECONDS = 3599;

/** The CommandIDs Daraja's B2C payment request takes. */
export const B2C_COMMAND_IDS = ['SalaryPayment', 'BusinessPayment', 'PromotionPayment'] as const;
/** The mock's shortcode is a PayBill (like the sandbox's 174379), which refuses CustomerBuyGoodsOnline. */
export const STK_TRANSACTION_TYPES = ['CustomerPayBillOnline'] as const;
export const ACCOUNT_REFERENCE_MAX_LENGTH = 12;

const kenyanMsisdn = /^254[17]\d{8}$/;

function refusal(status: number, errorCode: string, errorMessage: string): DarajaRefusal {
  return { status, body: { requestId: `${randomBytes(4).toString('hex')}-${Date.now()}-1`, errorCode, errorMessage } };
}

export const badRequest = (field: string) => refusal(400, '400.002.02', `Bad Request - Invalid ${field}`);
export const invalidAccessToken = () => refusal(401, '404.001.03', 'Invalid Access Token');

/** Daraja takes these as JSON numbers or strings of digits. */
function digits(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return value;
  return null;
}

/** A whole, positive amount, as a number or a numeric string. */
function wholeAmount(value: unknown): number | null {
  const amount = typeof value === 'number' ? value : typeof value === 'string' && /^\d+(\.0+)?$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(amount) && amount >= 1 ? amount : null;
}

function sign(secret: string, expiresAt: number): string {
  return createHmac('sha256', `daraja-mock-token:${secret}`).update(String(expiresAt)).digest('base64url').slice(0, 28);
}

/** A token for `secret`, valid until `issuedAt` + 3599 s. */
export function issueAccessToken(secret: string, issuedAt: Date): { access_token: string; expires_in: string } {
  const expiresAt = Math.floor(issuedAt.getTime() / 1000) + ACCESS_TOKEN_TTL_SECONDS;
  return { access_token: `${expiresAt.toString(36)}${sign(secret, expiresAt)}`, expires_in: String(ACCESS_TOKEN_TTL_SECONDS) };
}

/** Every endpoint but OAuth: a bearer token this mock issued and that has not expired. */
export function checkAccessToken(authorization: string | undefined, secret: string, now: Date): DarajaRefusal | null {
  const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1] ?? '';
  const match = /^([0-9a-z]+)([\w-]{28})$/.exec(token);
  if (!match) return invalidAccessToken();
  const expiresAt = parseInt(match[1]!, 36);
  const expected = Buffer.from(sign(secret, expiresAt));
  const given = Buffer.from(match[2]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalidAccessToken();
  return expiresAt * 1000 > now.getTime() ? null : invalidAccessToken();
}

/** `GET /oauth/v1/generate?grant_type=client_credentials` with Basic base64(key:secret). */
export function checkOAuthRequest(
  authorization: string | undefined,
  grantType: unknown,
  credentials: { consumerKey: string; consumerSecret: string },
): DarajaRefusal | null {
  if (grantType !== 'client_credentials') return refusal(400, '400.008.02', 'Invalid grant type passed');
  const expected = Buffer.from(`Basic ${Buffer.from(`${credentials.consumerKey}:${credentials.consumerSecret}`).toString('base64')}`);
  const given = Buffer.from(authorization ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return refusal(400, '400.008.01', 'Invalid Authentication passed');
  }
  return null;
}

export interface ValidStkPush {
  phone: string;
  amount: number;
  callbackUrl: string;
}

/** `POST /mpesa/stkpush/v1/processrequest`, field by field in Daraja's order of complaints. */
export function checkStkPushRequest(
  body: Record<string, unknown>,
  options: { shortcode: string; passkey: string },
): { refusal: DarajaRefusal } | { request: ValidStkPush } {
  if (digits(body.BusinessShortCode) !== options.shortcode) return { refusal: badRequest('BusinessShortCode') };
  const timestamp = String(body.Timestamp ?? '');
  if (!/^\d{14}$/.test(timestamp)) return { refusal: badRequest('Timestamp') };
  if (body.Password !== stkPassword(options.shortcode, options.passkey, timestamp)) return { refusal: badRequest('Password') };
  if (!(STK_TRANSACTION_TYPES as readonly unknown[]).includes(body.TransactionType)) return { refusal: badRequest('TransactionType') };
  const amount = wholeAmount(body.Amount);
  if (amount === null) return { refusal: badRequest('Amount') };
  const partyA = digits(body.PartyA);
  if (!partyA || !kenyanMsisdn.test(partyA)) return { refusal: badRequest('PartyA') };
  if (digits(body.PartyB) !== options.shortcode) return { refusal: badRequest('PartyB') };
  const phone = digits(body.PhoneNumber);
  if (!phone || !kenyanMsisdn.test(phone)) return { refusal: badRequest('PhoneNumber') };
  if (typeof body.CallBackURL !== 'string') return { refusal: badRequest('CallBackURL') };
  const reference = body.AccountReference;
  if (typeof reference !== 'string' || reference.length === 0 || reference.length > ACCOUNT_REFERENCE_MAX_LENGTH) {
    return { refusal: badRequest('AccountReference') };
  }
  return { request: { phone, amount, callbackUrl: body.CallBackURL } };
}

export interface ValidB2c {
  phone: string;
  amount: number;
}

/** `POST /mpesa/b2c/v1|v3/paymentrequest`. */
export function checkB2cRequest(body: Record<string, unknown>): { refusal: DarajaRefusal } | { request: ValidB2c } {
  if (!body.InitiatorName || !body.SecurityCredential) return { refusal: badRequest('Initiator') };
  if (!(B2C_COMMAND_IDS as readonly unknown[]).includes(body.CommandID)) return { refusal: badRequest('CommandID') };
  const amount = wholeAmount(body.Amount);
  if (amount === null) return { refusal: badRequest('Amount') };
  if (digits(body.PartyA) === null) return { refusal: badRequest('PartyA') };
  const phone = digits(body.PartyB);
  if (!phone || !kenyanMsisdn.test(phone)) return { refusal: badRequest('PartyB') };
  return { request: { phone, amount } };
}
