import { describe, expect, it } from 'vitest';
import { RailError } from '../http.ts';
import { darajaRefusal, darajaResult, STATUS_NOT_FOUND_CODE, statusVerdict } from './daraja-rail.ts';

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

describe('darajaRefusal: an STK push Daraja refused, told apart from Daraja not working', () => {
  const answered = (status: number, body: unknown) => new RailError('STK push rejected', status, body);
  it.each([
    [400, { errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid PhoneNumber' }, 'refused'],
    [200, { ResponseCode: '1', ResponseDescription: 'Rejected' }, 'refused'],
    [
      500,
      {
        errorCode: '500.001.1001',
        errorMessage: 'Unable to lock subscriber, a transaction is already in process for the current subscriber',
      },
      'payer_busy',
    ],
  ] as const)('HTTP %s %o is a refusal: %s', (status, body, failure) => {
    expect(darajaRefusal(answered(status, body))).toMatchObject({ failure, description: Object.values(body)[1] });
  });

  it.each([
    // Daraja not working, throttling, or our own token: no refusal of this payment.
    answered(500, { errorCode: '500.003.1001', errorMessage: 'Internal Server Error' }),
    answered(503, { errorCode: '503.001.01', errorMessage: 'Service Unavailable' }),
    answered(429, { errorCode: '500.003.02', errorMessage: 'System is busy. Please try again in few minutes.' }),
    answered(401, { errorCode: '404.001.03', errorMessage: 'Invalid Access Token' }),
    answered(502, '<html>Bad gateway</html>'),
    new RailError('request to /mpesa/stkpush/v1/processrequest failed: timeout', undefined, undefined, true),
    new Error('not a rail error'),
  ])('%s is not', (error) => {
    expect(darajaRefusal(error)).toBeNull();
  });
});
