/**
 * The frame of the sign-in pages (no public header or footer, docs/product-rules.md §2): the brand linking home, the
 * language switch, the theme toggle, and one card that fits a 360 px screen.
 */
import { Box, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { ColorModeButton } from '@/components/ui/color-mode';
import { useT } from '@/i18n';
import { Link, useLanguageOfPage } from '@/i18n/link';

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Shown under the card (links to the other auth pages). */
  footer?: ReactNode;
  /** Wider card for longer forms (sign-up). */
  isWide?: boolean;
}

export function AuthLayout({ title, subtitle, children, footer, isWide = false }: AuthLayoutProps) {
  useLanguageOfPage();
  const { t } = useT();
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <Flex as="header" align="center" justify="space-between" px={{ base: '4', md: '8' }} py="4">
        <HStack asChild gap="2" fontWeight="bold" fontSize="lg" color="brand.fg">
          <Link to="/" aria-label={t('auth.layout.home')}>
            <ShieldCheck aria-hidden />
            <span>Escrow Kenya</span>
          </Link>
        </HStack>
        <HStack gap="1">
          <LanguageSwitch />
          <ColorModeButton />
        </HStack>
      </Flex>
      <Flex as="main" flex="1" direction="column" align="center" px={{ base: '3', sm: '4' }} pt={{ base: '2', md: '8' }} pb="12">
        <Box
          w="full"
          maxW={isWide ? 'xl' : 'md'}
          bg="bg"
          borderWidth="1px"
          borderColor="border.muted"
          borderRadius="xl"
          boxShadow="sm"
          px={{ base: '5', sm: '8' }}
          py={{ base: '6', sm: '8' }}
        >
          <Stack gap="1" mb="6">
            <Heading as="h1" size="2xl" letterSpacing="tight">
              {title}
            </Heading>
            {subtitle && <Text color="fg.muted">{subtitle}</Text>}
          </Stack>
          {children}
        </Box>
        {footer && (
          <Box mt="6" textAlign="center" color="fg.muted" fontSize="sm" maxW={isWide ? 'xl' : 'md'} w="full">
            {footer}
          </Box>
        )}
      </Flex>
    </Flex>
  );
}
