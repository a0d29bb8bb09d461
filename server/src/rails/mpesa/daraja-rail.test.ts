import { describe, expect, it } from 'vitest';
import { darajaResult, STATUS_NOT_FOUND_CODE, statusVerdict } from './daraja-rail.ts';

describe('statusVerdict: what a Transaction Status answer says about a payout', () => {
  it.each([
    [0, 'Completed', 'completed'],
    ['0', 'completed', 'completed'],
    [0, 'Failed', 'failed'],
    [0, 'Declined', 'failed'],
    [0, 'Expired', 'failed'],
    [STATUS_NOT_FOUND_CODE, null, 'failed'],
    // The query itself refused or an unknown status: nothing is known, so nothing may be sent again.
    [2001, null, 'unknown'],
    ['500.003.02', null, 'unknown'],
    [0, null, 'unknown'],
    [0, 'Pending', 'unknown'],
  ] as const)('ResultCode %s with TransactionStatus %s → %s', (resultCode, transactionStatus, verdict) => {
    expect(statusVerdict({ resultCode, transactionStatus })).toBe(verdict);
  });
});

describe("darajaResult: Daraja's result codes in the port's words", () => {
  it.each([
    [1032, { outcome: 'cancelled', failure: 'cancelled_by_payer' }],
    [1, { outcome: 'failed', failure: 'insufficient_funds' }],
    [2001, { outcome: 'failed', failure: 'wrong_pin' }],
    [1037, { outcome: 'failed', failure: 'timeout' }],
    [2040, { outcome: 'failed', failure: 'unregistered' }],
    [17, { outcome: 'failed', failure: 'other' }],
  ] as const)('ResultCode %s → %o', (code, expected) => {
    expect(darajaResult(code, 'words')).toEqual({ ...expected, description: 'words', railCode: String(code) });
  });

  it('a success carries the receipt and the amount in cents', () => {
    expect(darajaResult(0, 'ok', 'QKJ1ABC', 1025)).toEqual({
      outcome: 'succeeded',
      receipt: 'QKJ1ABC',
      amountCents: 102_500n,
      description: 'ok',
    });
  });
});
