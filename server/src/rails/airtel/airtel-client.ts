/**
 * A client for Airtel Africa's open API (Airtel Money, Kenya): OAuth2 client-credentials token,
 * USSD-push collection, collection enquiry, disbursement and disbursement enquiry.
 * It speaks the real HTTP shapes; by default AIRTEL_BASE_URL points at this server's mock
 * (rails/airtel/airtel-mock.ts), and the real API works by configuration only.
 */
import { RailError, railFetch, tokenRequest } from '../http.ts';

export interface AirtelConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The disbursement PIN, encrypted with Airtel's public key as their API asks. */
  encryptedPin: string;
}

/** Airtel's envelope: `status` says whether the request was taken, `data` what it is about. */
export interface AirtelStatus {
  code: string;
  message: string;
  result_code?: string;
  response_code?: string;
  success: boolean;
}

export interface AirtelTransaction {
  id: string;
  /** TS succeeded, TF failed, TE expired, TIP in progress, TA ambiguous. */
  status?: string;
  message?: string;
  airtel_money_id?: string | null;
  reference_id?: string;
}

export interface AirtelAnswer {
  data?: { transaction?: AirtelTransaction };
  status?: AirtelStatus;
}

export const AIRTEL_COUNTRY = 'KE';
export const AIRTEL_CURRENCY = 'KES';

/** Airtel's msisdn: the number without the country code (254733123456 → 733123456). */
export const airtelMsisdn = (phone: string): string => (phone.startsWith('254') ? phone.slice(3) : phone.replace(/^0/, ''));

export interface AirtelClient {
  collect(request: { id: string; msisdn: string; amount: number; reference: string }): Promise<AirtelAnswer>;
  collectionStatus(id: string): Promise<AirtelAnswer>;
  disburse(request: { id: string; msisdn: string; amount: number; reference: string }): Promise<AirtelAnswer>;
  disbursementStatus(id: string): Promise<AirtelAnswer>;
}

const isUnauthorised = (status: number) => status === 401;

export function createAirtelClient(config: AirtelConfig): AirtelClient {
  let token: { value: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 15_000) return token.value;
    const { status, body } = await tokenRequest(() =>
      railFetch<{ access_token?: string; expires_in?: string | number }>(`${config.baseUrl}/auth/oauth2/token`, {
        json: { client_id: config.clientId, client_secret: config.clientSecret, grant_type: 'client_credentials' },
      }),
    );
    if (status !== 200 || !body?.access_token) throw new RailError(`Airtel OAuth failed (${status})`, status, body);
    token = { value: body.access_token, expiresAt: Date.now() + Number(body.expires_in ?? 180) * 1000 };
    return token.value;
  }

  async function call(method: 'GET' | 'POST', path: string, json?: unknown): Promise<{ status: number; body: AirtelAnswer }> {
    const send = async () =>
      railFetch<AirtelAnswer>(`${config.baseUrl}${path}`, {
        method,
        ...(json === undefined ? {} : { json }),
        headers: { Authorization: `Bearer ${await accessToken()}`, 'X-Country': AIRTEL_COUNTRY, 'X-Currency': AIRTEL_CURRENCY },
      });
    const result = await send();
    if (!isUnauthorised(result.status)) return result;
    // A token revoked or expired before its expires_in: fetch a new one, once.
    token = undefined;
    return send();
  }

  function accepted(what: string, result: { status: number; body: AirtelAnswer }): AirtelAnswer {
    if (result.status !== 200 || !result.body?.status) {
      throw new RailError(`Airtel ${what} refused: ${result.body?.status?.message ?? result.status}`, result.status, result.body);
    }
    return result.body;
  }

  return {
    async collect(request) {
      const result = await call('POST', '/merchant/v1/payments/', {
        reference: request.reference.slice(0, 64),
        subscriber: { country: AIRTEL_COUNTRY, currency: AIRTEL_CURRENCY, msisdn: request.msisdn },
        transaction: { amount: request.amount, country: AIRTEL_COUNTRY, currency: AIRTEL_CURRENCY, id: request.id },
      });
      const body = accepted('collection', result);
      if (!body.status?.success) throw new RailError(`Airtel collection refused: ${body.status?.message}`, result.status, body);
      return body;
    },
    async collectionStatus(id) {
      return accepted('enquiry', await call('GET', `/standard/v1/payments/${encodeURIComponent(id)}`));
    },
    async disburse(request) {
      return accepted(
        'disbursement',
        await call('POST', '/standard/v1/disbursements/', {
          payee: { msisdn: request.msisdn, wallet_type: 'NORMAL' },
          reference: request.reference.slice(0, 64),
          pin: config.encryptedPin,
          transaction: { amount: request.amount, id: request.id, type: 'B2C' },
        }),
      );
    },
    async disbursementStatus(id) {
      return accepted('disbursement enquiry', await call('GET', `/standard/v1/disbursements/${encodeURIComponent(id)}`));
    },
  };
}
