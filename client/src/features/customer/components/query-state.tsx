/** Loading and error states of the customer area: a labelled spinner, and a clear message with a retry. */
import { Alert, Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { ApiError } from '@/lib/api';

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

/** The server's message when it sent one (it is written for people), else the generic one. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status !== 500 && error.message) return error.message;
  return fallback;
}

export function ErrorState({ title, error, onRetry }: { title: string; error?: unknown; onRetry?: () => void }) {
  const detail =
    error instanceof ApiError
      ? error.status === 0
        ? error.message
        : error.status >= 500
          ? 'Please try again in a moment.'
          : error.message
      : null;
  return (
    <Alert.Root status="error" role="alert" borderRadius="l2">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {detail && detail !== title ? <Alert.Description>{detail}</Alert.Description> : null}
      </Alert.Content>
      {onRetry ? (
        <Button size="sm" variant="outline" colorPalette="red" onClick={onRetry} alignSelf="center">
          Try again
        </Button>
      ) : null}
    </Alert.Root>
  );
}
