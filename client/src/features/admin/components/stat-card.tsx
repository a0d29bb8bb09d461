import { Box, Card, Flex, Text } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * One headline number with its label, an icon and an optional line under it. On phones (two cards a row)
 * the icon is left out and the figure is smaller: a figure never breaks, a label breaks between words only.
 */
export function StatCard({
  label,
  value,
  icon: Icon,
  hint,
  palette = 'teal',
}: {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  hint?: ReactNode;
  palette?: 'teal' | 'blue' | 'green' | 'orange' | 'red' | 'purple';
}) {
  return (
    <Card.Root size="sm" variant="outline">
      <Card.Body>
        <Flex justify="space-between" align="flex-start" gap="3">
          <Box minW="0">
            <Text fontSize="sm" color="fg.muted" overflowWrap="normal" wordBreak="normal" hyphens="manual">
              {label}
            </Text>
            <Text fontSize={{ base: 'lg', sm: 'xl', '2xl': '2xl' }} fontWeight="bold" mt="1" lineHeight="short" whiteSpace="nowrap">
              {value}
            </Text>
            {hint ? (
              <Text fontSize="xs" color="fg.muted" mt="1">
                {hint}
              </Text>
            ) : null}
          </Box>
          <Flex
            hideBelow="sm"
            colorPalette={palette}
            bg="colorPalette.subtle"
            color="colorPalette.fg"
            borderRadius="l2"
            boxSize="10"
            align="center"
            justify="center"
            flexShrink={0}
          >
            <Icon size={20} aria-hidden />
          </Flex>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** A labelled figure inside a card (System Health, Recent Activity). */
export function Figure({ label, value, tone }: { label: string; value: ReactNode; tone?: 'red' | 'orange' | 'green' }) {
  return (
    <Box borderWidth="1px" borderRadius="l2" px="3" py="2.5">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="semibold" color={tone ? `${tone}.fg` : undefined}>
        {value}
      </Text>
    </Box>
  );
}
