/**
 * How long a refusal for too many requests asks the person to wait, from its `Retry-After` (kept by lib/api.ts
 * as `ApiError.retryAfter`): one rule for every page that words a failed call, the auth pages'
 * (features/auth/auth-messages.ts) and the customer area's (features/customer/components/query-state.tsx).
 * Its texts are `common.errors`; in English they load with the auth pages' texts and the whole catalog
 * (i18n/en/auth.ts `waitTimes`), not with a visitor's first load, where no page shows them.
 */
import { translator, type Language } from '@/i18n';
import { ApiError } from './api';

/** "Wait time: …" for `seconds` in `language`, or null when there is no wait to name. */
export function retryIn(seconds: number | undefined, language: Language): string | null {
  if (!seconds || seconds <= 0) return null;
  const t = translator(language);
  if (seconds < 60) return t('common.errors.retryInSeconds', { seconds });
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? t('common.errors.retryInOneMinute') : t('common.errors.retryInMinutes', { minutes });
}

/**
 * `message` (the error's words, already in the reader's language) followed by the wait a 429 asks for, when
 * the server's own words do not name one. Ours are RATE_LIMITED and say it ("Please wait 42 seconds…",
 * "… try again tomorrow"); a proxy's 429 carries no message of ours (lib/api.ts words it), only its Retry-After.
 */
export function withRetryAfter(error: unknown, message: string, language: Language): string {
  const wait =
    error instanceof ApiError && error.status === 429 && !namesItsWait(error.message) ? retryIn(error.retryAfter, language) : null;
  return wait ? `${message} ${wait}` : message;
}

const namesItsWait = (message: string) => /\d|tomorrow/.test(message);
