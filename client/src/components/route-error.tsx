import { Button, Container, Heading, Text, VStack } from '@chakra-ui/react';
import { useT } from '@/i18n';

/** Shown when a page fails to load or throws: a clear message instead of a blank screen. */
export function RouteError() {
  const { t } = useT();
  return (
    <Container maxW="lg" py="24">
      <VStack gap="4" textAlign="center">
        <Heading size="xl">{t('layout.routeError.title')}</Heading>
        <Text color="fg.muted">{t('layout.routeError.message')}</Text>
        <Button onClick={() => window.location.reload()} colorPalette="teal">
          {t('layout.routeError.reload')}
        </Button>
      </VStack>
    </Container>
  );
}
