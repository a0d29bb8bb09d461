import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { localizeCustomerMessage } from '@/i18n/customer-messages';
import { loadTranslators } from '@/i18n/test-translators';
import type { ApiError } from '@/lib/api';
import { sendUssdRequest } from './ussd-api';

beforeAll(async () => {
  await loadTranslators();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function failureOf(answer: Response): Promise<ApiError> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer),
  );
  return sendUssdRequest({ sessionId: 'SIM_1', phoneNumber: '0711000101', text: '' }).then(
    () => expect.unreachable('the dial failed') as never,
    (error: ApiError) => error,
  );
}

describe('the USSD simulator, answered by a proxy in front of the server', () => {
  it('reads a 429 as the service away for a moment, keeping its Retry-After, in the page language', async () => {
    const error = await failureOf(new Response('<html>429 Too Many Requests</html>', { status: 429, headers: { 'Retry-After': '30' } }));
    // Was "Something went wrong on our side. Please try again.", and the Retry-After was dropped.
    expect(error.message).toBe('The service is briefly unavailable. Please try again in a moment.');
    expect(error.retryAfter).toBe(30);
    expect(localizeCustomerMessage(error.message, 'sw')).toBe(
      'Huduma haipatikani kwa muda mfupi. Tafadhali jaribu tena baada ya muda mfupi.',
    );
  });

  it("keeps the server's own refusal as it came", async () => {
    const envelope = {
      success: false,
      message: 'The service is briefly unavailable. Please try again in a moment.',
      code: 'SERVICE_UNAVAILABLE',
    };
    const error = await failureOf(new Response(JSON.stringify(envelope), { status: 503, headers: { 'Retry-After': '5' } }));
    expect(error).toMatchObject({ message: envelope.message, status: 503, code: 'SERVICE_UNAVAILABLE', retryAfter: 5 });
  });
});
