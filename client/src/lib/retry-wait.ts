/**
 * How long to wait after a refusal for too many tries, said the same on every page that shows one (the
 * customer area's features/customer/components/query-state.tsx and the auth pages'
 * features/auth/auth-messages.ts). Not in the public pages' first load: its sentences are in the auth
 * area's catalog (i18n/en/auth.ts), which the auth pages load with their code and the signed-in area with
 * the whole catalog.
 */
import { translator, type Language } from '@/i18n';
import { ApiError } from './api';

/**
 * `message` (the refusal, already in the reader's language), followed by how long to wait when `error` is a
 * 429 whose message does not say it. Ours say it when they know ("Try again in 3 minutes"); a proxy's 429
 * carries no message of ours (./api.ts words it as the service away for a moment), only its Retry-After.
 */
export function withRetryWait(message: string, error: unknown, language: Language): string {
  if (!(error instanceof ApiError) || error.status !== 429 || /\d|tomorrow/.test(error.message)) return message;
  const wait = retryIn(error.retryAfter, language);
  return wait ? `${message} ${wait}` : message;
}

function retryIn(seconds: number | undefined, language: Language): string | null {
  if (!seconds || seconds <= 0) return null;
  const t = translator(language);
  if (seconds < 60) return t('auth.retryWait.seconds', { seconds });
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? t('auth.retryWait.oneMinute') : t('auth.retryWait.minutes', { minutes });
}
