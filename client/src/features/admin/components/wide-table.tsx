/**
 * A table wider than a phone: it scrolls sideways inside its box, and below md a line says so (the
 * columns that matter most come first, so the rest is extra).
 */
import { Table, Text } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

export function WideTable({ children, ...props }: ComponentProps<typeof Table.ScrollArea>) {
  return (
    <>
      <Text hideFrom="md" fontSize="xs" color="fg.muted" mb="1" aria-hidden>
        Swipe sideways for more columns →
      </Text>
      <Table.ScrollArea {...props}>{children}</Table.ScrollArea>
    </>
  );
}
