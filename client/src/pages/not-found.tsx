/** Unknown paths: a clear message and the ways back. */
import { Button, Container, Flex, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Home } from 'lucide-react';
import { useLocation } from 'react-router';
import { useT, type MessageKey } from '@/i18n';
import { Link } from '@/i18n/link';
import { SERVICE_PAGES } from '@/features/marketing/constants';
import { useIsHydrated } from '@/lib/use-is-hydrated';

const POPULAR_PAGES: { to: string; label: MessageKey }[] = [
  ...SERVICE_PAGES.map((page) => ({ to: page.to, label: `layout.services.${page.key}.label` as const })),
  { to: '/pricing', label: 'layout.nav.pricing' },
  { to: '/#contact', label: 'layout.nav.contact' },
];

export default function NotFoundPage() {
  const location = useLocation();
  const { t } = useT();
  // One prerendered 404.html answers every unknown path: the path itself is filled in by the browser.
  const isHydrated = useIsHydrated();
  return (
    <Container maxW="2xl" py={{ base: '16', md: '24' }}>
      <Stack gap="6" align="center" textAlign="center">
        <Text fontSize="6xl" fontWeight="bold" color="brand.fg" lineHeight="1" aria-hidden>
          404
        </Text>
        <Heading as="h1" size="3xl">
          {t('layout.notFound.title')}
        </Heading>
        <Text color="fg.muted">
          {isHydrated ? (
            <>
              {t('layout.notFound.couldNotFind')}{' '}
              <Text as="code" fontFamily="mono" wordBreak="break-all">
                {location.pathname}
              </Text>
              .
            </>
          ) : (
            t('layout.notFound.couldNotFindThis')
          )}{' '}
          {t('layout.notFound.mayHaveMoved')}
        </Text>
        <Button asChild colorPalette="teal">
          <Link to="/">
            <Home aria-hidden /> {t('layout.notFound.backHome')}
          </Link>
        </Button>
        <Flex as="nav" aria-label={t('layout.notFound.popular')} gap="4" wrap="wrap" justify="center" fontSize="sm">
          {POPULAR_PAGES.map((page) => (
            <ChakraLink key={page.to} asChild color="brand.fg">
              <Link to={page.to}>{t(page.label)}</Link>
            </ChakraLink>
          ))}
        </Flex>
      </Stack>
    </Container>
  );
}
