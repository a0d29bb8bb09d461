/** A message above a form: errors from the server or the form, and confirmations. Announced to screen readers. */
import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function FormAlert({ status = 'error', children }: { status?: 'error' | 'success' | 'info' | 'warning'; children: ReactNode }) {
  return (
    // The margin keeps it off the screen's edge when a form scrolls it into view (pages/signup.tsx).
    <Alert.Root status={status} borderRadius="md" role={status === 'error' ? 'alert' : 'status'} scrollMarginTop="4">
      <Alert.Indicator />
      <Alert.Description>{children}</Alert.Description>
    </Alert.Root>
  );
}
