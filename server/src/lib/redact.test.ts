import { describe, expect, it } from 'vitest';
import { redactUrl, scrubbingStream } from './redact.ts';

describe('redactUrl', () => {
  it.each([
    ['/api/payments/mpesa/callback/s3cr3t?payment=p1', '/api/payments/mpesa/callback/***?payment=p1'],
    ['/api/payments/mpesa/b2c/result/s3cr3t', '/api/payments/mpesa/b2c/result/***'],
    ['/api/payments/mpesa/b2c/timeout/s3cr3t', '/api/payments/mpesa/b2c/timeout/***'],
    ['/api/payments/mpesa/transaction-status/result/s3cr3t', '/api/payments/mpesa/transaction-status/result/***'],
    ['/api/payments/mpesa/b2c/status/result/s3cr3t?payout=p1', '/api/payments/mpesa/b2c/status/result/***?payout=p1'],
    ['/api/payments/airtel/callback/s3cr3t', '/api/payments/airtel/callback/***'],
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

describe('a whole JSON log line', () => {
  it('stays one valid line after scrubbing: the secret segment ends at the quote', () => {
    const written: string[] = [];
    const stream = scrubbingStream(['s3cr3t-value-long'], { write: (line) => written.push(line) });
    const line = JSON.stringify({ req: { url: '/api/sms/delivery-report/***', host: 'localhost:3000' }, msg: 'incoming request' }) + '\n';
    stream.write(line);
    expect(written).toEqual([line]);
    stream.write(JSON.stringify({ req: { url: '/api/ussd/s3cr3t-value-long', host: 'h' } }) + '\n');
    expect(JSON.parse(written[1]!)).toEqual({ req: { url: '/api/ussd/***', host: 'h' } });
  });

  it('stays one valid line when the URL ends in a secret query value: the value ends at the quote', () => {
    const written: string[] = [];
    const stream = scrubbingStream([], { write: (line) => written.push(line) });
    stream.write(JSON.stringify({ url: '/api/auth/verify?code=123456', status: 200, msg: 'request' }) + '\n');
    expect(written).toEqual([JSON.stringify({ url: '/api/auth/verify?code=***', status: 200, msg: 'request' }) + '\n']);
  });

  it('replaces a configured secret whatever its case, in the same pass as the URL parts', () => {
    const written: string[] = [];
    const stream = scrubbingStream(['Secret-Value-0123'], { write: (line) => written.push(line) });
    stream.write('{"url":"/api/ussd/abc?pin=1234","msg":"failed with SECRET-VALUE-0123 and Secret-Value-0123"}\n');
    expect(written).toEqual(['{"url":"/api/ussd/***?pin=***","msg":"failed with *** and ***"}\n']);
  });
});
