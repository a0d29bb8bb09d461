/** Loading and error states of the customer area: a labelled spinner, and a clear message with a retry. */
import { Alert, Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { useT, type Language } from '@/i18n';
import { localizeCustomerMessage } from '@/i18n/customer-messages';
import { customerMessages } from '@/i18n/en/customer-messages';
import { ApiError } from '@/lib/api';
import { withRetryAfter } from '@/lib/retry-after';
import { isUnanswered } from './action-outcome';

export function LoadingState({ label }: { label: string }) {
  return (
    <Center py="12" role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="brand.solid" />
        <Text color="fg.muted">{label}</Text>
      </Stack>
    </Center>
  );
}

/**
 * The server's message when it sent one (it is written for people), in the reader's language, else the
 * generic one. A refusal for too many tries says when to try again when its message does not.
 */
export function errorMessage(error: unknown, fallback: string, language: Language): string {
  if (!(error instanceof ApiError) || error.status === 500 || !error.message) return fallback;
  // A proxy's 413 carries no message of ours (lib/api.ts): here only an evidence file is that large.
  const said = error.status === 413 && error.code === 'UNKNOWN' ? customerMessages.requestTooLarge : error.message;
  return withRetryAfter(error, localizeCustomerMessage(said, language), language);
}

/**
 * A money request (create, pay) that failed. When its answer never came (no connection, a server fault:
 * `isUnanswered`), the work may be done: `unanswered` says so and why trying again is safe (its
 * Idempotency-Key, lib/idempotency-keys.ts), never "Cannot reach the server… try again". Otherwise the
 * refusal, as `refused` puts the server's words (`errorMessage`).
 */
export function moneyRequestError(
  error: unknown,
  words: { unanswered: string; refused: (detail: string) => string; fallback: string },
  language: Language,
): string {
  return isUnanswered(error) ? words.unanswered : words.refused(errorMessage(error, words.fallback, language));
}

/** The server's first message for a form field, in the reader's language. */
export function fieldErrorOf(error: unknown, field: string, language: Language): string | undefined {
  const message = error instanceof ApiError ? error.errors?.[field]?.[0] : undefined;
  return message ? localizeCustomerMessage(message, language) : undefined;
}

/** The server's first message for each field it refused, in the reader's language (`fieldErrorOf` for every field). */
export function fieldErrorsOf(error: unknown, language: Language): Partial<Record<string, string>> {
  if (!(error instanceof ApiError) || !error.errors) return {};
  return Object.fromEntries(Object.keys(error.errors).map((field) => [field, fieldErrorOf(error, field, language)]));
}

export function ErrorState({ title, error, onRetry }: { title: string; error?: unknown; onRetry?: () => void }) {
  const { t, language } = useT();
  const detail =
    error instanceof ApiError ? (error.status >= 500 ? t('customer.errors.serverTrouble') : errorMessage(error, '', language)) : null;
  return (
    <Alert.Root status="error" role="alert" borderRadius="l2">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {detail && detail !== title ? <Alert.Description>{detail}</Alert.Description> : null}
      </Alert.Content>
      {onRetry ? (
        <Button size="sm" variant="outline" colorPalette="red" onClick={onRetry} alignSelf="center">
          {t('customer.errors.tryAgain')}
        </Button>
      ) : null}
    </Alert.Root>
  );
}
