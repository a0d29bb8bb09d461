/** Unknown paths: a clear message and the ways back. */
import { Button, Container, Flex, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Home } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { SERVICE_PAGES } from '@/features/marketing/constants';
import { useIsHydrated } from '@/lib/use-is-hydrated';

export default function NotFoundPage() {
  const location = useLocation();
  // One prerendered 404.html answers every unknown path: the path itself is filled in by the browser.
  const isHydrated = useIsHydrated();
  return (
    <Container maxW="2xl" py={{ base: '16', md: '24' }}>
      <Stack gap="6" align="center" textAlign="center">
        <Text fontSize="6xl" fontWeight="bold" color="brand.fg" lineHeight="1" aria-hidden>
          404
        </Text>
        <Heading as="h1" size="3xl">
          Page not found
        </Heading>
        <Text color="fg.muted">
          {isHydrated ? (
            <>
              We could not find{' '}
              <Text as="code" fontFamily="mono" wordBreak="break-all">
                {location.pathname}
              </Text>
              .
            </>
          ) : (
            'We could not find this page.'
          )}{' '}
          It may have moved, or the link may be mistyped.
        </Text>
        <Button asChild colorPalette="teal">
          <Link to="/">
            <Home aria-hidden /> Back to the home page
          </Link>
        </Button>
        <Flex as="nav" aria-label="Popular pages" gap="4" wrap="wrap" justify="center" fontSize="sm">
          {[...SERVICE_PAGES, { to: '/pricing', label: 'Pricing' }, { to: '/#contact', label: 'Contact' }].map((page) => (
            <ChakraLink key={page.to} asChild color="brand.fg">
              <Link to={page.to}>{page.label}</Link>
            </ChakraLink>
          ))}
        </Flex>
      </Stack>
    </Container>
  );
}
