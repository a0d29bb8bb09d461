import { describe, expect, it } from 'vitest';
import { airtelMsisdn } from './airtel-client.ts';
import { RailError } from '../http.ts';
import { airtelRefusal, airtelResult } from './airtel-rail.ts';

describe("airtelResult: Airtel's statuses and response codes in the port's words", () => {
  it('TS is a success with the Airtel Money id as the receipt', () => {
    expect(airtelResult({ status: 'TS', message: 'ok', airtel_money_id: 'MP123' })).toEqual({
      outcome: 'succeeded',
      receipt: 'MP123',
      description: 'ok',
    });
  });

  it.each([
    ['DP00800001029', { outcome: 'failed', failure: 'timeout' }],
    ['DP00800001005', { outcome: 'failed', failure: 'timeout' }],
    ['DP00800001007', { outcome: 'failed', failure: 'insufficient_funds' }],
    ['DP00800001002', { outcome: 'failed', failure: 'wrong_pin' }],
    ['DP00800001024', { outcome: 'failed', failure: 'timeout' }],
    ['DP00900001012', { outcome: 'failed', failure: 'unregistered' }],
    ['DP00800001008', { outcome: 'failed', failure: 'other' }],
  ] as const)('TF with %s → %o', (code, expected) => {
    expect(airtelResult({ status: 'TF', message: 'Refused' }, code)).toMatchObject(expected);
  });

  it('reads a cancellation from the message, beside a generic refusal code', () => {
    expect(airtelResult({ status: 'TF', message: 'Transaction cancelled by the customer' }, 'DP00800001008')).toMatchObject({
      outcome: 'cancelled',
      failure: 'cancelled_by_payer',
    });
  });

  it('reads the reason of a callback, which has no response code, from its message', () => {
    expect(airtelResult({ status: 'TF', message: 'Transaction cancelled by the customer' })).toMatchObject({ outcome: 'cancelled' });
    expect(airtelResult({ status: 'TF', message: 'Insufficient funds' })).toMatchObject({ failure: 'insufficient_funds' });
  });

  it.each(['DP00900001014', 'DP00900001017', 'DP00900001000', 'DP00900001006', 'DP00800001000', 'DP00800001006'])(
    'TF with %s, which Airtel says to settle by enquiry, is no answer yet',
    (code) => {
      expect(airtelResult({ status: 'TF', message: 'Transaction Timed Out' }, code).outcome).toBe('pending');
    },
  );

  it('TE (transaction expired) is the push that expired unanswered, as DP00800001029 says it: not answered in time', () => {
    expect(airtelResult({ status: 'TE', message: 'Transaction Expired' })).toEqual({
      outcome: 'failed',
      failure: 'timeout',
      description: 'Transaction Expired',
    });
    expect(airtelResult({ status: 'TE', message: 'Expired' }, 'DP00800001029')).toMatchObject({ outcome: 'failed', failure: 'timeout' });
  });

  it('TIP, TA or no status is no answer yet', () => {
    for (const status of ['TIP', 'TA', undefined]) expect(airtelResult({ status }).outcome).toBe('pending');
  });

  it('sends the msisdn without the country code', () => {
    expect(airtelMsisdn('254733123456')).toBe('733123456');
  });
});

describe('airtelRefusal: a USSD push Airtel refused, told apart from Airtel not working', () => {
  const envelope = (code: string, message: string, success = false) => ({
    status: { code: '400', message, result_code: 'ESB000001', response_code: code, success },
  });
  it.each([
    [400, envelope('DP00800001003', 'Exceeds withdrawal amount limit(s)'), 'refused'],
    [200, envelope('DP00800001008', 'Refused'), 'refused'],
    [400, envelope('DP00800001012', 'Invalid mobile number: not registered for Airtel Money'), 'unregistered'],
  ] as const)('HTTP %s %o is a refusal: %s', (status, body, failure) => {
    expect(airtelRefusal(new RailError('Airtel collection refused', status, body))).toMatchObject({
      failure,
      description: body.status.message,
      railCode: body.status.response_code,
    });
  });

  it.each([
    // Airtel not working, or our own token refused: no refusal of this payment.
    new RailError('Airtel collection refused', 500, envelope('ESB000039', 'Internal error')),
    new RailError('Airtel collection refused', 401, { error: 'invalid_token' }),
    new RailError('Airtel collection refused', 503, 'Service Unavailable'),
    new RailError('Airtel collection refused', 200, envelope('DP00800001006', 'In process', true)),
    // Not final (ambiguous, in process) beside success false: the push may have been sent.
    new RailError('Airtel collection refused', 200, envelope('DP00800001000', 'Transaction is ambiguous')),
    new RailError('Airtel collection refused', 200, envelope('DP00800001006', 'Transaction in process')),
    new RailError('request to /merchant/v1/payments/ failed: timeout', undefined, undefined, true),
  ])('%s is not', (error) => {
    expect(airtelRefusal(error)).toBeNull();
  });
});
