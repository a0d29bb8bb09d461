import { describe, expect, it } from 'vitest';
import { STATUS_NOT_FOUND_CODE, statusVerdict } from './daraja-rail.ts';

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
