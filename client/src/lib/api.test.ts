import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorMessage as authErrorMessage } from '@/features/auth/auth-messages';
import { isUnanswered } from '@/features/customer/components/action-outcome';
import { errorMessage as customerErrorMessage } from '@/features/customer/components/query-state';
import { loadTranslators } from '@/i18n/test-translators';
import { apiRequest, type ApiError } from './api';

beforeAll(async () => {
  await loadTranslators();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A page at `/dashboard` with no session, whose `fetch` does `answer`. */
function browserWhere(answer: () => Promise<Response>) {
  vi.stubGlobal('window', { location: { origin: 'http://localhost', pathname: '/dashboard', search: '' } });
  vi.stubGlobal('localStorage', { getItem: () => null, setItem() {}, removeItem() {} });
  vi.stubGlobal('fetch', vi.fn(answer));
}

async function failureOf(answer: () => Promise<Response>): Promise<ApiError> {
  browserWhere(answer);
  return apiRequest('/api/transactions', { method: 'POST', body: { amount: '2500' }, idempotent: true }).then(
    () => expect.unreachable('the call failed') as never,
    (error: ApiError) => error,
  );
}

const envelope = (status: number, message: string, code: string) =>
  new Response(JSON.stringify({ success: false, message, code }), { status, headers: { 'Content-Type': 'application/json' } });

describe('a call that gets no answer, or a fault of the server or of a proxy in front of it', () => {
  const cases: [string, () => Promise<Response>, string, string][] = [
    [
      'no connection',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Cannot reach the server. Check your connection and try again.',
      'Hatuwezi kufikia seva. Angalia mtandao wako kisha ujaribu tena.',
    ],
    [
      "the server's 503 (database away)",
      async () => envelope(503, 'The service is briefly unavailable. Please try again in a moment.', 'SERVICE_UNAVAILABLE'),
      'The service is briefly unavailable. Please try again in a moment.',
      'Huduma haipatikani kwa muda mfupi. Tafadhali jaribu tena baada ya muda mfupi.',
    ],
    [
      "the server's 500",
      async () => envelope(500, 'Something went wrong on our side. Please try again.', 'INTERNAL'),
      'Something went wrong on our side. Please try again.',
      'Hitilafu imetokea upande wetu. Tafadhali jaribu tena.',
    ],
    [
      "nginx's HTML 502 while the nodes restart",
      async () => new Response('<html><body><center><h1>502 Bad Gateway</h1></center></body></html>', { status: 502 }),
      'The service is briefly unavailable. Please try again in a moment.',
      'Huduma haipatikani kwa muda mfupi. Tafadhali jaribu tena baada ya muda mfupi.',
    ],
    [
      "a proxy's 503 with Retry-After and no body",
      async () => new Response(null, { status: 503, headers: { 'Retry-After': '30' } }),
      'The service is briefly unavailable. Please try again in a moment.',
      'Huduma haipatikani kwa muda mfupi. Tafadhali jaribu tena baada ya muda mfupi.',
    ],
    // These two read "Something went wrong on our side. Please try again.": the service is away for a moment.
    [
      "nginx's HTML 429 from its rate limit, with no Retry-After",
      async () => new Response('<html>429 Too Many Requests</html>', { status: 429 }),
      'The service is briefly unavailable. Please try again in a moment.',
      'Huduma haipatikani kwa muda mfupi. Tafadhali jaribu tena baada ya muda mfupi.',
    ],
    [
      "a proxy's 408 for a body that arrived too slowly",
      async () => new Response('<html>408 Request Time-out</html>', { status: 408 }),
      'The service is briefly unavailable. Please try again in a moment.',
      'Huduma haipatikani kwa muda mfupi. Tafadhali jaribu tena baada ya muda mfupi.',
    ],
  ];

  it.each(cases)('%s: a plain sentence, never "Request failed (…)"', async (_, answer, english) => {
    const error = await failureOf(answer);
    expect(error.message).toBe(english);
    expect(authErrorMessage(error, 'fallback', 'en')).toBe(english);
  });

  // A Kiswahili reader saw these in English on every page (the login page's too), and "Request failed (502)".
  it.each(cases)('%s: in Kiswahili on the auth pages and in the customer area', async (_, answer, __, kiswahili) => {
    const error = await failureOf(answer);
    expect(authErrorMessage(error, 'fallback', 'sw')).toBe(kiswahili);
    if (error.status !== 500) expect(customerErrorMessage(error, 'fallback', 'sw')).toBe(kiswahili);
  });
});

describe("a proxy's 413 for a body over its limit", () => {
  // It read "Something went wrong on our side. Please try again.": false, and sending the file again fails again.
  it('says in the customer area, where an evidence file can be that large, to choose a smaller file', async () => {
    const error = await failureOf(async () => new Response('<html>413 Request Entity Too Large</html>', { status: 413 }));
    expect(customerErrorMessage(error, 'fallback', 'en')).toBe('The file is too large to send. Choose a smaller one.');
    expect(customerErrorMessage(error, 'fallback', 'sw')).toBe('Faili ni kubwa mno kutumwa. Chagua ndogo zaidi.');
  });

  it("keeps our own 413's message, which names the limit", async () => {
    const error = await failureOf(async () => envelope(413, 'The file is too large: evidence files are at most 5 MB', 'PAYLOAD_TOO_LARGE'));
    expect(customerErrorMessage(error, 'fallback', 'en')).toBe('The file is too large: evidence files are at most 5 MB');
  });
});

describe("a proxy's 429 with Retry-After", () => {
  const limited = async () => new Response('<html>429 Too Many Requests</html>', { status: 429, headers: { 'Retry-After': '90' } });

  it('says in the customer area how long to wait, as for our own 429s', async () => {
    const error = await failureOf(limited);
    expect(error.retryAfter).toBe(90);
    expect(customerErrorMessage(error, 'fallback', 'en')).toBe('The service is busy right now. Wait time: 2 minutes.');
    expect(customerErrorMessage(error, 'fallback', 'sw')).toBe('Huduma ina shughuli nyingi kwa sasa. Muda wa kusubiri: dakika 2.');
  });

  it('is a refusal, not a lost answer: the request never reached the server', async () => {
    const error = await failureOf(limited);
    expect(isUnanswered(error)).toBe(false);
  });
});

describe('a creation whose answer was lost, sent again after a reload', () => {
  /** The Idempotency-Key each call to POST /api/transactions carried, through `reloads` fresh copies of lib/api.ts. */
  async function keysSent(answers: (() => Promise<Response>)[]): Promise<(string | undefined)[]> {
    const tab = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => tab.get(key) ?? null,
      setItem: (key: string, value: string) => void tab.set(key, value),
      removeItem: (key: string) => void tab.delete(key),
    });
    const sent: (string | undefined)[] = [];
    for (const answer of answers) {
      vi.resetModules();
      const { apiRequest: freshPage } = await import('./api');
      browserWhere(answer);
      vi.mocked(fetch).mockImplementation(async (_url, init) => {
        sent.push((init?.headers as Record<string, string>)['Idempotency-Key']);
        return answer();
      });
      await freshPage('/api/transactions', { method: 'POST', body: { amount: '2500' }, idempotent: 'outlives-page' }).catch(() => {});
    }
    return sent;
  }
  const created = async () =>
    new Response(JSON.stringify({ success: true, message: 'Created', data: {} }), {
      status: 201,
      headers: { 'Content-Type': 'application/json' },
    });
  const dropped = () => Promise.reject(new TypeError('Failed to fetch'));

  it('goes with the key of the attempt that got no answer, so the server answers it instead of creating a second', async () => {
    const [first, afterReload, afterSecondReload] = await keysSent([dropped, async () => envelope(502, 'Bad gateway', 'X'), created]);
    expect(first).toBeDefined();
    expect(afterReload).toBe(first);
    expect(afterSecondReload).toBe(first);
  });

  it('goes with a new key once the first had its answer: a second transaction on purpose is still possible', async () => {
    const [first, second] = await keysSent([created, created]);
    expect(second).not.toBe(first);
  });
});
