/**
 * A client for Safaricom's Daraja API: OAuth, STK push (Lipa na M-Pesa Online), STK query, B2C and the
 * Transaction Status query.
 * It speaks the real HTTP shapes; by default MPESA_BASE_URL points at this server's mock
 * (rails/mpesa/daraja-mock.ts), and the sandbox works by configuration only.
 */
import { cutText } from '@escrow/core/domain/text';
import { RailError, railFetch, tokenRequest } from '../http.ts';

export interface DarajaConfig {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  b2cShortcode: string;
  initiatorName: string;
  securityCredential: string;
}

export interface StkPushRequest {
  phone: string;
  /** Whole shillings: M-Pesa takes no cents. */
  amount: number;
  accountReference: string;
  description: string;
  callbackUrl: string;
}

export interface StkPushResponse {
  MerchantRequestID: string;
  CheckoutRequestID: string;
  ResponseCode: string;
  ResponseDescription: string;
  CustomerMessage: string;
}

export interface StkQueryResponse {
  ResponseCode?: string;
  ResponseDescription?: string;
  MerchantRequestID?: string;
  CheckoutRequestID?: string;
  ResultCode?: string | number;
  ResultDesc?: string;
  /** Daraja answers 500 with these while the customer has not finished. */
  errorCode?: string;
  errorMessage?: string;
}

export interface B2cRequest {
  originatorConversationId: string;
  phone: string;
  amount: number;
  remarks: string;
  occasion?: string;
  resultUrl: string;
  timeoutUrl: string;
}

export interface B2cResponse {
  ConversationID: string;
  OriginatorConversationID: string;
  ResponseCode: string;
  ResponseDescription: string;
}

/** A Transaction Status query about a B2C request; the answer is posted to `resultUrl` later. */
export interface TransactionStatusRequest {
  /** The OriginatorConversationID of the B2C request asked about. */
  originatorConversationId: string;
  /** The M-Pesa receipt, when known. */
  transactionId?: string | null;
  remarks: string;
  occasion?: string;
  resultUrl: string;
  timeoutUrl: string;
}

export interface TransactionStatusResponse {
  OriginatorConversationID: string;
  ConversationID: string;
  ResponseCode: string;
  ResponseDescription: string;
}

export interface DarajaClient {
  stkPush(request: StkPushRequest): Promise<StkPushResponse>;
  stkQuery(checkoutRequestId: string): Promise<StkQueryResponse>;
  b2c(request: B2cRequest): Promise<B2cResponse>;
  transactionStatus(request: TransactionStatusRequest): Promise<TransactionStatusResponse>;
}

/** Daraja's timestamp: yyyyMMddHHmmss in Nairobi time (UTC+3, no daylight saving). */
export function darajaTimestamp(at: Date): string {
  const nairobi = new Date(at.getTime() + 3 * 3600_000);
  return nairobi.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** The STK Password: base64(shortcode + passkey + timestamp). */
export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');
}

/** Daraja's answer to an unknown, revoked or expired access token (`404.001.03`, HTTP 401 or 404). */
function isInvalidAccessToken(result: { status: number; body: unknown }): boolean {
  return result.status === 401 || (result.body as { errorCode?: unknown } | null)?.errorCode === '404.001.03';
}

export function createDarajaClient(config: DarajaConfig, now: () => Date = () => new Date()): DarajaClient {
  let token: { value: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 30_000) return token.value;
    const basic = Buffer.from(`${config.consumerKey}:${config.consumerSecret}`).toString('base64');
    const { status, body } = await tokenRequest(() =>
      railFetch<{ access_token?: string; expires_in?: string }>(`${config.baseUrl}/oauth/v1/generate?grant_type=client_credentials`, {
        headers: { Authorization: `Basic ${basic}` },
      }),
    );
    if (status !== 200 || !body?.access_token) throw new RailError(`Daraja OAuth failed (${status})`, status, body);
    token = { value: body.access_token, expiresAt: Date.now() + Number(body.expires_in ?? 3599) * 1000 };
    return token.value;
  }

  async function post<T>(path: string, json: unknown): Promise<{ status: number; body: T }> {
    const send = async () =>
      railFetch<T>(`${config.baseUrl}${path}`, { json, headers: { Authorization: `Bearer ${await accessToken()}` } });
    const result = await send();
    if (!isInvalidAccessToken(result)) return result;
    // Daraja revokes or expires a token before its expires_in now and then: fetch a new one, once.
    token = undefined;
    return send();
  }

  function credentials() {
    const timestamp = darajaTimestamp(now());
    return {
      BusinessShortCode: config.shortcode,
      Password: stkPassword(config.shortcode, config.passkey, timestamp),
      Timestamp: timestamp,
    };
  }

  return {
    async stkPush(request) {
      const { status, body } = await post<StkPushResponse & { errorMessage?: string }>('/mpesa/stkpush/v1/processrequest', {
        ...credentials(),
        TransactionType: 'CustomerPayBillOnline',
        Amount: request.amount,
        PartyA: request.phone,
        PartyB: config.shortcode,
        PhoneNumber: request.phone,
        CallBackURL: request.callbackUrl,
        AccountReference: request.accountReference.slice(0, 12),
        TransactionDesc: cutText(request.description, 13),
      });
      if (status !== 200 || body?.ResponseCode !== '0') {
        throw new RailError(`STK push rejected: ${body?.errorMessage ?? body?.ResponseDescription ?? status}`, status, body);
      }
      return body;
    },
    async stkQuery(checkoutRequestId) {
      const { body } = await post<StkQueryResponse>('/mpesa/stkpushquery/v1/query', {
        ...credentials(),
        CheckoutRequestID: checkoutRequestId,
      });
      return body ?? {};
    },
    async b2c(request) {
      const { status, body } = await post<B2cResponse & { errorMessage?: string }>('/mpesa/b2c/v3/paymentrequest', {
        OriginatorConversationID: request.originatorConversationId,
        InitiatorName: config.initiatorName,
        SecurityCredential: config.securityCredential,
        CommandID: 'BusinessPayment',
        Amount: request.amount,
        PartyA: config.b2cShortcode,
        PartyB: request.phone,
        Remarks: cutText(request.remarks, 100),
        QueueTimeOutURL: request.timeoutUrl,
        ResultURL: request.resultUrl,
        Occasion: cutText(request.occasion ?? '', 100),
      });
      if (status !== 200 || body?.ResponseCode !== '0') {
        throw new RailError(`B2C rejected: ${body?.errorMessage ?? body?.ResponseDescription ?? status}`, status, body);
      }
      return body;
    },
    transactionStatus: (request) => transactionStatusQuery(post, config, request),
  };
}

/** Daraja's Transaction Status API (`TransactionStatusQuery`), asked about a B2C request by its OriginatorConversationID. */
async function transactionStatusQuery(
  post: <T>(path: string, json: unknown) => Promise<{ status: number; body: T }>,
  config: DarajaConfig,
  request: TransactionStatusRequest,
): Promise<TransactionStatusResponse> {
  const { status, body } = await post<TransactionStatusResponse & { errorMessage?: string }>('/mpesa/transactionstatus/v1/query', {
    Initiator: config.initiatorName,
    SecurityCredential: config.securityCredential,
    CommandID: 'TransactionStatusQuery',
    TransactionID: request.transactionId ?? '',
    OriginatorConversationID: request.originatorConversationId,
    PartyA: config.b2cShortcode,
    IdentifierType: '4',
    ResultURL: request.resultUrl,
    QueueTimeOutURL: request.timeoutUrl,
    Remarks: cutText(request.remarks, 100),
    Occasion: cutText(request.occasion ?? '', 100),
  });
  if (status !== 200 || body?.ResponseCode !== '0') {
    throw new RailError(`Transaction Status query rejected: ${body?.errorMessage ?? body?.ResponseDescription ?? status}`, status, body);
  }
  return body;
}
