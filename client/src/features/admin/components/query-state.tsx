/** Loading and failure states of the admin pages: a labelled spinner, and docs/product-rules.md §8's messages with a retry. */
import { Alert, Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';

export function LoadingState({ label = 'Loading…', minH = '40' }: { label?: string; minH?: string }) {
  return (
    <Center minH={minH} role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="brand.solid" borderWidth="3px" />
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

export function ErrorState({ message, detail, onRetry }: { message: string; detail?: string; onRetry?: () => void }) {
  return (
    <Alert.Root status="error" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
        {detail ? <Alert.Description>{detail}</Alert.Description> : null}
      </Alert.Content>
      {onRetry ? (
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </Alert.Root>
  );
}

export function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <Center py="10" color="fg.muted" fontSize="sm" textAlign="center">
      {children}
    </Center>
  );
}
