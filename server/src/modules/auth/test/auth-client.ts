/** Helpers for the auth integration tests: calls from a chosen IP address, and codes read from the phone's inbox. */
import { randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../../../test/helpers.ts';

/** A random documentation-range address, so each test has its own per-IP counters. */
export const randomIp = () => `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export interface CallOptions {
  ip?: string;
  token?: string;
}

export function authClient(t: TestApp) {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, options: CallOptions = {}): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      remoteAddress: options.ip ?? randomIp(),
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
  return {
    call,
    post: (path: string, body?: unknown, options?: CallOptions) => call('POST', `/api/auth${path}`, body, options),
    put: (path: string, body?: unknown, options?: CallOptions) => call('PUT', `/api/auth${path}`, body, options),
    get: (path: string, options?: CallOptions) => call('GET', `/api/auth${path}`, undefined, options),
  };
}

export { latestCode } from '../../../../test/sms-inbox.ts';

export const countSms = (t: TestApp, phone: string, template = 'verification_code') =>
  t.ctx.db.smsMessage.count({ where: { phoneNumber: phone, template } });

/** A code that is not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** 2547XXXXXXXX → 07XXXXXXXX */
export const localForm = (phone: string) => `0${phone.slice(3)}`;

export function registration(phone: string, overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Wanjiru',
    last_name: 'Mwangi',
    phone_number: phone,
    user_type: 'buyer',
    password: 'Sup3r-secret',
    password_confirmation: 'Sup3r-secret',
    ...overrides,
  };
}
