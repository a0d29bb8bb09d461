/**
 * How the Daraja mock's simulated customers answer (docs/contract.md "The Daraja mock's customers"),
 * decided by the last four digits of the phone.
 */
export interface StkOutcome {
  resultCode: number;
  resultDesc: string;
  /** False for the customer who never answers: no callback, STK query reports 1037 later. */
  callsBack: boolean;
}

export function stkOutcomeFor(phone: string): StkOutcome {
  switch (phone.slice(-4)) {
    case '1032':
      return { resultCode: 1032, resultDesc: 'Request cancelled by user', callsBack: true };
    case '0001':
      return { resultCode: 1, resultDesc: 'The balance is insufficient for the transaction.', callsBack: true };
    case '2001':
      return { resultCode: 2001, resultDesc: 'The initiator information is invalid.', callsBack: true };
    case '1037':
      return { resultCode: 1037, resultDesc: 'DS timeout user cannot be reached', callsBack: false };
    default:
      return { resultCode: 0, resultDesc: 'The service request is processed successfully.', callsBack: true };
  }
}

/**
 * B2C: `…2040` fails (unregistered customer); `…1037` is paid but its result is never sent (only a
 * Transaction Status query tells); anything else is paid and the result is sent.
 */
export function b2cOutcomeFor(phone: string): { resultCode: number; resultDesc: string; callsBack: boolean } {
  return phone.endsWith('2040')
    ? {
        resultCode: 2040,
        resultDesc: "Credit Party customer type (Unregistered or Registered Customer) can't be supported by the service.",
        callsBack: true,
      }
    : { resultCode: 0, resultDesc: 'The service request is processed successfully.', callsBack: !phone.endsWith('1037') };
}
