import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { localizeCustomerMessage } from '@/i18n/customer-messages';
import { loadTranslators } from '@/i18n/test-translators';
import type { ApiError } from '@/lib/api';
import { withRetryAfter } from '@/lib/retry-after';
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
  it('reads a 429 as the service busy, keeping its Retry-After for the wait, in the page language', async () => {
    const error = await failureOf(new Response('<html>429 Too Many Requests</html>', { status: 429, headers: { 'Retry-After': '30' } }));
    // Was "Something went wrong on our side. Please try again.", and the Retry-After was dropped.
    expect(error.message).toBe('The service is busy right now.');
    expect(error.retryAfter).toBe(30);
    expect(withRetryAfter(error, localizeCustomerMessage(error.message, 'sw'), 'sw')).toBe(
      'Huduma ina shughuli nyingi kwa sasa. Muda wa kusubiri: sekunde 30.',
    );
  });

  it('reads a 429 without a Retry-After as the service away for a moment', async () => {
    const error = await failureOf(new Response('<html>429 Too Many Requests</html>', { status: 429 }));
    expect(error.message).toBe('The service is briefly unavailable. Please try again in a moment.');
    expect(withRetryAfter(error, error.message, 'en')).toBe('The service is briefly unavailable. Please try again in a moment.');
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
