/**
 * The Airtel Money adapter of the payment-rail port: Airtel's USSD push, enquiries and disbursements
 * behind collect / query / pay out, and Airtel's statuses (TS, TF, TE, TIP) and response codes translated
 * into RailResults here only.
 */
import type { PaymentRail, RailFailure, RailResult } from '../port.ts';
import { CollectionRefused, wholeShillings } from '../port.ts';
import { RailError } from '../http.ts';
import { type AirtelAnswer, type AirtelClient, airtelMsisdn } from './airtel-client.ts';

/**
 * Airtel's response codes for collections (DP008…) and disbursements (DP009…), in the port's words, as
 * Airtel's tables name them. None of its collection codes says the payer cancelled: that is read from the
 * message (failureFromMessage).
 */
export const AIRTEL_FAILURES: Readonly<Record<string, RailFailure>> = {
  DP00800001002: 'wrong_pin',
  // "Transaction ID is invalid": the user did not enter the PIN.
  DP00800001005: 'timeout',
  DP00800001007: 'insufficient_funds',
  DP00800001024: 'timeout',
  // "Transaction Expired": the push went unanswered until it expired; nobody cancelled it.
  DP00800001029: 'timeout',
  DP00900001007: 'insufficient_funds',
  DP00900001012: 'unregistered',
};

/**
 * Airtel's codes for an answer that is not final, whatever status comes with it: ambiguous or still in
 * process, a disbursement that timed out ("may be processed or failed due to time out: do the transaction
 * enquiry"), and a disbursement id Airtel already has. Read as a failure, a disbursement that went
 * through would be sent again under a new id and the payee paid twice; the enquiry settles them.
 */
const AIRTEL_NOT_FINAL: ReadonlySet<string> = new Set([
  'DP00800001000',
  'DP00800001006',
  'DP00900001000',
  'DP00900001006',
  'DP00900001014',
  'DP00900001017',
]);

/** The callback carries a status and Airtel's message, no response code: the message is all there is. */
function failureFromMessage(message: string): RailFailure {
  if (/insufficient|not enough balance/i.test(message)) return 'insufficient_funds';
  if (/cancel/i.test(message)) return 'cancelled_by_payer';
  if (/pin/i.test(message)) return 'wrong_pin';
  if (/time[d ]? ?out|expired/i.test(message)) return 'timeout';
  if (/not registered|invalid mobile/i.test(message)) return 'unregistered';
  return 'other';
}

/** An Airtel transaction status (and response code, when the answer has one) as a RailResult. */
export function airtelResult(
  transaction: { status?: string; message?: string; airtel_money_id?: string | null },
  responseCode?: string,
): RailResult {
  const description = transaction.message ?? '';
  if (transaction.status === 'TS') return { outcome: 'succeeded', receipt: transaction.airtel_money_id ?? null, description };
  const isFailed = transaction.status === 'TF' || transaction.status === 'TE';
  if (isFailed && !(responseCode && AIRTEL_NOT_FINAL.has(responseCode))) {
    // TE ("transaction expired"): the push went unanswered until it expired, as DP00800001029 says it.
    const failure =
      transaction.status === 'TE' ? 'timeout' : (responseCode && AIRTEL_FAILURES[responseCode]) || failureFromMessage(description);
    return {
      outcome: failure === 'cancelled_by_payer' ? 'cancelled' : 'failed',
      failure,
      description,
      ...(responseCode ? { railCode: responseCode } : {}),
    };
  }
  // TIP (in progress), TA (ambiguous), a code that is not final, or nothing: no final answer yet.
  return { outcome: 'pending', description: description || 'In progress' };
}

/**
 * Airtel's refusal of a USSD push request: its envelope with `success: false`, answered 400 (the request is
 * wrong) or 200, with a code that is final. The push was not sent, and the payer reads that Airtel refused
 * it (or that the number has no Airtel Money), not that Airtel could not be reached. Anything else (a token refused, a gateway's 5xx, no
 * answer) is no refusal of this payment and stays a RailError.
 */
export function airtelRefusal(error: unknown): CollectionRefused | null {
  if (!(error instanceof RailError) || (error.status !== 400 && error.status !== 200)) return null;
  const status = (error.body as AirtelAnswer | undefined)?.status;
  if (status?.success !== false || isNotFinal(error)) return null;
  const message = status.message ?? '';
  return new CollectionRefused(failureFromMessage(message) === 'unregistered' ? 'unregistered' : 'refused', message, status.response_code);
}

/**
 * Airtel answered the request with a code that says its answer is not final (ambiguous, in process), even
 * beside `success: false`: the push may have been sent, so it is no refusal and no outage.
 */
function isNotFinal(error: unknown): boolean {
  const code = error instanceof RailError ? (error.body as AirtelAnswer | undefined)?.status?.response_code : undefined;
  return code !== undefined && AIRTEL_NOT_FINAL.has(code);
}

const resultOf = (answer: AirtelAnswer) => airtelResult(answer.data?.transaction ?? {}, answer.status?.response_code);

/** `client` is read at each call, so a test may replace one of its methods to simulate a lost request. */
export function createAirtelRail(client: AirtelClient): PaymentRail & { client: AirtelClient } {
  const rail = {
    name: 'airtel' as const,
    displayName: 'Airtel Money',
    client,
    // Our payment id is Airtel's transaction id: the callback names the payment even before we stored it,
    // and the enquiry can ask about it when the answer to the request was lost.
    collectionRequestId: (paymentId: string) => paymentId,
    async collect(request: Parameters<PaymentRail['collect']>[0]) {
      const id = rail.collectionRequestId(request.paymentId);
      try {
        await rail.client.collect({
          id,
          msisdn: airtelMsisdn(request.phone),
          amount: wholeShillings(request.amountCents),
          reference: `${request.description} ${request.reference}`,
        });
      } catch (error) {
        // The push may be on the phone: the payment stays pending under our id, settled by the callback or
        // the enquiry like any answer that is not final. Failed here, the payer could be charged twice.
        if (isNotFinal(error)) return { requestId: id };
        throw airtelRefusal(error) ?? error;
      }
      return { requestId: id };
    },
    async queryCollection(requestId: string) {
      const answer = await rail.client.collectionStatus(requestId);
      // Airtel has no record of the push (DP00800001025, "Transaction Not Found"): it never arrived, so
      // nothing was taken. Read by its code, whatever status comes beside it: reconciliation asks by our id
      // before any answer recorded it (collectionRequestId), and read as no answer yet the payment would
      // stay pending, and the buyer could not be prompted again.
      if (answer.status?.response_code === 'DP00800001025') {
        return { outcome: 'failed' as const, failure: 'other' as const, description: answer.status.message };
      }
      return resultOf(answer);
    },
    async payOut(request: Parameters<PaymentRail['payOut']>[0]) {
      const answer = await rail.client.disburse({
        id: request.requestId,
        msisdn: airtelMsisdn(request.phone),
        amount: wholeShillings(request.amountCents),
        reference: request.remarks,
      });
      return { reference: answer.data?.transaction?.reference_id ?? undefined, result: resultOf(answer) };
    },
    async queryPayout(request: Parameters<PaymentRail['queryPayout']>[0]) {
      const answer = await rail.client.disbursementStatus(request.requestId);
      // Airtel has no record of the request (DP00900001015, "Transaction Not Found"): it never arrived, so
      // nothing was paid.
      if (answer.status?.response_code === 'DP00900001015') {
        return { outcome: 'failed' as const, failure: 'other' as const, description: answer.status.message };
      }
      return resultOf(answer);
    },
  };
  return rail;
}
