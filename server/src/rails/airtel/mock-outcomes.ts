/**
 * How the Airtel Money mock's simulated customers answer, decided by the last four digits of the
 * phone, like the Daraja mock's (rails/mpesa/mock-outcomes.ts; docs/ARCHITECTURE.md "The mocks").
 */
export interface AirtelMockOutcome {
  /** TS pays, TF fails; TIP never answers (no callback; the enquiry reports a timeout later). */
  status: 'TS' | 'TF' | 'TIP';
  responseCode: string;
  message: string;
}

export function collectionOutcomeFor(msisdn: string): AirtelMockOutcome {
  switch (msisdn.slice(-4)) {
    case '1032':
      // Airtel has no code of its own for a payer who declines: a refusal, and the message says why.
      return { status: 'TF', responseCode: 'DP00800001008', message: 'Transaction cancelled by the customer' };
    case '0001':
      return { status: 'TF', responseCode: 'DP00800001007', message: 'Insufficient funds: not enough balance in the wallet' };
    case '2001':
      return { status: 'TF', responseCode: 'DP00800001002', message: 'Incorrect PIN entered' };
    case '1037':
      return { status: 'TIP', responseCode: 'DP00800001006', message: 'Transaction in progress' };
    default:
      return { status: 'TS', responseCode: 'DP00800001001', message: 'Transaction is successful' };
  }
}

/** What the enquiry reports for the customer who never answered, once the push has expired. */
export const COLLECTION_TIMED_OUT: AirtelMockOutcome = { status: 'TF', responseCode: 'DP00800001024', message: 'Transaction timed out' };

/** Disbursements: `…2040` is not an Airtel Money customer; anything else is paid. */
export function disbursementOutcomeFor(msisdn: string): AirtelMockOutcome {
  return msisdn.endsWith('2040')
    ? { status: 'TF', responseCode: 'DP00900001012', message: 'Invalid mobile number: the payee is not registered for Airtel Money' }
    : { status: 'TS', responseCode: 'DP00900001001', message: 'Transaction is successful' };
}
