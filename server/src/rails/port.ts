/**
 * The payment-rail port: what the use-cases ask of a mobile-money rail, in the domain's words.
 * Adapters (rails/mpesa, rails/airtel) translate it to a vendor's API and translate the vendor's answers
 * and callbacks back into a RailResult; vendor result codes, request-id names and body shapes stay
 * inside them (docs/adr/0008-payment-rail-port.md).
 */
import type { Cents } from '@escrow/core/domain/money';
import type { PaymentFailureKind } from '@escrow/core/domain/payment-failure';
import type { RailChoice } from '@escrow/core/domain/rail-choice';
import type { Rail as RailColumn } from '../generated/prisma/enums.ts';

/** A rail's name: one of RAIL_CHOICES, the one list of rails (packages/core/src/domain/rail-choice.ts). */
export type RailName = RailChoice;

/**
 * The `Rail` enum of prisma/schema.prisma (the `rail` columns) names exactly the rails of RAIL_CHOICES:
 * this line fails to compile when one of the two lists gains or loses a rail the other has not.
 */
export type RailEnumMatchesRailChoices = Agree<[RailColumn] extends [RailName] ? ([RailName] extends [RailColumn] ? true : false) : false>;
type Agree<T extends true> = T;

/** Why a rail said no, in words every channel can explain (each has a plain sentence in domain/payment-failure.ts). */
export type RailFailure = Exclude<PaymentFailureKind, 'not_sent' | 'unconfirmed'>;

/**
 * A rail answered a collection request by refusing it: no prompt reached the phone, and none will. An
 * adapter's `collect` throws it with the refusal in the port's words (`refused` when the rail gave no reason
 * the payer can act on); a rail that could not be reached, or whose answer was lost, throws RailError
 * (rails/http.ts) instead.
 */
export class CollectionRefused extends Error {
  constructor(
    readonly failure: RailFailure,
    /** The rail's own words, for staff. */
    readonly description: string,
    readonly railCode?: string,
  ) {
    super(`collection refused: ${description}`);
    this.name = 'CollectionRefused';
  }
}

/** What a rail reports about one collection or payout. `pending`: no final answer yet. */
export interface RailResult {
  outcome: 'succeeded' | 'failed' | 'cancelled' | 'pending';
  /** The rail's receipt for money that moved. */
  receipt?: string | null;
  /** What the rail says moved, when it says (checked against what was asked). */
  amountCents?: Cents | null;
  failure?: RailFailure;
  /** The rail's own words, kept for staff (the parties read `failure`'s plain sentence instead). */
  description: string;
  /** The rail's own result code, kept for the record only: nothing decides on it outside the adapter. */
  railCode?: string;
}

/**
 * The receipt as the `rail_receipt` columns keep it (VARCHAR(32)): M-Pesa's are 10 characters, Airtel's
 * about 20. A longer one is no rail's receipt, and writing it would fail the whole result: the money it
 * reports is still booked, without a receipt, as a status query's success is.
 */
export const RAIL_RECEIPT_MAX_LENGTH = 32;
export const keptReceipt = (result: RailResult): string | null =>
  result.receipt && result.receipt.length <= RAIL_RECEIPT_MAX_LENGTH ? result.receipt : null;

/** A rail's result code as the numeric `result_code` column holds it (Daraja's are numbers), or null. */
export const numericRailCode = (result: RailResult): number | null =>
  result.railCode !== undefined && /^-?\d{1,9}$/.test(result.railCode) ? Number(result.railCode) : null;

export interface CollectRequest {
  paymentId: string;
  phone: string;
  amountCents: Cents;
  /** The transaction reference shown to the payer. */
  reference: string;
  description: string;
}

export interface PayoutRequest {
  payoutId: string;
  /** Our id of this request, drawn before it is sent: asking twice with one id pays once. */
  requestId: string;
  phone: string;
  amountCents: Cents;
  remarks: string;
  reference: string;
}

export interface PaymentRail {
  readonly name: RailName;
  /** How the payer knows the rail ("M-Pesa", "Airtel Money"). */
  readonly displayName: string;
  /**
   * Asks the phone to pay; answers the rail's id of the request. The result arrives by callback. A refusal
   * of the request itself is thrown as CollectionRefused.
   */
  collect(request: CollectRequest): Promise<{ requestId: string; reference?: string }>;
  /**
   * The rail's id of a payment's collection when the rail takes ours and it is known before asking (Airtel
   * Money: our payment id is its transaction id); null when the rail names it in its answer (Daraja's
   * CheckoutRequestID). With it, a collection whose answer was lost can still be asked about.
   */
  collectionRequestId(paymentId: string): string | null;
  /** Asks what became of a collection. */
  queryCollection(requestId: string): Promise<RailResult>;
  /**
   * Sends money to a phone. `result` is set when the rail answers at once (Airtel); otherwise the
   * result arrives by callback (Daraja).
   */
  payOut(request: PayoutRequest): Promise<{ reference?: string; result?: RailResult }>;
  /**
   * Asks what became of a payout. `pending` means no answer yet: from a rail that answers by callback
   * (Daraja's Transaction Status), the answer arrives there later.
   */
  queryPayout(request: { payoutId: string; requestId: string; receipt: string | null; reference: string }): Promise<RailResult>;
}

export type PaymentRails = Record<RailName, PaymentRail>;

/** Money a rail accepts: whole shillings only (neither M-Pesa nor Airtel Money takes cents). */
export const wholeShillings = (amount: Cents): number => Number(amount / 100n);

/**
 * What a rail's callback routes hand their parsed, rail-neutral results to: the same use-cases for
 * every rail. `receive` stores the raw body first (audit, replay), runs `apply`, and records its outcome.
 */
export interface RailCallbackHandlers {
  receive(rail: RailName, kind: string, externalId: string | null, body: unknown, apply: () => Promise<string>): Promise<void>;
  collectionResult(input: { requestId: string; paymentIdHint?: string; result: RailResult }): Promise<string>;
  payoutResult(input: { requestId: string; result: RailResult }): Promise<string>;
  payoutStatus(input: { payoutId: string; requestId: string | null; result: RailResult }): Promise<string>;
}

/** Options every rail's callback routes plugin receives. */
export interface RailCallbackOptions {
  handlers: RailCallbackHandlers;
  allowedIps: string | undefined;
}
