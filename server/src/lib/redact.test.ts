import { describe, expect, it } from 'vitest';
import { redactUrl, scrubbingStream } from './redact.ts';

describe('redactUrl', () => {
  it.each([
    ['/api/payments/mpesa/callback/s3cr3t?payment=p1', '/api/payments/mpesa/callback/***?payment=p1'],
    ['/api/payments/mpesa/b2c/result/s3cr3t', '/api/payments/mpesa/b2c/result/***'],
    ['/api/payments/mpesa/b2c/timeout/s3cr3t', '/api/payments/mpesa/b2c/timeout/***'],
    ['/api/payments/mpesa/transaction-status/result/s3cr3t', '/api/payments/mpesa/transaction-status/result/***'],
    ['/api/ussd/s3cr3t', '/api/ussd/***'],
    ['/api/sms/delivery-report/s3cr3t', '/api/sms/delivery-report/***'],
    ['/api/ussd/simulator', '/api/ussd/simulator'],
    ['/api/transactions?token=abc&status=pending', '/api/transactions?token=***&status=pending'],
    ['/api/auth/verify?code=123456', '/api/auth/verify?code=***'],
    ['/api/transactions/42', '/api/transactions/42'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('scrubbingStream', () => {
  it('removes configured secrets wherever they appear in a line', () => {
    const written: string[] = [];
    const stream = scrubbingStream(['super-secret-value', 'short'], { write: (line) => written.push(line) });
    stream.write('{"msg":"calling https://example.test/hook/super-secret-value failed","short":"short"}\n');
    expect(written).toEqual(['{"msg":"calling https://example.test/hook/*** failed","short":"short"}\n']);
  });
});
