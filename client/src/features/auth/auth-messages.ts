/**
 * What the auth pages say when a call fails (docs/product-rules.md §8), in the page's language, and where they may
 * send the user next. The server's messages are shown in the reader's language when the catalog knows them.
 */
import { localizeMessage, type Language } from '@/i18n';
import { ApiError } from '@/lib/api';
import { withRetryAfter } from '@/lib/retry-after';

/**
 * Spec §8: the server's message, else `fallback` (already in the page's language). A refusal for too many
 * requests whose words name no wait (a proxy's) says how long from its Retry-After, as the customer area does.
 */
export function errorMessage(error: unknown, fallback: string, language: Language): string {
  return error instanceof Error && error.message ? withRetryAfter(error, localizeMessage(error.message, language), language) : fallback;
}

/** Field → first message, from a 400's `errors`, in the page's language. */
export function fieldErrorsOf(error: unknown, language: Language): Record<string, string> {
  if (!(error instanceof ApiError) || !error.errors) return {};
  return Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [field, localizeMessage(messages[0] ?? '', language)]));
}

/** `next` when it is a path on this site (never another origin, so a link cannot bounce users away). */
export function safeNextPath(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}
