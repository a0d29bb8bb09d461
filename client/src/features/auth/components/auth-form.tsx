/** The form inside an auth card: fields stacked, browser validation off (the page shows its own messages). */
import { Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

export function AuthForm({
  onSubmit,
  label,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  label: string;
  children: ReactNode;
}) {
  return (
    <Stack asChild gap="5">
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        {children}
      </form>
    </Stack>
  );
}
