/** What the auth pages say when a call fails (docs/product-rules.md §8), and where they may send the user next. */
import { ApiError } from '@/lib/api';

export const MISSING_CREDENTIALS = 'Please enter both phone/email and password';
export const TERMS_REQUIRED = 'Please agree to the Terms of Service to continue';

/** Spec §8: the server's message, else 'Login failed'; for a thrown error its message, else the generic one. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message || 'Login failed';
  if (error instanceof Error && error.message) return error.message;
  return 'Login failed. Please try again.';
}

/** The server's message, or `fallback`. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** Field → first message, from a 400's `errors`. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.errors) return {};
  return Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [field, messages[0] ?? '']));
}

/** `next` when it is a path on this site (never another origin, so a link cannot bounce users away). */
export function safeNextPath(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}
