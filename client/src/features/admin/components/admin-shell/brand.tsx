/** The logo link to the admin home; only the shield when the sidebar is collapsed. */
import { Badge, HStack, Text } from '@chakra-ui/react';
import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';

export function Brand({ compact }: { compact?: boolean }) {
  return (
    <HStack asChild gap="2" fontWeight="bold" fontSize="md" color="brand.fg" minW="0">
      <Link to="/dashboard" aria-label="Escrow Kenya admin home">
        <ShieldCheck aria-hidden style={{ flexShrink: 0 }} />
        {compact ? null : (
          <>
            <Text as="span" whiteSpace="nowrap">
              Escrow Kenya
            </Text>
            <Badge size="sm" variant="surface" colorPalette="teal" flexShrink={0}>
              Admin
            </Badge>
          </>
        )}
      </Link>
    </HStack>
  );
}
