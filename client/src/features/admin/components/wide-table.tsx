/**
 * A table wider than a phone: it scrolls sideways inside its box, and below md a line says so (the
 * columns that matter most come first, so the rest is extra). The box is a named region in the tab
 * order, so a keyboard can scroll it too: a table with no link or button inside (the SMS outbox) could
 * otherwise never show its last columns without a mouse or a finger (WCAG 2.1.1; axe
 * "scrollable-region-focusable").
 */
import { Table, Text } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

export function WideTable({ children, label, ...props }: ComponentProps<typeof Table.ScrollArea> & { label: string }) {
  return (
    <>
      <Text hideFrom="md" fontSize="xs" color="fg.muted" mb="1" aria-hidden>
        Swipe sideways for more columns →
      </Text>
      <Table.ScrollArea role="region" aria-label={label} tabIndex={0} focusVisibleRing="inside" {...props}>
        {children}
      </Table.ScrollArea>
    </>
  );
}
