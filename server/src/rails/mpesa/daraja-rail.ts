/**
 * The M-Pesa adapter of the payment-rail port: Daraja's STK push, STK query, B2C and Transaction Status
 * behind collect / query / pay out, and Daraja's result codes translated into RailResults here only.
 */
import type { PaymentRail, RailFailure, RailResult } from '../port.ts';
import { CollectionRefused, wholeShillings } from '../port.ts';
import { RailError } from '../http.ts';
import type { DarajaClient } from './daraja-client.ts';

export interface DarajaRailOptions {
  publicBaseUrl: string;
  /** The secret path segment of every callback URL handed to Daraja. */
  callbackSecret: string;
}

/** Daraja's Transaction Status answer when it has no transaction with the OriginatorConversationID asked about. */
export const STATUS_NOT_FOUND_CODE = 'R000002';

/**
 * Daraja's STK push and B2C result codes, in the port's words. Codes not listed (1025 "an error occurred
 * while sending a push request", 9999, …) are `other`.
 */
export const DARAJA_FAILURES: Readonly<Record<number, RailFailure>> = {
  /** "The balance is insufficient for the transaction." */
  1: 'insufficient_funds',
  /** "Unable to lock subscriber, a transaction is already in process for the current subscriber." */
  1001: 'payer_busy',
  /** "Transaction has expired": the prompt was not answered in time. */
  1019: 'timeout',
  /** "Request cancelled by user." */
  1032: 'cancelled_by_payer',
  /** "DS timeout user cannot be reached": the phone was off, out of reach, or never answered. */
  1037: 'timeout',
  /** "The initiator information is invalid.": for an STK push, a wrong M-Pesa PIN. */
  2001: 'wrong_pin',
  /** B2C: the receiving number is not an M-Pesa customer. */
  2040: 'unregistered',
};

/** Daraja's STK and B2C result codes, in the port's words. */
export function darajaResult(resultCode: number, resultDesc: string, receipt?: string | null, amount?: number | null): RailResult {
  if (resultCode === 0) {
    return {
      outcome: 'succeeded',
      receipt: receipt ?? null,
      amountCents: amount === undefined || amount === null ? null : BigInt(Math.round(amount * 100)),
      description: resultDesc,
    };
  }
  const failure = DARAJA_FAILURES[resultCode] ?? 'other';
  return {
    outcome: failure === 'cancelled_by_payer' ? 'cancelled' : 'failed',
    failure,
    description: resultDesc,
    railCode: String(resultCode),
  };
}

/**
 * What a Transaction Status answer says about a payout: only `Completed` paid; `Failed` (or declined,
 * cancelled, expired) and "M-Pesa never had the request" are definite failures; anything else is no answer.
 */
export function statusVerdict(result: {
  resultCode: string | number;
  transactionStatus: string | null;
}): 'completed' | 'failed' | 'unknown' {
  const code = String(result.resultCode);
  if (code === STATUS_NOT_FOUND_CODE) return 'failed';
  if (code !== '0') return 'unknown';
  const status = (result.transactionStatus ?? '').toLowerCase();
  if (status === 'completed') return 'completed';
  if (['failed', 'declined', 'cancelled', 'expired'].includes(status)) return 'failed';
  return 'unknown';
}

/** Daraja's words for a phone already in another STK transaction (HTTP 500, errorCode 500.001.1001). */
const SUBSCRIBER_LOCKED = /unable to lock subscriber|already in process for the current subscriber/i;

/**
 * Daraja's refusal of an STK push request, in its own body (errorCode and errorMessage, or a ResponseCode
 * other than 0): answered 400 (the request is wrong) or 200, or the phone busy with another STK transaction,
 * which Daraja answers 500. No prompt was sent. Anything else (an expired token, throttling, a server
 * error, no answer) is no refusal of this payment and stays a RailError.
 */
export function darajaRefusal(error: unknown): CollectionRefused | null {
  if (!(error instanceof RailError) || error.status === undefined) return null;
  const body = (error.body ?? {}) as { errorCode?: unknown; errorMessage?: unknown; ResponseCode?: unknown; ResponseDescription?: unknown };
  const words = [body.errorMessage, body.ResponseDescription].find((text): text is string => typeof text === 'string');
  if (words === undefined) return null;
  const code = [body.errorCode, body.ResponseCode].find((text): text is string => typeof text === 'string');
  if (SUBSCRIBER_LOCKED.test(words)) return new CollectionRefused('payer_busy', words, code);
  return error.status === 400 || error.status === 200 ? new CollectionRefused('refused', words, code) : null;
}

export function darajaCallbackUrls(options: DarajaRailOptions) {
  const base = `${options.publicBaseUrl}/api/payments/mpesa`;
  const secret = options.callbackSecret;
  return {
    stk: (paymentId: string) => `${base}/callback/${secret}?payment=${paymentId}`,
    b2c: { resultUrl: `${base}/b2c/result/${secret}`, timeoutUrl: `${base}/b2c/timeout/${secret}` },
    status: (payoutId: string) => ({
      resultUrl: `${base}/b2c/status/result/${secret}?payout=${payoutId}`,
      timeoutUrl: `${base}/b2c/status/timeout/${secret}?payout=${payoutId}`,
    }),
  };
}

/** `client` is read at each call, so a test may replace one of its methods to simulate a lost request. */
export function createDarajaRail(client: DarajaClient, options: DarajaRailOptions): PaymentRail & { client: DarajaClient } {
  const urls = darajaCallbackUrls(options);
  const rail = {
    name: 'mpesa' as const,
    displayName: 'M-Pesa',
    client,
    // Daraja names the request in its answer (CheckoutRequestID): unknown until that answer comes.
    collectionRequestId: () => null,
    async collect(request: Parameters<PaymentRail['collect']>[0]) {
      const answer = await rail.client
        .stkPush({
          phone: request.phone,
          amount: wholeShillings(request.amountCents),
          accountReference: request.reference.replaceAll('-', '').slice(0, 12),
          description: request.description,
          callbackUrl: urls.stk(request.paymentId),
        })
        .catch((error: unknown) => {
          throw darajaRefusal(error) ?? error;
        });
      return { requestId: answer.CheckoutRequestID, reference: answer.MerchantRequestID };
    },
    async queryCollection(requestId: string): Promise<RailResult> {
      const answer = await rail.client.stkQuery(requestId);
      if (answer.ResultCode === undefined || answer.ResultCode === null) {
        return { outcome: 'pending', description: answer.errorMessage ?? 'STK query: still being processed' };
      }
      // Daraja's query result carries no receipt: a success here is credited without one.
      return darajaResult(Number(answer.ResultCode), answer.ResultDesc ?? 'Reported by STK query');
    },
    async payOut(request: Parameters<PaymentRail['payOut']>[0]) {
      const answer = await rail.client.b2c({
        originatorConversationId: request.requestId,
        phone: request.phone,
        amount: wholeShillings(request.amountCents),
        remarks: request.remarks,
        occasion: request.reference,
        ...urls.b2c,
      });
      return { reference: answer.ConversationID };
    },
    async queryPayout(request: Parameters<PaymentRail['queryPayout']>[0]): Promise<RailResult> {
      // Daraja answers a Transaction Status query by callback (the status result URL), not here.
      await rail.client.transactionStatus({
        originatorConversationId: request.requestId,
        transactionId: request.receipt,
        remarks: `Status of payout ${request.reference}`,
        occasion: request.reference,
        ...urls.status(request.payoutId),
      });
      return { outcome: 'pending', description: 'Transaction Status query sent' };
    },
  };
  return rail;
}
